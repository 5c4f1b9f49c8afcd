// The editing of a one-line text box, without React: a value and a cursor, the keys that
// change them, and the part of a long value that fits a box while keeping the cursor in
// view. The cursor counts characters as drawn: a base character with the zero-width marks
// that follow it (a combining accent) is one, so ← never stops inside it.
import { displayWidth } from '../text.ts';
import { isPrintable } from './keys.ts';

export interface Line {
  value: string;
  /** Before which character the cursor stands: 0 at the start, the length at the end. */
  cursor: number;
}

/** The value's characters as drawn (a base character with its zero-width marks). */
export function lineChars(value: string): string[] {
  const out: string[] = [];
  for (const ch of value) {
    if (out.length && displayWidth(ch) === 0) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}

/** The line with the cursor at the end (a value set from outside the box). */
export const lineAtEnd = (value: string): Line => ({ value, cursor: lineChars(value).length });

const put = (chars: string[], cursor: number): Line => ({ value: chars.join(''), cursor });

/** Where the word before `cursor` starts (spaces right before the cursor go with it). */
function wordStart(chars: string[], cursor: number): number {
  let at = cursor;
  while (at > 0 && /\s/.test(chars[at - 1])) at--;
  while (at > 0 && !/\s/.test(chars[at - 1])) at--;
  return at;
}

/**
 * The line after one key: `name` as the keymap names it (undefined for a paste), `input`
 * the text it carries. Undefined when the box does not take the key (up/down, tab...: they
 * go on to the pane or dialog). Moves at either end are still taken, so a ← at the start
 * never reaches the pane behind the box.
 */
export function editLine(line: Line, name: string | undefined, input: string): Line | undefined {
  const chars = lineChars(line.value);
  const cursor = Math.max(0, Math.min(chars.length, line.cursor));
  switch (name) {
    case 'left':
    case 'ctrl-b':
      return put(chars, Math.max(0, cursor - 1));
    case 'right':
    case 'ctrl-f':
      return put(chars, Math.min(chars.length, cursor + 1));
    case 'home':
    case 'ctrl-a':
      return put(chars, 0);
    case 'end':
    case 'ctrl-e':
      return put(chars, chars.length);
    case 'backspace':
      if (cursor === 0) return put(chars, 0);
      return put([...chars.slice(0, cursor - 1), ...chars.slice(cursor)], cursor - 1);
    case 'delete':
    case 'ctrl-d':
      return put([...chars.slice(0, cursor), ...chars.slice(cursor + 1)], cursor);
    case 'ctrl-u':
      return put(chars.slice(cursor), 0);
    case 'ctrl-k':
      return put(chars.slice(0, cursor), cursor);
    case 'ctrl-w': {
      const start = wordStart(chars, cursor);
      return put([...chars.slice(0, start), ...chars.slice(cursor)], start);
    }
    case 'space':
      return insert(chars, cursor, ' ');
  }
  if ((name === undefined || [...name].length === 1) && isPrintable(input))
    return insert(chars, cursor, input);
  return undefined;
}

function insert(chars: string[], cursor: number, text: string): Line {
  const before = chars.slice(0, cursor).join('') + text;
  // Counted again as a whole: a pasted accent joins the character before it.
  const at = lineChars(before).length;
  return { value: before + chars.slice(cursor).join(''), cursor: at };
}

export interface LineView {
  /** The characters drawn before the cursor, the one under it ('' at the end) and those after. */
  before: string;
  at: string;
  after: string;
  /** The first character shown: give it back as `start` with the next view, so the text scrolls only when the cursor leaves the box. */
  start: number;
}

/**
 * The part of `chars` that fits `width` cells with the cursor cell in view (a cursor at
 * the end takes a cell of its own). `start` is the previous view's first character: the
 * text scrolls as little as possible from there.
 */
export function lineView(chars: readonly string[], cursor: number, width: number, start = 0): LineView {
  const room = Math.max(1, width);
  const at = Math.max(0, Math.min(chars.length, cursor));
  const cell = (i: number) => (i < chars.length ? Math.max(1, displayWidth(chars[i])) : 1);
  const span = (from: number, to: number) => {
    let w = 0;
    for (let i = from; i <= to; i++) w += cell(i);
    return w;
  };
  let first = Math.max(0, Math.min(start, at));
  // Scroll right until the cursor cell fits.
  while (first < at && span(first, at) > room) first++;
  // Scroll back left while there is room (the value got shorter, or the box wider).
  const tail = at === chars.length ? at : chars.length - 1;
  while (first > 0 && span(first - 1, tail) <= room) first--;
  let last = at; // the last character drawn, the cursor cell included
  let used = span(first, at);
  while (last + 1 < chars.length && used + cell(last + 1) <= room) {
    last++;
    used += cell(last);
  }
  return {
    before: chars.slice(first, at).join(''),
    at: chars[at] ?? '',
    after: chars.slice(at + 1, last + 1).join(''),
    start: first,
  };
}
