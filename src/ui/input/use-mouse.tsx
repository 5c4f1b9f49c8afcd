// Where a click lands: components that take clicks (the tab bar, the lists) register the
// box they drew with `useMouseTarget`; a press is given to the last registered box under
// the pointer, with the cell inside it. The dispatcher (dispatcher.tsx) feeds the presses.
import type { DOMElement } from 'ink';
import type React from 'react';
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import { cellIn, type MouseEvent, screenRect } from './mouse.ts';

/** A click at `column`, `row` of the target's box (0-based). */
export type ClickHandler = (cell: { column: number; row: number }) => void;

interface Target {
  node: { current: DOMElement | null };
  onClick: { current: ClickHandler };
}

export class MouseTargets {
  private readonly targets: Target[] = [];

  add(target: Target): () => void {
    this.targets.push(target);
    return () => {
      const at = this.targets.indexOf(target);
      if (at >= 0) this.targets.splice(at, 1);
    };
  }

  /** Gives a press to the latest target under the pointer; true when one took it. */
  click(event: MouseEvent): boolean {
    for (let i = this.targets.length - 1; i >= 0; i--) {
      const { node, onClick } = this.targets[i];
      const rect = node.current && screenRect(node.current);
      const cell = rect && cellIn(rect, event);
      if (cell) {
        onClick.current(cell);
        return true;
      }
    }
    return false;
  }
}

const MouseContext = createContext<MouseTargets | null>(null);

export function MouseProvider({ targets, children }: { targets: MouseTargets; children: React.ReactNode }) {
  return <MouseContext.Provider value={targets}>{children}</MouseContext.Provider>;
}

/**
 * Makes the box `ref` points at clickable while mounted (no-op without a provider, as in
 * components rendered alone); `onClick` is read at each click.
 */
export function useMouseTarget(ref: { current: DOMElement | null }, onClick: ClickHandler | undefined): void {
  const targets = useContext(MouseContext);
  const handler = useRef<ClickHandler>(() => {});
  handler.current = onClick ?? (() => {});
  const wanted = onClick !== undefined;
  useLayoutEffect(() => {
    if (!targets || !wanted) return;
    return targets.add({ node: ref, onClick: handler });
  }, [targets, ref, wanted]);
}
