// What the header names as the console's target, apart from Ink: the first paint
// (src/cli/console/first-paint.ts) writes the same words before Ink has loaded.
import { hideUrlCredentials } from '../../api/auth.ts';
import { screenText } from '../../sanitize.ts';
import type { SessionTarget } from '../../store/session.ts';

export function targetLabel(target: SessionTarget): string {
  return target.kind === 'demo'
    ? `SIMULATOR seed ${target.seed}`
    : screenText(hideUrlCredentials(target.url));
}
