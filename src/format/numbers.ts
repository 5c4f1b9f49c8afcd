// How figures read, for the console and the commands alike: one formatter for counts
// (thousands separated by commas), decimals, units (bytes with binary prefixes, speeds
// with decimal ones, US dollars, hours), durations and times. Locale-independent on purpose:
// snapshots, screenshots and scripts read the same everywhere. A leaf: it imports only
// src/clock.ts.
import { dateOf } from '../clock.ts';

/**
 * Shown where a figure is absent (the console's and the commands' tables alike), and
 * where it is no figure (isFigure).
 */
export const MISSING = '–';
/** Shown for a figure the service did not send (a count, a tier): not known, never 0. */
export const NOT_SENT = '?';

/**
 * Whether `n` is a figure to show: finite, and within what a double counts exactly
 * (Number.MAX_SAFE_INTEGER, the bound the contract puts on the service's integers). Past
 * it a figure is absurd (a payout of 1e308 nano-cents, 1.55e290 bytes) or a sum that
 * overflowed: the tables and the console show it as MISSING, CSV as an empty cell, never
 * `Infinity` or `1.55e+290 EiB`. `--json` keeps the service's numbers as sent.
 */
export function isFigure(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number with `decimals` fixed decimals and thousands separators: 12,345.68. */
export function formatDecimal(n: number | undefined, decimals: number): string {
  if (!isFigure(n)) return MISSING;
  const fixed = Math.abs(n).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + groupThousands(whole) + (fraction ? `.${fraction}` : '');
}

/** A count: rounded, with thousands separators (1,234,567). */
export function formatCount(n: number | undefined): string {
  return formatDecimal(n, 0);
}

/** A count with its noun, singular for one: "1 match", "2 matches", "1 place". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A list cursor's place, counted from one: "row 35 of 2,213". */
export function rowOf(index: number, count: number): string {
  return `row ${formatCount(Math.min(count, index + 1))} of ${formatCount(count)}`;
}

/** A short figure for axes and cards: 999, 1.2k, 45.3M, 7.0G. */
export function formatCompact(n: number | undefined): string {
  if (!isFigure(n)) return MISSING;
  const abs = Math.abs(n);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = n / size;
      return `${Math.abs(scaled) >= 100 ? scaled.toFixed(0) : scaled.toFixed(1)}${suffix}`;
    }
  }
  return Number.isInteger(n) ? String(n) : n.toFixed(abs >= 10 ? 1 : 2);
}

/** Whole numbers without decimals (the network figures are integers), others with `decimals`. */
function formatFigure(n: number, decimals: number): string {
  return formatDecimal(n, Number.isInteger(n) ? 0 : decimals);
}

/** GiB, switching to TiB from 1024 GiB: "12.34 GiB", "527 GiB", "1.50 TiB". */
export function formatGiB(n: number | undefined): string {
  if (!isFigure(n)) return MISSING;
  return Math.abs(n) >= 1024 ? `${formatDecimal(n / 1024, 2)} TiB` : `${formatFigure(n, 2)} GiB`;
}

const BINARY_PREFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/**
 * A quantity in binary prefixes of `unit`: "512 B", "1.50 KiB", "68.25 TiB". `n` is in
 * `unit` times `scale` (MiB are 2^20 bytes): the figure as sent is what must be one.
 */
function binary(n: number | undefined, unit: string, scale = 1): string {
  if (!isFigure(n)) return MISSING;
  let value = n * scale;
  let prefix = 0;
  while (Math.abs(value) >= 1024 && prefix < BINARY_PREFIXES.length - 1) {
    value /= 1024;
    prefix++;
  }
  return `${formatFigure(value, 2)} ${BINARY_PREFIXES[prefix]}${unit}`;
}

/** Bytes with binary prefixes: /stats/last-90's transfer per day. */
export function formatBytes(n: number | undefined): string {
  return binary(n, 'B');
}

/** MiB (/stats/last-90's transfer summaries) as bytes with a fitting prefix. */
export function formatMiB(n: number | undefined): string {
  return binary(n, 'B', 2 ** 20);
}

/** Mibit/s (/stats/last-90's transfer rate today) with a fitting prefix: "6.74 Gibit/s". */
export function formatMibitRate(n: number | undefined): string {
  return binary(n, 'bit/s', 2 ** 20);
}

/** US dollars with 4 decimals (payouts of a day are often cents): the service's unit (the token sent is USDC). */
export function formatUsd(n: number | undefined): string {
  return isFigure(n) ? `${formatDecimal(n, 4)} USD` : MISSING;
}

/** Hours with one decimal: "23.5h". */
export function formatHours(n: number | undefined): string {
  return isFigure(n) ? `${n.toFixed(1)}h` : MISSING;
}

/** "45 s", "3 min", "2 h 5 min", "3 d 4 h": an age for "computed N s ago" and stale badges. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 120) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

const RATE_UNITS = ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s'];

/** 1 250 000 -> "1.25 MB/s" (decimal units, as speeds are sold). */
export function formatBytesPerSecond(bytesPerSecond: number | undefined): string {
  if (!isFigure(bytesPerSecond) || bytesPerSecond < 0) return MISSING;
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < RATE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${RATE_UNITS[unit]}`;
}

/** Seconds as a countdown: "45s", "3m 05s", "2h 10m", "3d 4h". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** `14:05` for 845 000 ms: minutes and seconds left, rounded up so 0:00 means gone. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Clock time as HH:MM:SS in the local zone (UTC in tests). */
export function formatClockTime(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** `2026-01-01 12:00 UTC` from an RFC 3339 string or epoch milliseconds; `unknown` for no time. */
export function formatTimestamp(value: string | number | undefined): string {
  if (value === undefined) return MISSING;
  const date = dateOf(value);
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'unknown';
}

const PERIOD_UNITS = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000 } as const;
/** The longest period: the service's *-last-n routes look back 8784 hours (366 days). */
export const MAX_PERIOD_MS = 8784 * 3_600_000;

/** `30m`, `12h`, `7d`, `2w` as ms: a whole number and a unit; undefined for anything else or past 366 days. */
export function parsePeriod(text: string): number | undefined {
  const match = /^\s*(\d{1,6})\s*([mhdw])\s*$/i.exec(text);
  if (!match) return undefined;
  const ms = Number(match[1]) * PERIOD_UNITS[match[2].toLowerCase() as keyof typeof PERIOD_UNITS];
  return ms > 0 && ms <= MAX_PERIOD_MS ? ms : undefined;
}

/** A period as `parsePeriod` reads it, in the largest unit that divides it (weeks as days): `7d`, `14d`, `90m`. */
export function formatPeriod(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const)
    if (ms % PERIOD_UNITS[unit] === 0) return `${ms / PERIOD_UNITS[unit]}${unit}`;
  return `${Math.max(1, Math.round(ms / PERIOD_UNITS.m))}m`;
}

/**
 * A wait in words, its two largest units: "3 days and 4 hours", "2 hours and 5 minutes",
 * "45 minutes", "less than a minute".
 */
export function formatWaitInWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'less than a minute';
  const parts: [number, string][] = [
    [Math.floor(minutes / 1440), 'day'],
    [Math.floor(minutes / 60) % 24, 'hour'],
    [minutes % 60, 'minute'],
  ];
  const first = parts.findIndex(([count]) => count > 0);
  const words = parts
    .slice(first, first + 2)
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`);
  return words.join(' and ');
}

/** A clock's speed as a factor: `60`, `0.5`, `2.25` (three significant digits at most). */
export function formatFactor(speed: number): string {
  return String(Number(speed.toPrecision(3)));
}

/**
 * A period of a sped-up clock with what it is in real time: `60 s (1 s at 60x)`; just
 * the period when the clock runs at real time.
 */
export function formatPeriodAtSpeed(ms: number, speed: number): string {
  const period = formatAge(ms / 1000);
  if (speed === 1) return period;
  const real = ms / speed / 1000;
  const realText = real >= 10 ? formatAge(real) : `${Number(real.toPrecision(2))} s`;
  return `${period} (${realText} at ${formatFactor(speed)}x)`;
}
