// `?`: every binding of the keymap, grouped by scope (global first, then the active
// pane, then the other panes, then dialogs), scrollable with j/k.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { type ListSpec, matchesFilter } from '../../store/list-view.ts';
import { filterWidth, ListFilter, useListView, useViewState } from '../components/list-view.tsx';
import { useKeymap, useStores, useTheme } from '../context.tsx';
import { scrollActions } from '../hooks/scroll-actions.ts';
import { type Binding, isDialogScope, type Scope } from '../input/bindings.ts';
import { useKeyActions } from '../input/dispatcher.tsx';
import { helpKeys } from '../input/global-keys.ts';
import { keyLabel, keymap } from '../keymap.ts';
import { PANES } from '../panes/registry.ts';
import type { Pane } from '../panes/types.ts';
import { padCells } from '../text.ts';

export interface HelpLine {
  kind: 'title' | 'binding';
  text: string;
  keys?: string;
}

/** What each dialog is called where people read it (never its id). */
export const DIALOG_TITLES: Record<string, string> = {
  addCode: 'Adding a code (Devices, a)',
  addWallet: 'Adding a wallet (Account, a)',
  apiKey: 'Making an API key (Account, n)',
  confirm: 'A yes/no question',
  events: 'The event log (!)',
  feedback: 'The feedback form (Account, f)',
  help: 'This help',
  leaderboard: 'The leaderboard (Earnings, b)',
  login: 'Logging in with an auth code (L)',
  palette: 'The command palette (:)',
  profiles: 'Switching profile (@)',
  qr: 'A QR code (Devices, Q)',
  rename: 'Renaming an association or a device (Devices, R or N)',
  share: 'Sharing a device (Devices, s)',
  stalePeriod: 'The stale view’s period (My providers or Devices, P)',
  wallet: 'Setting the payout wallet (Account, w)',
};

function scopeTitle(scope: Scope): string {
  if (scope === 'global') return 'Everywhere';
  if (isDialogScope(scope)) {
    const id = scope.slice('dialog:'.length);
    return DIALOG_TITLES[id] ?? `A dialog (${id})`;
  }
  return `Pane ${PANES.find((p) => p.id === scope)?.title ?? scope}`;
}

export function helpLines(active: Pane, table: readonly Binding[] = keymap): HelpLine[] {
  const scopes: Scope[] = ['global', active.id];
  for (const b of table) if (!scopes.includes(b.scope) && !isDialogScope(b.scope)) scopes.push(b.scope);
  for (const b of table) if (!scopes.includes(b.scope)) scopes.push(b.scope);
  const lines: HelpLine[] = [];
  for (const scope of scopes) {
    const bindings = table.filter((b) => b.scope === scope);
    if (!bindings.length) continue;
    if (lines.length) lines.push({ kind: 'title', text: '' });
    lines.push({ kind: 'title', text: scopeTitle(scope) });
    for (const b of bindings)
      lines.push({ kind: 'binding', keys: b.keys.map(keyLabel).join(' '), text: b.help });
  }
  return lines;
}

/** The help's lines for what is typed after `/`: the bindings whose words, keys or group match, under their groups. */
export function searchHelp(lines: readonly HelpLine[], filter: string): HelpLine[] {
  if (!filter.trim()) return [...lines];
  const out: HelpLine[] = [];
  let title: HelpLine | undefined;
  let titled = false;
  for (const line of lines) {
    if (line.kind === 'title') {
      if (line.text) {
        title = line;
        titled = false;
      }
      continue;
    }
    if (!matchesFilter(HELP_SEARCH, { line, group: title?.text ?? '' }, filter)) continue;
    if (!titled && title) {
      if (out.length) out.push({ kind: 'title', text: '' });
      out.push(title);
      titled = true;
    }
    out.push(line);
  }
  return out;
}

/** What the help's search looks in: a binding's words and keys, and its group's title. */
const HELP_SEARCH: ListSpec<{ line: HelpLine; group: string }> = {
  columns: [],
  text: ({ line, group }) => [line.text, line.keys, group],
};

export function HelpOverlay({ width, height, active }: { width: number; height: number; active: Pane }) {
  const theme = useTheme();
  const [view, holder] = useViewState();
  const all = helpLines(active, useKeymap());
  const lines = searchHelp(all, view.filter);
  const room = Math.max(1, height - 1);
  const maxTop = Math.max(0, lines.length - room);
  // Opens at the active pane's keys: what the reader most likely wants.
  const [top, setTop] = useState(() =>
    Math.min(
      maxTop,
      Math.max(
        0,
        lines.findIndex((l) => l.kind === 'title' && l.text === scopeTitle(active.id)),
      ),
    ),
  );
  const { session } = useStores();
  const list = { holder, spec: HELP_SEARCH, filterId: 'help-search' };
  const controls = useListView(list);
  const scrolling = scrollActions(setTop, room, maxTop, () => session.getState().closeOverlay());
  useKeyActions(helpKeys, 'dialog:help', {
    ...scrolling,
    search: () => {
      setTop(0);
      controls.search();
    },
    // esc clears a search first.
    close: () => {
      if (controls.clearFilter()) setTop(0);
      else scrolling.close();
    },
  });
  const keyWidth = Math.min(16, Math.max(8, Math.floor(width / 5)));
  const at = Math.min(top, maxTop);
  const shown = lines.slice(at, at + room);
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Box height={1} gap={2} overflowY="hidden">
        <ListFilter list={list} view={view} width={filterWidth(width)} placeholder="words or a key" />
        <Text bold color={theme.accent} wrap="truncate">
          {`Keys${view.filter ? ` matching “${view.filter}”${lines.length ? '' : ': none (esc clears)'}` : ''}${maxTop ? `  (↑↓ PgUp PgDn Home End, ${at + 1}-${at + shown.length} of ${lines.length})` : ''}  · / search · esc closes`}
        </Text>
      </Box>
      {shown.map((line, i) =>
        line.kind === 'title' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are static text in a fixed order
          <Text key={i} bold wrap="truncate">
            {line.text || ' '}
          </Text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are static text in a fixed order
          <Text key={i} wrap="truncate">
            {`  ${padCells(line.keys ?? '', keyWidth)} ${line.text}`}
          </Text>
        ),
      )}
    </Box>
  );
}
