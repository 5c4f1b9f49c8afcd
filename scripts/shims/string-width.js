// string-width with a fast path for the text a console draws. The package measures
// every line that is not plain ASCII grapheme by grapheme (Intl.Segmenter and Unicode
// property regular expressions), and a netdeck line nearly always has a ›, ▸, · or ●:
// the first frame spent ~80 ms there. Lines made only of characters that never join
// into a wider cluster (no combining marks, joiners, variation selectors, Hangul or
// astral characters) are summed from a per-character table, each entry asked of the
// real package once; anything else goes to the package as is.
const SIMPLE =
  /^[\x20-\x7e\u00a0-\u02ff\u0370-\u0482\u048a-\u0590\u2010-\u2027\u2030-\u205e\u2070-\u20cf\u2100-\u2bff]*$/;
const SGR = /\u001b\[[0-9;]*m/g;
const TABLE_SIZE = 0x2c00;
const MEMO_LIMIT = 4096;

/** Wraps one copy of string-width (each importer keeps its own version). */
export function fastStringWidth(real) {
  // width + 1 of each character; 0 while not yet asked
  const table = new Uint8Array(TABLE_SIZE);
  const memo = new Map();
  return function stringWidth(input, options) {
    if (typeof input !== 'string' || options !== undefined) return real(input, options);
    const known = memo.get(input);
    if (known !== undefined) return known;
    const text = input.includes('\u001b') ? input.replace(SGR, '') : input;
    let width;
    if (SIMPLE.test(text)) {
      width = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x7f) {
          width++;
          continue;
        }
        let entry = table[code];
        if (entry === 0) {
          entry = real(text[i]) + 1;
          table[code] = entry;
        }
        width += entry - 1;
      }
    } else {
      width = real(input);
    }
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(input, width);
    return width;
  };
}
