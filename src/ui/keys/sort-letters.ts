// The letters that pick a sort column after the sort key (`o` `c`: by client id), as the
// footer lists them while the dispatcher waits: each column's first free letter, the
// first letters of its words before its others, so `client id` is `c`, or `i` where `c`
// is taken. The sort key stays free (`o` `o` steps to the next column), and only
// lower-case letters are given out: a capital or a digit after `o` is its own key (`I`
// reverses, `2` shows Providers). No React: the dispatcher and the footer read it.

import { displayWidth } from '../text.ts';
import type { SortChoice } from './bindings.ts';
import { keyLabel } from './keymap.ts';

export interface SortLetter {
  /** The key that picks the column. */
  readonly key: string;
  /** The column's id in its list. */
  readonly column: string;
  /** The column's words in the footer. */
  readonly label: string;
}

const LETTER = /^[a-z]$/;

/**
 * A letter for each of `columns` not in `reserved` (the sort's own keys), in their order;
 * a column left without one (every letter of its words taken) is reached by stepping.
 */
export function sortLetters(columns: SortChoice['columns'], reserved: readonly string[]): SortLetter[] {
  const taken = new Set(reserved);
  const letters: SortLetter[] = [];
  for (const column of columns) {
    const words = column.label.toLowerCase();
    const initials = words.split(/\s+/).map((word) => word.charAt(0));
    const key = [...initials, ...words].find((ch) => LETTER.test(ch) && !taken.has(ch));
    if (key === undefined) continue;
    taken.add(key);
    letters.push({ key, column: column.id, label: column.label });
  }
  return letters;
}

/** A column's words cut to the one its letter stands for: `i client id` is `i id`. */
function shortLabel({ key, label }: SortLetter): string {
  const words = label.split(/\s+/);
  return (
    words.find((word) => word.charAt(0).toLowerCase() === key) ??
    words.find((word) => word.toLowerCase().includes(key)) ??
    words[0]
  );
}

/**
 * The footer's line while a sort waits for its column, `width` cells at most where it can:
 * `sort by: c client id  d device name …  o next column  esc cancel` (`keys`: the sort's
 * own, in the user's keys); narrower, each column by the word its letter stands for,
 * then fewer words around them (`?` says them), and at last the letters alone, cut.
 */
export function sortWaitHint(letters: readonly SortLetter[], keys: readonly string[], width: number): string {
  const again = keys.map(keyLabel).join('/');
  const whole = letters.map((l) => `${l.key} ${l.label}`).join('  ');
  const short = letters.map((l) => `${l.key} ${shortLabel(l)}`).join('  ');
  const lines = [
    `sort by: ${whole}  ${again} next column  esc cancel`,
    `sort by: ${short}  ${again} next column  esc cancel`,
    `${short}  ${again} next  esc cancel`,
    `${short}  ${again} next`,
    short,
  ];
  return lines.find((line) => displayWidth(line) <= width) ?? lines[lines.length - 1];
}
