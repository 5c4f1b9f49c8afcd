// A share code set out large enough to read aloud.

/** `A B A N D O N`: a word in capitals with a space between letters. */
export const spaced = (word: string) => word.toUpperCase().split('').join(' ');

/**
 * The code's words numbered and letter-spaced, `perLine` to a line, every column padded
 * to the same width: `1  A B A N D O N    2  A B I L I T Y`.
 */
export function readAloudLines(code: string, perLine: number): string[] {
  const words = code.split(' ').filter(Boolean);
  const cells = words.map((word, i) => `${i + 1}  ${spaced(word)}`);
  const width = Math.max(0, ...cells.map((cell) => cell.length));
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += perLine) {
    lines.push(
      cells
        .slice(i, i + perLine)
        .map((cell) => cell.padEnd(width))
        .join('    ')
        .trimEnd(),
    );
  }
  return lines;
}

/** How many words per line fit `width` columns (at least one). */
export function wordsPerLine(code: string, width: number): number {
  const longest = Math.max(0, ...code.split(' ').map((word, i) => `${i + 1}  ${spaced(word)}`.length));
  for (const n of [3, 2]) if (n * longest + (n - 1) * 4 <= width) return n;
  return 1;
}
