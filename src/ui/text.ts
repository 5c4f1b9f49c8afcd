// Text helpers for drawing: widths counted in terminal cells, cutting and padding by
// them. Every string that comes from the server goes through `screenText` (src/sanitize.ts)
// before it is drawn.

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff
  );
}

/** Terminal cells one character takes. */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (isZeroWidth(cp)) return 0;
  return isWide(cp) ? 2 : 1;
}

/** Display width in terminal cells (wide CJK and emoji count two). */
export function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s) width += charWidth(ch);
  return width;
}

/** Cuts to `width` cells, ending in `…` when something was cut. */
export function truncate(s: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(s) <= width) return s;
  let out = '';
  let used = 0;
  for (const ch of s) {
    const w = charWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/** Pads (or cuts) to exactly `width` cells; `right` aligns numbers. */
export function padCells(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncate(s, width);
  const pad = ' '.repeat(Math.max(0, width - displayWidth(cut)));
  return align === 'right' ? pad + cut : cut + pad;
}

const RATE_UNITS = ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s'];

/** 1 250 000 -> "1.25 MB/s" (decimal units, as speeds are sold). */
export function formatBytesPerSecond(bytesPerSecond: number | undefined): string {
  if (bytesPerSecond === undefined || !Number.isFinite(bytesPerSecond) || bytesPerSecond < 0) return '–';
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < RATE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${RATE_UNITS[unit]}`;
}

/** Seconds as "45s", "3m 05s", "2h 10m", "3d 4h". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** Clock time as HH:MM:SS in the local zone (UTC in tests). */
export function formatClockTime(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** 12345 -> "12 345": thin groups read well in a terminal. */
export function formatCount(n: number | undefined): string {
  if (n === undefined) return '–';
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
