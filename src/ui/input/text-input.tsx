// A one-line text box with a cursor. While focused it takes every printable key (a `q` or
// `1` typed is text, inserted at the cursor), ←/→, Home/End and ctrl-a/ctrl-e move,
// backspace and delete remove around the cursor, ctrl-u/ctrl-k delete to the start/end,
// ctrl-w the word before the cursor, enter submits and esc leaves; other keys (up/down,
// tab...) pass on to the pane and global bindings. The editing itself is line-edit.ts.
import { Text } from 'ink';
import { useReducer, useRef } from 'react';
import { useStore } from 'zustand';
import { useStores, useTheme } from '../context.tsx';
import { useTextFocus } from './dispatcher.tsx';
import { editLine, type Line, lineAtEnd, lineChars, lineView } from './line-edit.ts';

export interface TextInputProps {
  id: string;
  value: string;
  onChange(value: string): void;
  onSubmit?(value: string): void;
  onCancel?(): void;
  placeholder?: string;
  /**
   * Default true: a mounted text input is focused (dialogs with several fields pass false
   * to the others). 'session': focused exactly while `session.focus` is this id, read at
   * each key, so keys typed right after the action that sets or clears it land right.
   */
  focused?: boolean | 'session';
  /** Cells available; a longer value scrolls to keep the cursor in view. */
  width?: number;
  /** Draw the value masked (secrets). */
  mask?: boolean;
}

export function TextInput({
  id,
  value,
  onChange,
  onSubmit,
  onCancel,
  placeholder,
  focused = true,
  width,
  mask,
}: TextInputProps) {
  const theme = useTheme();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // The latest line, ahead of the props when keys come faster than renders. A value set
  // from outside (cleared, picked from a list) puts the cursor at its end.
  const line = useRef<Line>(lineAtEnd(value));
  if (line.current.value !== value) line.current = lineAtEnd(value);
  // The first character shown, kept between frames so the text scrolls only as needed.
  const scroll = useRef(0);

  const named = useStore(useStores().session, (s) => s.focus === id);
  const isFocused = focused === 'session' ? named : focused;
  // Coming back to the box (a second `/`, tab to the field) starts at the end of the value.
  const left = useRef(false);
  if (!isFocused) left.current = true;
  useTextFocus(id, focused !== 'session' && focused, (name, input) => {
    if (left.current) {
      left.current = false;
      line.current = lineAtEnd(line.current.value);
    }
    const current = line.current.value;
    if (name === 'enter') {
      onSubmit?.(current);
      return true;
    }
    if (name === 'esc') {
      onCancel?.();
      return true;
    }
    const next = editLine(line.current, name, input);
    if (!next) return false;
    line.current = next;
    if (next.value !== current) onChange(next.value);
    redraw();
    return true;
  });

  if (!value && placeholder && !isFocused) return <Text dimColor={theme.dim}>{placeholder}</Text>;
  const chars = lineChars(value);
  const shown = mask ? chars.map(() => '•') : chars;
  // Unfocused, the box shows where the value ends, as before there was a cursor.
  const cursor = isFocused ? line.current.cursor : chars.length;
  const view = lineView(shown, cursor, width ?? Number.MAX_SAFE_INTEGER, scroll.current);
  scroll.current = view.start;
  return (
    <Text>
      {view.before}
      {isFocused ? <Text inverse>{view.at || ' '}</Text> : view.at}
      {view.after}
      {!value && placeholder ? <Text dimColor={theme.dim}>{` ${placeholder}`}</Text> : null}
    </Text>
  );
}
