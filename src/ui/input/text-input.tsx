// A one-line text box. While focused it takes every printable key (a `q` or `1` typed is
// text), backspace deletes, ctrl-u clears, ctrl-w deletes a word, enter submits and esc
// leaves; other keys (up/down, tab...) pass on to the pane and global bindings.
import { Text } from 'ink';
import { useRef } from 'react';
import { useStore } from 'zustand';
import { useStores, useTheme } from '../context.tsx';
import { displayWidth } from '../text.ts';
import { useTextFocus } from './dispatcher.tsx';
import { isPrintable } from './keys.ts';

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
  /** Cells available; a longer value shows its end. */
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
  // The latest value, ahead of the props when keys come faster than renders.
  const latest = useRef(value);
  latest.current = value;
  const change = (next: string) => {
    latest.current = next;
    onChange(next);
  };

  const named = useStore(useStores().session, (s) => s.focus === id);
  const isFocused = focused === 'session' ? named : focused;
  useTextFocus(id, focused !== 'session' && focused, (name, input) => {
    const current = latest.current;
    if (name === 'enter') {
      onSubmit?.(current);
      return true;
    }
    if (name === 'esc') {
      onCancel?.();
      return true;
    }
    if (name === 'backspace') {
      change([...current].slice(0, -1).join(''));
      return true;
    }
    if (name === 'ctrl-u') {
      change('');
      return true;
    }
    if (name === 'ctrl-w') {
      change(current.replace(/\S+\s*$/, ''));
      return true;
    }
    if (name === 'space') {
      change(`${current} `);
      return true;
    }
    if ((name === undefined || [...name].length === 1) && isPrintable(input)) {
      change(current + input);
      return true;
    }
    return false;
  });

  const shown = mask ? '•'.repeat([...value].length) : value;
  let visible = shown;
  if (width !== undefined) {
    const room = Math.max(1, width - 1);
    const chars = [...shown];
    while (chars.length && displayWidth(chars.join('')) > room) chars.shift();
    visible = chars.join('');
  }
  if (!value && placeholder && !isFocused) return <Text dimColor={theme.dim}>{placeholder}</Text>;
  return (
    <Text>
      {visible}
      {isFocused ? <Text inverse> </Text> : null}
      {!value && placeholder ? <Text dimColor={theme.dim}>{` ${placeholder}`}</Text> : null}
    </Text>
  );
}
