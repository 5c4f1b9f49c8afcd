// One-line charts from eighth blocks. Scaled between the series' own min and max so a
// slowly moving figure still shows its shape; a flat series sits at half height, an
// all-zero one on the floor, and a missing value is a blank.

import { UNICODE_GLYPHS } from '../glyphs.ts';
import { resample } from './series.ts';

/** Eight heights from low to high: the Unicode table's (mono folds them as the frame is written). */
export const BLOCKS = UNICODE_GLYPHS.levels;

/** Level 1..levels of `value` in [lo, hi]; a flat range gives the middle (or 1 for zeros). */
export function scaleLevel(value: number, lo: number, hi: number, levels: number): number {
  if (hi <= lo) return hi === 0 ? 1 : Math.max(1, Math.round(levels / 2));
  return 1 + Math.round(((value - lo) / (hi - lo)) * (levels - 1));
}

/** At most `width` characters (fewer values are not stretched). */
export function sparkline(values: readonly (number | undefined)[], width = values.length): string {
  const columns = resample(values, width);
  const present = columns.filter((v): v is number => v !== undefined);
  if (!present.length) return ' '.repeat(columns.length);
  const lo = Math.min(...present);
  const hi = Math.max(...present);
  return columns.map((v) => (v === undefined ? ' ' : BLOCKS[scaleLevel(v, lo, hi, 8) - 1])).join('');
}
