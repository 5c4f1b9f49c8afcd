// How fresh the figures of a live view are, in words for the line under them: loading,
// live (the header says when the next refresh comes), or, after a failed refresh, that
// the figures shown are stale, when they were fetched and when the next try comes. Both
// are clock times: an age or a countdown would redraw the whole screen every second, and
// nothing on an idle screen moves between refreshes. No React: the panes' views use it.
import { explainError } from '../../api/error-words.ts';
import { formatClockTime, formatPeriodAtSpeed } from '../../format/numbers.ts';
import type { ResourceState } from '../../store/resource.ts';
import type { KeyNames } from '../keys/key-names.ts';
import { fieldsOf } from '../view-fields.ts';

export type Freshness = Pick<
  ResourceState<unknown>,
  'error' | 'loading' | 'fetchedAt' | 'nextAt' | 'everyMs'
> & {
  hasData: boolean;
};

/** The line: a spinner while the first answer is on its way, else words and how they stand out. */
export type FreshnessLine =
  | { kind: 'loading' }
  | { kind: 'text'; text: string; tone: 'error' | 'warn' | 'muted' };

/** What a pane's state keeps of a live resource: its answer and how fresh it is, each the store's own value. */
export type LiveFields<T> = Pick<
  ResourceState<T>,
  'data' | 'error' | 'loading' | 'fetchedAt' | 'nextAt' | 'everyMs'
>;

/**
 * A live resource's fields a pane's state keeps (its one hook compares them shallowly).
 * `loading` only while nothing has come yet: a refresh under data shows nothing of it, so
 * its start draws no frame.
 */
export const liveFields = <T>(state: ResourceState<T>): LiveFields<T> => ({
  ...fieldsOf(state, ['data', 'error', 'fetchedAt', 'nextAt', 'everyMs']),
  loading: state.loading && state.data === undefined,
});

/** The state's fields the line reads (a view's state keeps them, so equal states draw alike). */
export const freshnessOf = (state: Omit<Freshness, 'hasData'> & { data?: unknown }): Freshness => ({
  error: state.error,
  loading: state.loading,
  fetchedAt: state.fetchedAt,
  nextAt: state.nextAt,
  everyMs: state.everyMs,
  hasData: state.data !== undefined,
});

/** The words under a live view of a resource's `state` (its fields a pane keeps: liveFields). */
export const liveStatus = (state: LiveFields<unknown>, speed: number, keys: KeyNames): FreshnessLine =>
  freshnessLine(freshnessOf(state), speed, keys);

/**
 * The words under a live view. `speed`: the store clock's (a sped-up simulator's period
 * is said in real time too).
 */
export function freshnessLine(state: Freshness, speed: number, keys: KeyNames): FreshnessLine {
  if (state.loading && !state.hasData && !state.error) return { kind: 'loading' };
  const retry =
    state.nextAt === undefined
      ? `press ${keys.refresh} to retry`
      : `retrying at ${formatClockTime(state.nextAt)}`;
  if (state.error) {
    const what = explainError(state.error, 'console');
    if (!state.hasData) return { kind: 'text', tone: 'error', text: `✗ ${what} · ${retry}` };
    const fetched =
      state.fetchedAt === undefined ? '' : ` · data fetched at ${formatClockTime(state.fetchedAt)}`;
    return { kind: 'text', tone: 'warn', text: `⚠ stale${fetched} · ${retry} · ${what}` };
  }
  if (state.fetchedAt === undefined) return { kind: 'text', tone: 'muted', text: 'loading…' };
  // When the next refresh comes is in the header (one clock on screen, not two).
  return {
    kind: 'text',
    tone: 'muted',
    text:
      state.nextAt === undefined
        ? `${keys.refresh} refreshes`
        : `live, every ${formatPeriodAtSpeed(state.everyMs, speed)} · ${keys.refresh} refreshes now`,
  };
}
