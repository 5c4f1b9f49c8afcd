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
function charWidth(ch: string): number {
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

/**
 * A status line of parts joined by ` · ` that fits in `width` cells: when not all fit, the
 * parts of the lowest rank get the room, the rest are left out whole (not cut mid-word),
 * and those shown keep their order. Parts without text are skipped.
 */
export function fitParts(parts: [rank: number, text: string | undefined][], width: number): string {
  const given = parts.filter((part): part is [number, string] => Boolean(part[1]));
  const kept = new Set<[number, string]>();
  let used = -3;
  for (const part of [...given].sort((a, b) => a[0] - b[0])) {
    const cost = displayWidth(part[1]) + 3;
    if (used + cost > width) continue;
    kept.add(part);
    used += cost;
  }
  const shown = given.filter((part) => kept.has(part)).map((part) => part[1]);
  return shown.length ? shown.join(' · ') : truncate(given[0]?.[1] ?? '', width);
}

/**
 * A table cell `width` cells wide whose text is cut one short, so a cut cell never runs
 * into the next one ("Germainestead L…Morocco").
 */
export function cell(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 1) return ' '.repeat(Math.max(0, width));
  const cut = padCells(s, width - 1, align);
  return align === 'right' ? ` ${cut}` : `${cut} `;
}

/** Pads (or cuts) to exactly `width` cells; `right` aligns numbers. */
export function padCells(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncate(s, width);
  const pad = ' '.repeat(Math.max(0, width - displayWidth(cut)));
  return align === 'right' ? pad + cut : cut + pad;
}

/** Splits `word` into pieces of at most `width` cells (a word longer than a line). */
function cutWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const ch of word) {
    const w = charWidth(ch);
    if (used + w > width && piece) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += ch;
    used += w;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Text broken into lines of at most `width` cells at its spaces (a longer word is cut).
 * The spaces a line breaks at go with the break: Ink's own wrapping carries them to the
 * start of the next line when the break falls exactly at the width. A line break in the
 * text starts a new line, and the indent at its start is kept where the first word fits.
 */
export function wrapText(text: string, width: number): string[] {
  const room = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const indent = /^ */.exec(paragraph)?.[0] ?? '';
    let line = '';
    let used = 0;
    for (const [, gap, word] of paragraph.slice(indent.length).matchAll(/( *)([^ ]+)/g)) {
      cutWord(word, room).forEach((piece, i) => {
        const lead = line ? (i === 0 ? gap : '') : indent;
        const cost = displayWidth(lead) + displayWidth(piece);
        if (used + cost <= room) {
          line += lead + piece;
          used += cost;
        } else {
          if (line) lines.push(line);
          line = piece;
          used = displayWidth(piece);
        }
      });
    }
    lines.push(line);
  }
  return lines;
}
