// One line under a live statistics view saying how fresh it is (the words: freshness.ts):
// a spinner while loading, else the words in the colour of how they stand.
import { Text } from 'ink';
import { useClock, useKeyNames, useTheme } from '../context.tsx';
import { truncate } from '../text.ts';
import { type Freshness, type FreshnessLine, freshnessLine } from './freshness.ts';
import { Spinner } from './spinner.tsx';

/** The line as a view worded it. */
export function FreshnessText({ line, width }: { line: FreshnessLine; width: number }) {
  const theme = useTheme();
  if (line.kind === 'loading') return <Spinner label="loading…" />;
  const color = line.tone === 'error' ? theme.error : line.tone === 'warn' ? theme.warn : theme.muted;
  return (
    <Text color={color} wrap="truncate">
      {truncate(line.text, width)}
    </Text>
  );
}

/** The line of a resource's state. */
export function RefreshStatus({ state, width }: { state: Freshness; width: number }) {
  const { speed } = useClock();
  return <FreshnessText line={freshnessLine(state, speed, useKeyNames())} width={width} />;
}
