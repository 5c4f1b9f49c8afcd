// string-width with a fast path for the text a console draws. The package measures
// every line that is not plain ASCII grapheme by grapheme (Intl.Segmenter and Unicode
// property regular expressions), and a netdeck line nearly always has a ›, ▸, · or ●:
// the first frame spent ~80 ms there. Lines made only of characters that never join
// into a wider cluster (no combining marks, joiners, variation selectors, Hangul or
// astral characters) are summed character by character, from the widths the package
// itself gave each such character at build time (scripts/string-width-plugin.mjs).
// Anything else goes to the package as is, which loads only then: building its
// segmenter and regular expressions cost ~15 ms of every start.
const SIMPLE =
  /^[\x20-\x7e\u00a0-\u02ff\u0370-\u0482\u048a-\u0590\u2010-\u2027\u2030-\u205e\u2070-\u20cf\u2100-\u2bff]*$/;
const SGR = /\u001b\[[0-9;]*m/g;
const MEMO_LIMIT = 4096;
/** Every character of SIMPLE is below this. */
const SIMPLE_END = 0x2c00;

/** The widths other than 1 that `real` gives the characters of the fast path, each alone: { code: width }. */
export function simpleWidthExceptions(real) {
  const exceptions = {};
  for (let code = 0x20; code < SIMPLE_END; code++) {
    const char = String.fromCharCode(code);
    if (!SIMPLE.test(char)) continue;
    const width = real(char);
    if (width !== 1) exceptions[code] = width;
  }
  return exceptions;
}

/**
 * Wraps one copy of string-width (each importer keeps its own version): `loadReal` loads
 * it when first needed, `exceptions` is what simpleWidthExceptions found in it.
 */
export function fastStringWidth(loadReal, exceptions) {
  let loaded;
  const real = (input, options) => {
    loaded ??= loadReal();
    return loaded(input, options);
  };
  const widths = new Uint8Array(SIMPLE_END).fill(1);
  for (const [code, width] of Object.entries(exceptions)) widths[Number(code)] = width;
  const memo = new Map();
  return function stringWidth(input, options) {
    if (typeof input !== 'string' || options !== undefined) return real(input, options);
    const known = memo.get(input);
    if (known !== undefined) return known;
    const text = input.includes('\u001b') ? input.replace(SGR, '') : input;
    let width;
    if (SIMPLE.test(text)) {
      width = 0;
      for (let i = 0; i < text.length; i++) width += widths[text.charCodeAt(i)];
    } else {
      width = real(input);
    }
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(input, width);
    return width;
  };
}
