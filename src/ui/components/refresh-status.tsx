// One line under a live statistics view saying how fresh it is: loading, live (the
// header counts down to the next refresh), or, after a failed refresh, that the data
// shown is stale, how old it is, when the next retry comes and what failed.
import { Text } from 'ink';
import { explainError } from '../../api/error-words.ts';
import { formatAge, formatPeriodAtSpeed } from '../../format/numbers.ts';
import type { ResourceState } from '../../store/resource.ts';
import { useClock, useKeyNames, useTheme } from '../context.tsx';
import type { KeyNames } from '../keys/key-names.ts';
import { truncate } from '../text.ts';
import { Spinner } from './spinner.tsx';

type Freshness = Pick<
  ResourceState<unknown>,
  'error' | 'loading' | 'fetchedAt' | 'nextAt' | 'failures' | 'everyMs'
> & {
  hasData: boolean;
};

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The words of the line (without the spinner), for tests and for the component. `speed`:
 * the store clock's (a sped-up simulator's: its period is said in real time too).
 */
function freshnessText(state: Freshness, now: number, speed: number, keys: KeyNames): string {
  const next = state.nextAt === undefined ? undefined : seconds(state.nextAt - now);
  if (state.error) {
    const retry = next === undefined ? `press ${keys.refresh} to retry` : `retrying in ${formatAge(next)}`;
    const what = explainError(state.error, 'console');
    if (!state.hasData) return `✗ ${what} · ${retry}`;
    const age =
      state.fetchedAt === undefined ? '' : ` · data ${formatAge((now - state.fetchedAt) / 1000)} old`;
    return `⚠ stale${age} · ${retry} · ${what}`;
  }
  if (state.fetchedAt === undefined) return 'loading…';
  // The countdown itself is in the header (one clock on screen, not two slightly apart).
  return next === undefined
    ? `${keys.refresh} refreshes`
    : `live, every ${formatPeriodAtSpeed(state.everyMs, speed)} · ${keys.refresh} refreshes now`;
}

export function RefreshStatus({ state, now, width }: { state: Freshness; now: number; width: number }) {
  const theme = useTheme();
  const { speed } = useClock();
  const keys = useKeyNames();
  if (state.loading && !state.hasData && !state.error) return <Spinner label="loading…" />;
  const text = truncate(freshnessText(state, now, speed, keys), width);
  const color = state.error ? (state.hasData ? theme.warn : theme.error) : theme.muted;
  return (
    <Text color={color} wrap="truncate">
      {text}
    </Text>
  );
}
