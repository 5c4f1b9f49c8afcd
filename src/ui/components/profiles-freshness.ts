// How the views merged over every profile (My providers and Earnings, `a`) stand: which
// profile has nothing to show and why (it could not be opened, or its request failed: a
// refused token, an unreachable service), and the line under them: how many profiles
// answered, and the refresh. In clock-free words, as freshness.ts words one resource's.
import { explainError } from '../../api/error-words.ts';
import { describeError, isApiError } from '../../api/errors.ts';
import { countOf, formatPeriodAtSpeed } from '../../format/numbers.ts';
import { screenText } from '../../sanitize.ts';
import type { ProfileSnapshot } from '../../store/every-profile.ts';
import type { ResourceState } from '../../store/resource.ts';
import type { KeyNames } from '../keys/key-names.ts';
import type { FreshnessLine } from './freshness.ts';

/** The resource of a profile a merged view shows (its My providers, or its Earnings). */
export type ProfileResource = (
  p: ProfileSnapshot,
) => Pick<ResourceState<unknown>, 'data' | 'error' | 'everyMs'> | undefined;

/** Why a profile has nothing to show: it could not be opened, or its request failed with no answer before. */
export const profileFailure = (p: ProfileSnapshot, resource: ProfileResource): Error | undefined =>
  p.unopened ?? (resource(p)?.data ? undefined : resource(p)?.error);

/**
 * A failed profile's reason, in the console's words, but with its own way back: `L` logs
 * in the profile in use, not this one, so a refused token names the command that does.
 */
export function profileFailureWords(profile: string, failure: Error): string {
  const message = screenText(describeError(failure));
  if (isApiError(failure) && failure.kind === 'unauthorized')
    return `${message} · netdeck login --profile ${screenText(profile)} logs it in again`;
  return explainError(failure, 'console');
}

/** The line under a merged view: a spinner until a profile answers, then how many did and the refresh. */
export function profilesStatus(
  profiles: readonly ProfileSnapshot[],
  resource: ProfileResource,
  keys: KeyNames,
  speed: number,
): FreshnessLine {
  const loaded = profiles.filter((p) => resource(p)?.data !== undefined);
  const failed = profiles.filter((p) => profileFailure(p, resource)).length;
  if (!loaded.length && !failed) return { kind: 'loading' };
  const every = loaded.length ? resource(loaded[0])?.everyMs : undefined;
  return {
    kind: 'text',
    tone: failed ? 'warn' : 'muted',
    text: `${loaded.length} of ${countOf(profiles.length, 'profile')} loaded${failed ? `, ${failed} failed` : ''}${every ? ` · live, every ${formatPeriodAtSpeed(every, speed)}` : ''} · ${keys.refresh} refreshes them all now`,
  };
}
