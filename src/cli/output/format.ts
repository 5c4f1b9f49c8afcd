// Units for people: the JSON form keeps the raw numbers.
import { dateOf } from '../../clock.ts';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** `12.5 MB/s` from bytes per second (decimal units, as network speeds are quoted). */
export function bytesPerSecond(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  let amount = value;
  let unit = 0;
  while (amount >= 1000 && unit < UNITS.length - 1) {
    amount /= 1000;
    unit++;
  }
  return `${amount >= 100 || unit === 0 ? Math.round(amount) : amount.toFixed(1)} ${UNITS[unit]}/s`;
}

export function fixed(value: number | undefined, digits = 1, suffix = ''): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  return `${value.toFixed(digits)}${suffix}`;
}

/** `1,234,567` */
export function integer(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  return Math.round(value).toLocaleString('en-US');
}

/** `2026-01-01 12:00 UTC` from an RFC 3339 string or epoch milliseconds; `unknown` for no time. */
export function timestamp(value: string | number | undefined): string {
  if (value === undefined) return '-';
  const date = dateOf(value);
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'unknown';
}
