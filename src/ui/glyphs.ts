// Every symbol the console draws, one table per kind of terminal: Unicode (the dark and
// light themes) and ASCII (mono: for fonts and terminals without block elements, braille,
// arrows or marks). Components take their symbols from the theme's table (useTheme().glyphs;
// the charts are given it), never as literals. What mono cannot draw by a table (the
// punctuation of 100 messages, `·` `…` `–` ’ “ ”, and text a service sent) `foldToAscii`
// turns into ASCII of the same width as the frame is written (src/cli/console/tui.tsx), so
// every character mono draws is ASCII or box drawing (U+2500-U+257F, which every
// terminal font has). No React, no imports beyond the text widths: the first paint uses it.
import { displayWidth } from './text.ts';

export interface Glyphs {
  /** Can a QR code be drawn (two module rows a line, with half blocks)? */
  qr: boolean;
  /** The cursor row's mark. */
  cursor: string;
  /** A row marked to be sent or acted on (Discover, Providers' used destinations aside). */
  marked: string;
  /** A client ticked in the stale view. */
  ticked: string;
  /** Connected, and not (My providers, Devices, the header). */
  on: string;
  off: string;
  /** A promoted group, the payout wallet, one's own network on the leaderboard. */
  star: string;
  /** A blocked country. */
  blocked: string;
  /** A country that opens in place, and one open. */
  closed: string;
  opened: string;
  /** The sorted column, largest (or Z) first, and smallest first. */
  descending: string;
  ascending: string;
  /** Arrow keys as the footer, the help and the palette write them. */
  up: string;
  down: string;
  left: string;
  right: string;
  /** An outcome: done, failed, a warning. */
  ok: string;
  fail: string;
  warn: string;
  /** The totals row. */
  total: string;
  scrollTrack: string;
  scrollThumb: string;
  /** A meter (uptime out of 24 h): full cells, empty ones, and the partial cell by eighths (none: whole cells only). */
  barFull: string;
  barEmpty: string;
  barEighths: readonly string[];
  progressDone: string;
  progressLeft: string;
  /** Eight heights from low to high: sparklines and charts. */
  levels: readonly string[];
  /** The connection timeline: connected, part of the cell, not connected. */
  timelineOn: string;
  timelineMixed: string;
  timelineOff: string;
  spinner: readonly string[];
}

export const UNICODE_GLYPHS: Glyphs = {
  qr: true,
  cursor: '›',
  marked: '●',
  ticked: '✓',
  on: '●',
  off: '○',
  star: '★',
  blocked: '⊘',
  closed: '▸',
  opened: '▾',
  descending: '▼',
  ascending: '▲',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  ok: '✓',
  fail: '✗',
  warn: '⚠',
  total: 'Σ',
  scrollTrack: '│',
  scrollThumb: '█',
  barFull: '█',
  barEmpty: '░',
  barEighths: ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'],
  progressDone: '█',
  progressLeft: '░',
  levels: ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'],
  timelineOn: '█',
  timelineMixed: '▒',
  timelineOff: '·',
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
};

export const ASCII_GLYPHS: Glyphs = {
  qr: false,
  cursor: '>',
  marked: '*',
  ticked: '+',
  on: '*',
  off: 'o',
  star: '*',
  blocked: 'x',
  closed: '+',
  opened: '-',
  descending: 'v',
  ascending: '^',
  up: '^',
  down: 'v',
  left: '<',
  right: '>',
  ok: '+',
  fail: 'x',
  warn: '!',
  total: '=',
  scrollTrack: '│',
  scrollThumb: '#',
  barFull: '#',
  barEmpty: '.',
  barEighths: [],
  progressDone: '#',
  progressLeft: '.',
  levels: ['_', '.', ',', '-', '~', '=', '*', '#'],
  timelineOn: '#',
  timelineMixed: '+',
  timelineOff: '.',
  spinner: ['|', '/', '-', '\\'],
};

/** Typography of the console's words, and of what a service sends, as ASCII of the same width. */
const PUNCTUATION: Record<string, string> = {
  '·': '|',
  '…': '.',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '×': 'x',
  '•': '*',
  '↻': '@',
  '⚠': '!',
  '‹': '<',
};

/** Each Unicode symbol as its ASCII stand-in, from the two tables, then the punctuation. */
const FOLD: ReadonlyMap<string, string> = (() => {
  const fold = new Map<string, string>();
  for (const key of Object.keys(UNICODE_GLYPHS) as (keyof Glyphs)[]) {
    const wide = UNICODE_GLYPHS[key];
    const narrow = ASCII_GLYPHS[key];
    if (typeof wide === 'string' && typeof narrow === 'string') fold.set(wide, narrow);
    else if (Array.isArray(wide) && Array.isArray(narrow))
      wide.forEach((glyph: string, i) => {
        if (glyph && !fold.has(glyph)) fold.set(glyph, narrow.length ? narrow[i % narrow.length] : '#');
      });
  }
  for (const [glyph, ascii] of Object.entries(PUNCTUATION)) fold.set(glyph, ascii);
  return fold;
})();

/** ASCII and box drawing: what mono draws as it is. */
export const isMonoSafe = (ch: string): boolean =>
  (ch >= ' ' && ch <= '~') || ch === '\n' || (ch >= '\u2500' && ch <= '\u257f');

const NEEDS_FOLD = /[^\x00-\x7f\u2500-\u257f]/;

/**
 * `text` with every character that is neither ASCII nor box drawing replaced by ASCII of
 * the same width (escape sequences are ASCII and pass): a symbol by the tables, a letter
 * with accents by its letter (`ü` u), anything else by `?` for each cell it takes (a
 * name in a script mono cannot draw: the user's terminal could not either).
 */
export function foldToAscii(text: string): string {
  if (!NEEDS_FOLD.test(text)) return text;
  let out = '';
  const chars = [...text];
  for (const [i, ch] of chars.entries()) {
    if (!NEEDS_FOLD.test(ch)) {
      out += ch;
      continue;
    }
    // `·` between words separates them (`|`); in a run (a timeline's off cells) it is a dot.
    if (ch === '·') {
      out += chars[i - 1] === ' ' && chars[i + 1] === ' ' ? '|' : '.';
      continue;
    }
    const known = FOLD.get(ch);
    if (known !== undefined) {
      out += known;
      continue;
    }
    const width = displayWidth(ch);
    // An accent (or another mark drawn over its letter) takes no cell.
    if (width === 0) continue;
    const base = ch.normalize('NFD')[0];
    out += base && base < '\x7f' && base >= ' ' ? base : '?'.repeat(width);
  }
  return out;
}
