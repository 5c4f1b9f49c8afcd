// What the header names, apart from Ink: the first paint (src/cli/console/first-paint.ts)
// writes the same words before Ink has loaded.
import { hideUrlCredentials } from '../../api/auth.ts';
import { screenText } from '../../sanitize.ts';
import type { SessionTarget } from '../../store/session.ts';
import { truncate } from '../text.ts';

export function targetLabel(target: SessionTarget): string {
  return target.kind === 'demo'
    ? `SIMULATOR seed ${target.seed}`
    : screenText(hideUrlCredentials(target.url));
}

/**
 * The header's left part: the profile in use (as k9s names its context), the target and
 * the network the token names; `compact` leaves out the program's name.
 */
export function headerTitle(
  { target, network, profile }: { target: SessionTarget; network?: string; profile?: string },
  compact: boolean,
): string {
  return [
    compact ? undefined : 'netdeck',
    profile ? `profile ${truncate(screenText(profile), 24)}` : undefined,
    targetLabel(target),
    network ? truncate(screenText(network), 24) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}
