// A horizontal meter with eighth-block resolution, e.g. uptime out of 24 hours.
// The symbols are the Unicode table's (mono folds the frame to ASCII as it is written).
import { UNICODE_GLYPHS } from '../glyphs.ts';

const { barEighths: EIGHTHS, barFull: BAR_FULL, barEmpty: BAR_EMPTY } = UNICODE_GLYPHS;

/** `value` of `max` as a bar exactly `width` characters wide. */
export function meterBar(value: number | undefined, max: number, width: number): string {
  if (width <= 0) return '';
  const ratio = value === undefined || !Number.isFinite(value) || max <= 0 ? 0 : value / max;
  const eighths = Math.round(Math.min(1, Math.max(0, ratio)) * width * 8);
  const full = Math.floor(eighths / 8);
  const partial = EIGHTHS[eighths % 8];
  return (BAR_FULL.repeat(full) + partial).padEnd(width, BAR_EMPTY);
}
