// Ink's (input, key) pair as one key name of the keymap table.
import type { Key } from 'ink';

/**
 * The keymap name of a key press, or undefined for one that has none (a paste). `raw` is
 * what the terminal sent: Ink reports both the Backspace key (DEL, 0x7f) and the Delete
 * key (ESC [3~) as `key.delete`, and only the bytes tell them apart.
 */
export function keyName(input: string, key: Key, raw = ''): string | undefined {
  if (key.ctrl && input === 'c') return 'ctrl-c';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift-tab' : 'tab';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pgup';
  if (key.pageDown) return 'pgdn';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.delete && /^\u001b\[3[~;$^]/.test(raw)) return 'delete';
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl) return input ? `ctrl-${input}` : undefined;
  if (key.meta) return input ? `alt-${input}` : undefined;
  if (input === ' ') return 'space';
  if ([...input].length === 1) return input;
  return undefined;
}

/** Text a user can type: no control characters. */
export function isPrintable(input: string): boolean {
  return input.length > 0 && !/[\u0000-\u001f\u007f-\u009f]/.test(input);
}

const CONTROL_NAMES: Record<string, string> = {
  '\r': 'enter',
  '\n': 'enter',
  '\t': 'tab',
  '\u007f': 'backspace',
  '\b': 'backspace',
  '\u0003': 'ctrl-c',
  ' ': 'space',
};

/**
 * A bracketed paste as one line of text for a box: the line breaks at its ends gone (a code
 * copied with its newline), those within a space each, other control characters dropped.
 */
export function pastedLine(pasted: string): string {
  return pasted
    .replace(/^[\r\n]+|[\r\n]+$/g, '')
    .replace(/\r\n|[\r\n\t]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/**
 * A run of keys Ink delivered as one chunk (typed faster than read, or pasted): each
 * character with its key name. Ink splits escape sequences apart but not plain runs,
 * so "ab\u007f\r" arrives whole.
 */
export function splitKeys(chunk: string): { name: string; input: string }[] {
  return [...chunk].map((ch) => {
    const named = CONTROL_NAMES[ch];
    if (named) return { name: named, input: ch };
    const code = ch.charCodeAt(0);
    if (code >= 1 && code <= 26) return { name: `ctrl-${String.fromCharCode(code + 96)}`, input: ch };
    return { name: ch, input: ch };
  });
}
