// Text as a place search compares it, for the simulator's search and netdeck's own
// matching alike: the service folds names and queries to ASCII before it compares them
// (server: search/search_utils.go NormalizeForSearch, unidecode, then lower case and
// single spaces), so `sao paulo` finds São Paulo and `são` finds Sao. This folds the
// Latin letters place names are written in; the service's transliteration of other
// scripts (東京 becomes "dong jing") takes a table this leaf does not carry.

/** Latin letters that have no decomposition to take their marks off, as unidecode writes them. */
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŋ: 'ng',
  Ŋ: 'ng',
  '‘': "'",
  '’': "'",
};
const LATIN_LETTER = new RegExp(`[${Object.keys(LATIN_LETTERS).join('')}]`, 'g');

/** Marks off, the Latin letters without a decomposition spelled in ASCII, lower case, spaces single. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(LATIN_LETTER, (letter) => LATIN_LETTERS[letter])
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
