// `:` the command palette (k9s's `:`): a box to type in over a list of every pane and
// action (palette-entries.ts), matched fuzzily as one types; ↑/↓ move, enter runs the
// one under the cursor as its key would, esc closes. It shows the user's keys beside each.
import { Box, Text } from 'ink';
import { useRef, useState } from 'react';
import { rowOf } from '../../format/numbers.ts';
import { useKeymap, useKeyNames, useStores, useTheme } from '../context.tsx';
import { usePaneReasons } from '../hooks/use-stores-state.ts';
import { useKeyActions, useRunChosen } from '../input/dispatcher.tsx';
import { TextInput } from '../input/text-input.tsx';
import { paletteKeys } from '../keys/global-keys.ts';
import type { Pane } from '../panes/types.ts';
import { padCells, truncate } from '../text.ts';
import { matchEntries, paletteEntries } from './palette-entries.ts';

export function Palette({ width, height, active }: { width: number; height: number; active: Pane }) {
  const theme = useTheme();
  const keys = useKeyNames();
  const { session } = useStores();
  const runChosen = useRunChosen();
  const table = useKeymap();
  const [query, setQuery] = useState('');
  const [wanted, setCursor] = useState(0);
  // The latest query and cursor, ahead of the render when keys come faster than renders.
  const latest = useRef({ query: '', cursor: 0 });
  const entries = paletteEntries(table, active.id, usePaneReasons(active));
  const matching = (q: string) => matchEntries(entries, q);
  const shown = matching(query);
  const cursor = Math.min(wanted, Math.max(0, shown.length - 1));
  const move = (delta: number) => {
    const count = matching(latest.current.query).length;
    const next = Math.max(0, Math.min(count - 1, latest.current.cursor + delta));
    latest.current.cursor = next;
    setCursor(next);
  };
  const close = () => session.getState().closeOverlay();
  const run = () => {
    const { query: q, cursor: at } = latest.current;
    const chosen = matching(q)[at];
    if (!chosen) return `nothing matches “${q}”: type less, or ${keys['palette.close']} closes`;
    close();
    // Another pane's action acts there: its handlers run once it is shown.
    if (chosen.scope !== 'global' && chosen.scope !== active.id) session.getState().setPane(chosen.scope);
    runChosen(chosen.scope, chosen.action);
  };
  useKeyActions(paletteKeys, 'dialog:palette', { run, down: () => move(1), up: () => move(-1), close });

  const room = Math.max(1, height - 2);
  const top = Math.max(0, Math.min(cursor - room + 1, shown.length - room));
  const keysWidth = Math.min(14, Math.max(6, Math.floor(width / 8)));
  const whereWidth = Math.min(16, Math.max(10, Math.floor(width / 7)));
  const labelWidth = Math.max(8, width - keysWidth - whereWidth - 4);
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Box height={1} overflowY="hidden">
        {/*
          The box keeps its room, its placeholder whole; the hint beside it is cut first. (Were
          the `:` to shrink by a fraction of a cell, the hint would be drawn over the box's last one.)
        */}
        <Box flexShrink={0}>
          <Text bold color={theme.accent}>
            {': '}
          </Text>
          <TextInput
            id="palette"
            value={query}
            width={Math.max(4, Math.min(40, width - 40))}
            placeholder="an action or a pane"
            onChange={(value) => {
              latest.current = { query: value, cursor: 0 };
              setQuery(value);
              setCursor(0);
            }}
            onSubmit={() => {
              const why = run();
              if (why) session.getState().say(why);
            }}
            onCancel={close}
          />
        </Box>
        <Text dimColor={theme.dim} wrap="truncate">
          {`  ${shown.length ? rowOf(cursor, shown.length) : 'no match'} · ↑↓ move · ${keys['palette.run']} runs · ${keys['palette.close']} closes`}
        </Text>
      </Box>
      <Text bold wrap="truncate">
        {`  ${padCells('ACTION', labelWidth)} ${padCells('WHERE', whereWidth)} KEYS`}
      </Text>
      {shown.length === 0 ? (
        <Text dimColor={theme.dim}>{`  No action or pane matches “${query}”.`}</Text>
      ) : (
        shown.slice(top, top + room).map((e, i) => {
          const selected = top + i === cursor;
          return (
            <Text
              key={`${e.scope} ${e.action}`}
              inverse={selected}
              dimColor={e.unserved !== undefined && theme.dim}
              wrap="truncate"
            >
              {`${selected ? theme.glyphs.cursor : ' '} ${padCells(truncate(e.unserved ? `${e.label} · ${e.unserved}` : e.label, labelWidth), labelWidth)} ${padCells(
                truncate(e.where, whereWidth),
                whereWidth,
              )} ${truncate(e.keys, keysWidth)}`}
            </Text>
          );
        })
      )}
    </Box>
  );
}
