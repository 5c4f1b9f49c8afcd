// A dialog drawn in place of the pane: a rounded box with a title, centred across the
// pane's width. Ink has no layers, so the pane shows the dialog instead of its content.
// The pane's size reaches dialogs through <DialogRoom> (app.tsx, where the panes are
// laid out), and a field in the box takes the box's inner width from the frame.
// The dialog never grows past the pane (it would spill into the footer): a body taller
// than the room scrolls so that the part marked with <DialogFocus active> (the focused
// field, the picked row, the outcome) stays in view, with a "↑ more / ↓ more" line.
import { Box, type DOMElement, Text, type TextProps } from 'ink';
import type React from 'react';
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTheme } from '../context.tsx';
import { wrapText } from '../text.ts';

/** Inner text width of a dialog drawn in a pane `width` wide (`max` caps it). */
function dialogInnerWidth(width: number, max = 76): number {
  return Math.max(20, Math.min(max, width - 4) - 4);
}

/** Rows a dialog's body has in a pane `height` tall: the box's two borders and the title take three. */
function dialogBodyRows(height: number): number {
  return Math.max(1, height - 3);
}

interface PaneSize {
  width: number;
  height: number;
}

const PaneSizeContext = createContext<PaneSize | undefined>(undefined);

/** Gives the dialogs below it the pane's size: a dialog always fills the pane it stands in for. */
export function DialogRoom({ width, height, children }: PaneSize & { children: React.ReactNode }) {
  const size = useMemo(() => ({ width, height }), [width, height]);
  return <PaneSizeContext.Provider value={size}>{children}</PaneSizeContext.Provider>;
}

/**
 * The room of a dialog: the pane's `width` and `height`, the text width inside its box
 * (`inner`, `max` caps it) and the rows of its body (`rows`).
 */
export function useDialogRoom(max?: number) {
  const pane = useContext(PaneSizeContext);
  if (!pane) throw new Error("dialogs need <DialogRoom> above them (the pane's size, app.tsx)");
  return { ...pane, inner: dialogInnerWidth(pane.width, max), rows: dialogBodyRows(pane.height) };
}

const InnerWidthContext = createContext<number | undefined>(undefined);

/** The text width inside the dialog box around the caller (a field fills it). */
export function useFrameInnerWidth(): number {
  const inner = useContext(InnerWidthContext);
  if (inner === undefined) throw new Error('a dialog field needs <DialogFrame> around it');
  return inner;
}

/**
 * A paragraph of a dialog, broken into lines at its spaces across the box's width less
 * `indent`: Ink's own wrapping starts a line with the space it broke at when the break
 * falls exactly at the width.
 */
export function DialogText({
  children,
  indent = 0,
  ...style
}: Omit<TextProps, 'wrap' | 'children'> & { children: string; indent?: number }) {
  const inner = useFrameInnerWidth();
  return (
    <Text {...style} wrap="wrap">
      {wrapText(children, inner - indent).join('\n')}
    </Text>
  );
}

const FocusContext = createContext<(node: DOMElement | null) => void>(() => {});

/** Marks what must stay in view when the dialog's body scrolls (while `active`). */
export function DialogFocus({ active = true, children }: { active?: boolean; children: React.ReactNode }) {
  const register = useContext(FocusContext);
  return (
    <Box flexDirection="column" flexShrink={0} ref={active ? register : undefined}>
      {children}
    </Box>
  );
}

/** Top of `node` within `root`, in rows (Yoga's layout, computed before layout effects run). */
function topWithin(node: DOMElement, root: DOMElement): number {
  let top = 0;
  for (let at: DOMElement | undefined = node; at && at !== root; at = at.parentNode) {
    top += at.yogaNode?.getComputedTop() ?? 0;
  }
  return top;
}

/** The first row shown of a body `content` rows tall in `view` rows, the focus kept in view. */
export function scrollOffset(
  offset: number,
  content: number,
  view: number,
  focus?: { top: number; height: number },
): number {
  let next = offset;
  if (focus) {
    // The focus's top wins when it is taller than the view.
    const lowest = focus.top + Math.min(focus.height, view) - view;
    if (next < lowest || next > focus.top) {
      next = next < lowest ? lowest : focus.top;
      // Near either end, all the way: the heading above the first field shows too.
      if (lowest <= 0) next = 0;
      if (focus.top >= content - view) next = content - view;
    }
  }
  return Math.max(0, Math.min(next, content - view));
}

/** "↑ more" above, "↓ more" below, or both. */
export function moreHint(offset: number, content: number, view: number): string {
  const up = offset > 0;
  const down = offset + view < content;
  return [up ? '↑ more' : '', down ? '↓ more' : ''].filter(Boolean).join(' · ');
}

function useBodyScroll(room: number) {
  const body = useRef<DOMElement>(null);
  const focus = useRef<DOMElement | null>(null);
  const [layout, setLayout] = useState({ offset: 0, content: 0 });
  const register = useCallback((node: DOMElement | null) => {
    focus.current = node;
  }, []);
  // After every commit: Ink has laid the tree out by now, so the body's height is known.
  useLayoutEffect(() => {
    const root = body.current;
    if (!root?.yogaNode) return;
    const content = root.yogaNode.getComputedHeight();
    const overflowing = content > room;
    const view = overflowing ? room - 1 : room;
    const node = focus.current;
    const at =
      node?.yogaNode && overflowing
        ? { top: topWithin(node, root), height: node.yogaNode.getComputedHeight() }
        : undefined;
    const offset = overflowing ? scrollOffset(layout.offset, content, view, at) : 0;
    if (offset !== layout.offset || content !== layout.content) setLayout({ offset, content });
  });
  const overflowing = layout.content > room;
  const view = overflowing ? room - 1 : room;
  return { body, register, view, overflowing, ...layout };
}

export function DialogFrame({
  title,
  max,
  children,
}: {
  title: string;
  /** The widest the box's text may be. */
  max?: number;
  children: React.ReactNode;
}) {
  const theme = useTheme();
  const { width, height, inner, rows: room } = useDialogRoom(max);
  const { body, register, view, overflowing, offset, content } = useBodyScroll(room);
  return (
    <Box width={width} height={height} justifyContent="center" alignItems="flex-start" overflow="hidden">
      <Box
        flexDirection="column"
        borderStyle="round"
        borderColor={theme.accent}
        paddingX={1}
        width={inner + 4}
        flexShrink={0}
        overflow="hidden"
      >
        <Text bold color={theme.accent} wrap="truncate">
          {title}
        </Text>
        <Box flexDirection="column" height={Math.min(view, content || room)} overflow="hidden" flexShrink={0}>
          <Box ref={body} flexDirection="column" flexShrink={0} marginTop={-offset}>
            <InnerWidthContext.Provider value={inner}>
              <FocusContext.Provider value={register}>{children}</FocusContext.Provider>
            </InnerWidthContext.Provider>
          </Box>
        </Box>
        {overflowing ? (
          <Text dimColor={theme.dim} wrap="truncate">
            {moreHint(offset, content, view)}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
