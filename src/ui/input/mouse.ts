// The mouse as the terminal reports it: SGR mouse reporting (mode 1000, clicks and the
// wheel, in the 1006 encoding `ESC [ < button ; column ; row M|m`), turned on while the
// console runs (src/cli/console/tui.tsx). The reports are taken out of what the terminal sends
// before Ink reads it (terminal-input.ts), so none is ever read as keys; the dispatcher
// routes them.
import type { DOMElement } from 'ink';

/** Clicks and the wheel, SGR-encoded (motion is not asked for: mode 1002 would flood). */
export const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
export const MOUSE_OFF = '\u001b[?1006l\u001b[?1000l';

/** `other`: a report netdeck has no use for (wheel left/right, drag), swallowed all the same. */
export type MouseKind = 'press' | 'release' | 'wheelUp' | 'wheelDown' | 'other';

export interface MouseEvent {
  kind: MouseKind;
  /** 0 left, 1 middle, 2 right (presses and releases). */
  button: number;
  /** Cell of the pointer, 0-based from the top left of the screen. */
  column: number;
  row: number;
}

const SGR = /^(?:\u001b)?\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;

/** The mouse event of one SGR report (with or without its ESC), else undefined. */
export function parseSgrMouse(input: string): MouseEvent | undefined {
  const match = SGR.exec(input);
  if (!match) return undefined;
  const code = Number(match[1]);
  const column = Math.max(0, Number(match[2]) - 1);
  const row = Math.max(0, Number(match[3]) - 1);
  // Bits 2-4 are shift, alt (meta) and ctrl; bit 5 motion; bit 6 the wheel.
  const base = code & ~(4 | 8 | 16);
  if (base & 64) {
    const wheel = base & 3;
    const kind = wheel === 0 ? 'wheelUp' : wheel === 1 ? 'wheelDown' : 'other';
    return { kind, button: 0, column, row };
  }
  if (base & 32) return { kind: 'other', button: base & 3, column, row }; // a drag
  return { kind: match[4] === 'M' ? 'press' : 'release', button: base & 3, column, row };
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where an Ink box was drawn at the last render: its yoga layout summed up its parents. */
export function screenRect(node: DOMElement): Rect | undefined {
  const own = node.yogaNode?.getComputedLayout();
  if (!own) return undefined;
  let { left, top } = own;
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    const layout = parent.yogaNode?.getComputedLayout();
    if (!layout) continue;
    left += layout.left;
    top += layout.top;
  }
  return { left, top, width: own.width, height: own.height };
}

/** The pointer's cell relative to `rect`, when it is inside it. */
export function cellIn(rect: Rect, event: Pick<MouseEvent, 'column' | 'row'>) {
  const column = event.column - rect.left;
  const row = event.row - rect.top;
  if (column < 0 || row < 0 || column >= rect.width || row >= rect.height) return undefined;
  return { column, row };
}
