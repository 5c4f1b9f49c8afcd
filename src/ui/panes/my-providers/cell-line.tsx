// Paints a row of table cells: a figure that changed at the last refresh is drawn
// inverse and bold for a moment (inverse toggles on the cursor row so it still shows),
// and the timeline's on/mixed/off cells get their colours. Neighbouring pieces of one
// style are drawn as one: a row of plain figures is a few pieces, not one per cell and
// gap, which keeps the frame Ink lays out small (a redraw of the table once cost a
// fifth of the console's idle CPU).
import { Text } from 'ink';
import { TIMELINE_GLYPHS } from '../../charts/timeline.ts';
import { useTheme } from '../../context.tsx';
import type { Theme } from '../../theme.ts';
import type { Cell } from './provider-table.ts';

const { on: ON, mixed: MIXED, off: OFF } = TIMELINE_GLYPHS;
const TIMELINE_RUN = new RegExp(`${ON}+|${MIXED}+|${OFF}+|[^${ON}${MIXED}${OFF}]+`, 'g');

interface Piece {
  text: string;
  color?: string;
  dim?: boolean;
  inverse?: boolean;
  bold?: boolean;
}

const sameStyle = (a: Piece, b: Piece) =>
  a.color === b.color && a.dim === b.dim && a.inverse === b.inverse && a.bold === b.bold;

/** The timeline's runs of one state, each in its colour. */
function timelineRuns(text: string, theme: Theme, style: Piece): Piece[] {
  return (text.match(TIMELINE_RUN) ?? []).map((run) => ({
    ...style,
    text: run,
    color:
      run[0] === ON ? theme.ok : run[0] === MIXED ? theme.warn : run[0] === OFF ? theme.muted : undefined,
  }));
}

/** The row as pieces of text and style, neighbours of one style joined. */
function piecesOf(cells: readonly Cell[], theme: Theme, selected: boolean): Piece[] {
  const pieces: Piece[] = [];
  const add = (piece: Piece) => {
    const last = pieces.at(-1);
    if (last && sameStyle(last, piece)) last.text += piece.text;
    else pieces.push({ ...piece });
  };
  cells.forEach((cell, i) => {
    // Each piece sets its own inverse: nested inverse cannot undo a parent's.
    if (i > 0) add({ text: ' ', inverse: selected });
    const changed = cell.changed ?? false;
    const color =
      cell.tone === 'on'
        ? theme.ok
        : cell.tone === 'off'
          ? theme.error
          : cell.tone === 'marked'
            ? theme.marked
            : cell.tone === 'warn'
              ? theme.warn
              : undefined;
    const style: Piece = {
      text: cell.text,
      color,
      dim: cell.tone === 'dim' && theme.dim,
      inverse: selected !== changed,
      bold: changed,
    };
    if (cell.key === 'timeline' && !selected)
      for (const run of timelineRuns(cell.text, theme, style)) add(run);
    else add(style);
  });
  return pieces;
}

export function CellLine({
  cells,
  selected = false,
  bold,
}: {
  cells: readonly Cell[];
  selected?: boolean;
  bold?: boolean;
}) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" bold={bold}>
      {piecesOf(cells, theme, selected).map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces have no identity beyond their position
        <Text key={i} color={piece.color} dimColor={piece.dim} inverse={piece.inverse} bold={piece.bold}>
          {piece.text}
        </Text>
      ))}
    </Text>
  );
}
