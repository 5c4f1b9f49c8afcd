// A progress bar as text: `width` cells, filled in proportion to `done` of `total`
// (never past full: a count listed earlier may be below what the service gives now).
import { UNICODE_GLYPHS } from '../glyphs.ts';

export const { progressDone: PROGRESS_DONE, progressLeft: PROGRESS_LEFT } = UNICODE_GLYPHS;

export function progressBar(done: number, total: number, width: number): string {
  const cells = Math.max(0, Math.floor(width));
  const share = total > 0 ? Math.max(0, Math.min(1, done / total)) : 0;
  // Full only when done: a bar that looks full while batches still go out misleads.
  const filled = share >= 1 ? cells : Math.min(cells - 1, Math.floor(share * cells));
  return (
    PROGRESS_DONE.repeat(Math.max(0, filled)) + PROGRESS_LEFT.repeat(Math.max(0, cells - Math.max(0, filled)))
  );
}
