// "Did you mean": the closest of the known words to a mistyped one, by edit distance
// (a swap of two neighbours counts as one edit), or none when nothing is close. The table
// grows with the product of the two lengths, and the word may come from a file (a key
// of the config a megabyte long): only words of a name's length are compared.

/** The longest word compared: no name netdeck knows comes near it. */
export const MAX_COMPARED_CHARS = 64;

/** Edits (insert, delete, replace, swap of neighbours) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/**
 * The known word closest to `word` (case and `-`/`_` ignored), if within a third of its
 * length; none for a word (or a candidate) longer than MAX_COMPARED_CHARS.
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  if (word.length > MAX_COMPARED_CHARS) return undefined;
  const plain = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    if (candidate.length > MAX_COMPARED_CHARS) continue;
    const distance = editDistance(plain(word), plain(candidate));
    if (!best || distance < best.distance) best = { word: candidate, distance };
  }
  const limit = Math.max(1, Math.floor(word.length / 3));
  return best && best.distance <= limit ? best.word : undefined;
}

/** ` (did you mean X?)`, or nothing. */
export function didYouMean(word: string, known: readonly string[], quote = ''): string {
  const match = closest(word, known);
  return match ? ` (did you mean ${quote}${match}${quote}?)` : '';
}

/**
 * Commander's own suggestion (an unknown option: `\n(Did you mean --count?)`) in the words
 * of didYouMean, on the line it belongs to: an error is printed as one line, and a line
 * break there became ` | `.
 */
export const commanderSuggestionInOurWords = (message: string): string =>
  message.replace(/\s*\(Did you mean /g, ' (did you mean ');
