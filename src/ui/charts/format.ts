// Number and unit formatting for the statistics panes. Locale-independent on purpose:
// snapshots and screenshots read the same everywhere.

/** Shown where a figure is absent. */
export const MISSING = '–';
/** Shown for a figure the service did not send (a count, a tier): not known, never 0. */
export const NOT_SENT = '?';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number with `decimals` fixed decimals and thousands separators: 12,345.68. */
export function formatDecimal(n: number | undefined, decimals: number): string {
  if (n === undefined || !Number.isFinite(n)) return MISSING;
  const fixed = Math.abs(n).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + groupThousands(whole) + (fraction ? `.${fraction}` : '');
}

/** A count: rounded, with thousands separators (1,234,567). */
export function formatCount(n: number | undefined): string {
  return formatDecimal(n, 0);
}

/** A short figure for axes and cards: 999, 1.2k, 45.3M, 7.0G. */
export function formatCompact(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return MISSING;
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
  if (n === undefined || !Number.isFinite(n)) return MISSING;
  return Math.abs(n) >= 1024 ? `${formatDecimal(n / 1024, 2)} TiB` : `${formatFigure(n, 2)} GiB`;
}

const BINARY_PREFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** A quantity in binary prefixes of `unit`: "512 B", "1.50 KiB", "68.25 TiB". */
function binary(n: number | undefined, unit: string): string {
  if (n === undefined || !Number.isFinite(n)) return MISSING;
  let value = n;
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
  return n === undefined ? MISSING : formatBytes(n * 2 ** 20);
}

/** Mibit/s (/stats/last-90's transfer rate today) with a fitting prefix: "6.74 Gibit/s". */
export function formatMibitRate(n: number | undefined): string {
  return n === undefined ? MISSING : binary(n * 2 ** 20, 'bit/s');
}

/** USDC with 4 decimals (payouts of a day are often cents). */
export function formatUsdc(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? MISSING : `${formatDecimal(n, 4)} USDC`;
}

/** Hours with one decimal: "23.5h". */
export function formatHours(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? MISSING : `${n.toFixed(1)}h`;
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
