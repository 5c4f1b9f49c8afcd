import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { keyName } from '../../src/ui/input/keys.ts';
import { editLine, type Line, lineAtEnd, lineChars, lineView } from '../../src/ui/input/line-edit.ts';

/** The line after each key in turn: a key name, or one character typed. */
function keys(line: Line, ...names: string[]): Line {
  for (const name of names) {
    const next = editLine(line, name, [...name].length === 1 ? name : '');
    if (!next) throw new Error(`key not taken: ${name}`);
    line = next;
  }
  return line;
}

const paste = (line: Line, text: string) => editLine(line, undefined, text)!;
/** The value with a | where the cursor is. */
const show = (line: Line) => {
  const chars = lineChars(line.value);
  return `${chars.slice(0, line.cursor).join('')}|${chars.slice(line.cursor).join('')}`;
};

describe('line editing', () => {
  const berlin = lineAtEnd('berlin');

  it('a value set from outside has the cursor at its end', () => {
    expect(show(berlin)).toBe('berlin|');
    expect(show(lineAtEnd(''))).toBe('|');
  });

  it('← and → move one character and stop at either end (the key is still taken)', () => {
    expect(show(keys(berlin, 'left', 'left'))).toBe('berl|in');
    expect(show(keys(berlin, 'right'))).toBe('berlin|');
    expect(show(keys(berlin, 'home', 'left'))).toBe('|berlin');
    expect(show(keys(berlin, 'home', 'right', 'right'))).toBe('be|rlin');
  });

  it('Home/End and ctrl-a/ctrl-e go to the start and the end', () => {
    expect(show(keys(berlin, 'home'))).toBe('|berlin');
    expect(show(keys(berlin, 'ctrl-a'))).toBe('|berlin');
    expect(show(keys(berlin, 'home', 'end'))).toBe('berlin|');
    expect(show(keys(berlin, 'home', 'ctrl-e'))).toBe('berlin|');
  });

  it('typing inserts at the cursor', () => {
    expect(show(keys(berlin, 'home', 'x', 'y'))).toBe('xy|berlin');
    expect(show(keys(lineAtEnd('brln'), 'left', 'left', 'left', 'e'))).toBe('be|rln');
    expect(show(keys(lineAtEnd('newyork'), 'left', 'left', 'left', 'left', 'space'))).toBe('new |york');
  });

  it('backspace deletes before the cursor, delete the character under it', () => {
    expect(show(keys(berlin, 'left', 'backspace'))).toBe('berl|n');
    expect(show(keys(berlin, 'home', 'backspace'))).toBe('|berlin');
    expect(show(keys(berlin, 'home', 'delete'))).toBe('|erlin');
    expect(show(keys(berlin, 'left', 'left', 'delete'))).toBe('berl|n');
    expect(show(keys(berlin, 'delete'))).toBe('berlin|');
    expect(show(keys(berlin, 'home', 'ctrl-d'))).toBe('|erlin');
  });

  it('ctrl-u deletes to the start, ctrl-k to the end, from the cursor', () => {
    expect(show(keys(berlin, 'left', 'left', 'ctrl-u'))).toBe('|in');
    expect(show(keys(berlin, 'ctrl-u'))).toBe('|');
    expect(show(keys(berlin, 'left', 'left', 'ctrl-k'))).toBe('berl|');
  });

  it('ctrl-w deletes the word before the cursor, with the spaces after it', () => {
    expect(show(keys(lineAtEnd('new york'), 'ctrl-w'))).toBe('new |');
    expect(show(keys(lineAtEnd('new york  '), 'ctrl-w'))).toBe('new |');
    expect(show(keys(lineAtEnd('new york city'), 'left', 'left', 'left', 'left', 'ctrl-w'))).toBe(
      'new |city',
    );
    expect(show(keys(lineAtEnd('new york'), 'home', 'ctrl-w'))).toBe('|new york');
  });

  it('a paste (several characters in one event) goes in at the cursor', () => {
    expect(show(paste(keys(lineAtEnd('ber'), 'home'), 'xx '))).toBe('xx |ber');
    expect(show(paste(keys(lineAtEnd('berin'), 'left', 'left'), 'l'))).toBe('berl|in');
    expect(show(paste(lineAtEnd(''), 'São Paulo'))).toBe('São Paulo|');
    // Control characters are not text: the box leaves them.
    expect(editLine(berlin, undefined, 'a\u0007b')).toBeUndefined();
  });

  it('a combining mark moves and deletes with its character', () => {
    const accented = lineAtEnd('Sa\u0303o'); // "São" with a combining tilde
    expect(lineChars(accented.value)).toEqual(['S', 'a\u0303', 'o']);
    expect(keys(accented, 'left', 'left').cursor).toBe(1);
    expect(keys(accented, 'left', 'backspace').value).toBe('So');
  });

  it('keys the box does not take pass on', () => {
    for (const name of ['up', 'down', 'tab', 'shift-tab', 'pgup', 'pgdn', 'ctrl-t']) {
      expect(editLine(berlin, name, '')).toBeUndefined();
    }
  });
});

describe('line view', () => {
  const chars = lineChars('abcdefghij');
  const text = (v: ReturnType<typeof lineView>) => `${v.before}[${v.at}]${v.after}`;

  it('a value that fits is shown whole, the cursor cell after it', () => {
    expect(text(lineView(chars, 10, 11))).toBe('abcdefghij[]');
    expect(text(lineView(chars, 3, 20))).toBe('abc[d]efghij');
  });

  it('a long value scrolls so the cursor stays in view, and only as far as needed', () => {
    const end = lineView(chars, 10, 5);
    expect(text(end)).toBe('ghij[]');
    // Moving left within the view does not scroll (the cell the cursor left at the end is used).
    const left = lineView(chars, 8, 5, end.start);
    expect(text(left)).toBe('fgh[i]j');
    // Leaving it on the left scrolls to the cursor.
    const home = lineView(chars, 0, 5, left.start);
    expect(text(home)).toBe('[a]bcde');
    expect(text(lineView(chars, 6, 5, home.start))).toBe('cdef[g]');
  });

  it('never draws more cells than the width, wide characters counted twice', () => {
    const wide = lineChars('東京都港区六本木');
    for (let cursor = 0; cursor <= wide.length; cursor++) {
      const v = lineView(wide, cursor, 7);
      const cells = [...`${v.before}${v.at}${v.after}`].length * 2 + (v.at ? 0 : 1);
      expect(cells).toBeLessThanOrEqual(7);
      expect(v.at).toBe(wide[cursor] ?? '');
    }
  });

  it('scrolls back when the value gets shorter', () => {
    const long = lineView(chars, 10, 5);
    expect(text(lineView(lineChars('abc'), 3, 5, long.start))).toBe('abc[]');
  });
});

describe('Delete and Backspace', () => {
  // Ink reports both as key.delete; the terminal's bytes tell them apart.
  const inkDelete = { delete: true } as Key;
  it('ESC [3~ is Delete, DEL (0x7f) and ctrl-h are Backspace', () => {
    expect(keyName('', inkDelete, '\u001b[3~')).toBe('delete');
    expect(keyName('', inkDelete, '\u001b[3;1:1~')).toBe('delete');
    expect(keyName('', inkDelete, '\u007f')).toBe('backspace');
    expect(keyName('', { backspace: true } as Key, '\b')).toBe('backspace');
    expect(keyName('', inkDelete)).toBe('backspace');
  });
});
