// The one sanitiser of outside text (src/sanitize.ts), used by the console and commands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clip,
  jsonText,
  MAX_MESSAGE_CHARS,
  sanitize,
  sanitizeOutput,
  serverMessage,
} from '../src/sanitize.ts';
import { RAW_CONTROL } from './hostile.ts';

describe('sanitize', () => {
  it('removes whole CSI, OSC and string sequences: no clear-screen, title, clipboard or hyperlink', () => {
    expect(sanitize('evil\u001b[2J\u001b[Hname')).toBe('evilname');
    expect(sanitize('\u001b]0;pwned title\u0007Berlin')).toBe('Berlin');
    expect(sanitize('\u001b]52;c;c2VjcmV0\u0007x')).toBe('x');
    expect(sanitize('\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(sanitize('\u001bPq#0;2;0;0;0\u001b\\x')).toBe('x');
    expect(sanitize('reset\u001bc')).toBe('reset');
  });

  it('removes the C1 forms too (U+009B CSI, U+009D OSC) and every other control', () => {
    expect(sanitize('a\u009b31mb')).toBe('ab');
    expect(sanitize('a\u009d0;title\u009cb')).toBe('ab');
    expect(sanitize('a\u0000b\u0007c\u007fd\u0085e')).toBe('abcd e');
  });

  it('turns CR, LF, tabs and line separators into spaces: one field, one line', () => {
    expect(sanitize('line1\nline2\tend\r')).toBe('line1 line2 end ');
    expect(sanitize('a\u2028b\u2029c')).toBe('a b c');
  });

  it('drops bidi overrides and isolates and other format characters that hide or reorder text', () => {
    expect(sanitize('abc\u202edcba')).toBe('abcdcba');
    expect(sanitize('\u2066x\u2067y\u2068z\u2069\u202a\u202b\u202c\u202d')).toBe('xyz');
    expect(sanitize('in\u200bvisible\u2060\ufeff\u200e\u200f\u061c')).toBe('invisible');
    // Tag characters spell hidden ASCII; fillers draw as blanks.
    expect(sanitize('ok\u{e0041}\u{e0042}\u3164\u115f')).toBe('ok');
  });

  it('keeps ordinary text, accents, wide characters and emoji (joiners included)', () => {
    expect(sanitize('São Paulo 東京 🙂')).toBe('São Paulo 東京 🙂');
    expect(sanitize('👩\u200d💻 می\u200cخواهم')).toBe('👩\u200d💻 می\u200cخواهم');
    expect(sanitize(undefined)).toBe('');
    expect(sanitize(null)).toBe('');
    expect(sanitize(42)).toBe('42');
  });

  it('replaces a lone surrogate, which is no character', () => {
    expect(sanitize('a\ud800b')).toBe('a\ufffdb');
    expect(sanitize('🙂')).toBe('🙂');
  });

  it('leaves no raw control in any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        expect(sanitize(text)).not.toMatch(RAW_CONTROL);
        expect(sanitize(text)).not.toMatch(/[\n\r\t]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('serverMessage', () => {
  it('folds the lines of a message into one and cuts a long one with an ellipsis', () => {
    const long = `Error:\r\n   ${'x'.repeat(10_000)}`;
    const shown = serverMessage(long);
    expect([...shown]).toHaveLength(MAX_MESSAGE_CHARS);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('Error: | xxx')).toBe(true);
    expect(serverMessage('  Not authorized.\n')).toBe('Not authorized.');
  });

  it('says it was cut even when what is left of the start is short', () => {
    const shown = serverMessage(`oops${'\u0007'.repeat(5_000)}tail`);
    expect(shown).toBe('oops…');
  });

  it('clip counts characters, not UTF-16 units', () => {
    expect(clip('🙂🙂🙂', 2)).toBe('🙂…');
    expect(clip('🙂🙂', 2)).toBe('🙂🙂');
  });
});

describe('jsonText', () => {
  it('writes DEL, C1, bidi and format characters as \\u escapes: the same value, valid JSON', () => {
    const value = { name: 'a\u009b2Jb\u202ec\u007fd\u2028e', plain: 'São 東京', esc: '\u001b[2J' };
    const text = jsonText(value, 2);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain('\\u009b');
    expect(text).toContain('\\u202e');
    expect(text).toContain('São 東京');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps any JSON value equal', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const json = jsonText({ value, text });
        expect(json).not.toMatch(RAW_CONTROL);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify({ value, text })));
      }),
      { numRuns: 500 },
    );
  });
});

describe('sanitizeOutput', () => {
  it("keeps netdeck's own colours only when colour is on, and the line breaks", () => {
    const text = '\u001b[32monline\u001b[39m  a\u001b]0;x\u0007b\nnext\u202e';
    expect(sanitizeOutput(text, true)).toBe('\u001b[32monline\u001b[39m  ab\nnext');
    expect(sanitizeOutput(text, false)).toBe('online  ab\nnext');
  });
});
