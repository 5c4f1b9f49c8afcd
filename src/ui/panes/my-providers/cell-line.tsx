// Paints a row of table cells: a figure that changed at the last refresh is drawn
// inverse and bold for a moment (inverse toggles on the cursor row so it still shows),
// and the timeline's on/mixed/off cells get their colours.
import { Text } from 'ink';
import { TIMELINE_GLYPHS } from '../../charts/timeline.ts';
import { useTheme } from '../../context.tsx';
import type { Theme } from '../../theme.ts';
import type { Cell } from './provider-table.ts';

const { on: ON, mixed: MIXED, off: OFF } = TIMELINE_GLYPHS;
const TIMELINE_RUN = new RegExp(`${ON}+|${MIXED}+|${OFF}+|[^${ON}${MIXED}${OFF}]+`, 'g');

function timelineRuns(text: string, theme: Theme) {
  return (text.match(TIMELINE_RUN) ?? []).map((run, i) => {
    const color = run[0] === ON ? theme.ok : run[0] === MIXED ? theme.warn : theme.muted;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity beyond their position
      <Text key={i} color={color}>
        {run}
      </Text>
    );
  });
}

export function CellLine({
  cells,
  selected,
  bold,
}: {
  cells: readonly Cell[];
  selected?: boolean;
  bold?: boolean;
}) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" bold={bold}>
      {cells.map((cell, i) => {
        const color =
          cell.tone === 'on'
            ? theme.ok
            : cell.tone === 'off'
              ? theme.error
              : cell.tone === 'marked'
                ? theme.marked
                : undefined;
        const body = cell.key === 'timeline' && !selected ? timelineRuns(cell.text, theme) : cell.text;
        // Each piece sets its own inverse: nested inverse cannot undo a parent's.
        return (
          <Text key={cell.key}>
            {i > 0 ? <Text inverse={selected}> </Text> : ''}
            <Text
              color={color}
              dimColor={cell.tone === 'dim' && theme.dim}
              inverse={selected !== (cell.changed ?? false)}
              bold={cell.changed}
            >
              {body}
            </Text>
          </Text>
        );
      })}
    </Text>
  );
}
