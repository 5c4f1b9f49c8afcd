// A pane's status line as its view says it (<pane>-view.ts): a failure with its reason, a
// spinner while something loads, or a line of words, in the warning colour where it
// warns and dim where it only hints.
import { Text } from 'ink';
import { useTheme } from '../context.tsx';
import { ErrorLine } from './error-line.tsx';
import { Spinner } from './spinner.tsx';

export type PaneStatus =
  | { kind: 'error'; error: Error; prefix: string }
  | { kind: 'loading'; label: string }
  | { kind: 'text'; text: string; tone?: 'warn' | 'dim' };

export function PaneStatusLine({ status, width }: { status: PaneStatus; width: number }) {
  const theme = useTheme();
  if (status.kind === 'error') return <ErrorLine error={status.error} width={width} prefix={status.prefix} />;
  if (status.kind === 'loading') return <Spinner label={status.label} />;
  return (
    <Text
      color={status.tone === 'warn' ? theme.warn : undefined}
      dimColor={status.tone === 'dim' && theme.dim}
      wrap="truncate"
    >
      {status.text}
    </Text>
  );
}
