// `?`: every binding of the keymap, grouped by scope (global first, then the active
// pane, then the other panes, then dialogs), scrollable with j/k. A key of the active
// pane that cannot act now, or that its service cannot serve, says why beside its words,
// its keys in brackets (dim where the theme dims), as the footer marks it.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { type ListSpec, matchesFilter } from '../../store/list-sort-filter.ts';
import { filterWidth, ListFilter, useListView, useViewState } from '../components/list-view.tsx';
import { useKeymap, useKeyNames, useStores, useTheme } from '../context.tsx';
import { scrollActions } from '../hooks/scroll-actions.ts';
import { usePaneReasons } from '../hooks/use-stores-state.ts';
import { useKeyActions } from '../input/dispatcher.tsx';
import { type Binding, isDialogScope, type Scope } from '../keys/bindings.ts';
import { helpKeys } from '../keys/global-keys.ts';
import type { ActionName, KeyNames } from '../keys/key-names.ts';
import type { KeyReason, KeyReasons } from '../keys/key-reasons.ts';
import { keyLabel } from '../keys/keymap.ts';
import { PANES } from '../panes/registry.ts';
import type { Pane } from '../panes/types.ts';
import { padCells } from '../text.ts';

export interface HelpLine {
  kind: 'title' | 'binding';
  text: string;
  keys?: string;
  /** The key cannot act in the active pane now (its words say why). */
  notNow?: boolean;
}

/** A binding's line; with the active pane's reason for it, marked and saying why. */
function bindingLine(b: Binding, reason: KeyReason | undefined): HelpLine {
  const keys = b.keys.map(keyLabel).join(' ');
  if (!reason) return { kind: 'binding', keys, text: b.help };
  return { kind: 'binding', keys: `(${keys})`, text: `${b.help} · ${reason.why}`, notNow: true };
}

/**
 * What each dialog is called where people read it (never its id), with where it opens and
 * the user's keys that open it.
 */
const DIALOGS: Record<string, { title: string; where?: string; openedBy?: readonly ActionName[] }> = {
  addCode: { title: 'Adding a code', where: 'Devices', openedBy: ['devices.addCode'] },
  addWallet: { title: 'Adding a wallet', where: 'Account', openedBy: ['account.addWallet'] },
  apiKey: { title: 'Making an API key', where: 'Account', openedBy: ['account.newApiKey'] },
  confirm: { title: 'A yes/no question' },
  events: { title: 'The event log', openedBy: ['events'] },
  export: {
    title: 'Exporting to a file',
    where: 'Providers, My providers or Earnings',
    openedBy: ['myProviders.export', 'earnings.export'],
  },
  feedback: { title: 'The feedback form', where: 'Account', openedBy: ['account.feedback'] },
  help: { title: 'This help' },
  leaderboard: { title: 'The leaderboard', where: 'Earnings', openedBy: ['earnings.leaderboard'] },
  login: { title: 'Logging in with an auth code', openedBy: ['login'] },
  mute: { title: 'Muting a provider', where: 'My providers', openedBy: ['myProviders.mute'] },
  palette: { title: 'The command palette', openedBy: ['palette'] },
  profiles: { title: 'Switching profile', openedBy: ['profiles'] },
  proxy: { title: 'Making a proxy', where: 'Discover', openedBy: ['discover.proxy'] },
  proxyQr: { title: "A proxy's WireGuard QR code", where: 'Proxies', openedBy: ['proxies.qr'] },
  qr: { title: 'A QR code', where: 'Devices', openedBy: ['devices.qr'] },
  redeem: { title: 'Redeeming a balance code', where: 'Account', openedBy: ['account.redeem'] },
  rename: {
    title: 'Renaming an association or a device',
    where: 'Devices',
    openedBy: ['devices.rename', 'devices.setName'],
  },
  share: { title: 'Sharing a device', where: 'Devices', openedBy: ['devices.share'] },
  stalePeriod: {
    title: 'The stale view’s period',
    where: 'My providers or Devices',
    openedBy: ['myProviders.stalePeriod', 'devices.stalePeriod'],
  },
  wallet: { title: 'Setting the payout wallet', where: 'Account', openedBy: ['account.setWallet'] },
};

/** A dialog's title in help: "Adding a code (Devices, a)". */
export function dialogTitle(id: string, keys: KeyNames): string {
  const dialog = DIALOGS[id];
  if (!dialog) return `A dialog (${id})`;
  const openers = [...new Set(dialog.openedBy?.map((action) => keys[action]))].join(' or ');
  const where = [dialog.where, openers].filter(Boolean).join(', ');
  return where ? `${dialog.title} (${where})` : dialog.title;
}

function scopeTitle(scope: Scope, keys: KeyNames): string {
  if (scope === 'global') return 'Everywhere';
  if (isDialogScope(scope)) {
    const id = scope.slice('dialog:'.length);
    return dialogTitle(id, keys);
  }
  return `Pane ${PANES.find((p) => p.id === scope)?.title ?? scope}`;
}

/** Every binding's line; `reasons`: the active pane's (its view's) for its own keys and the global ones. */
export function helpLines(
  active: Pane,
  table: readonly Binding[],
  keys: KeyNames,
  reasons: KeyReasons = {},
): HelpLine[] {
  const scopes: Scope[] = ['global', active.id];
  for (const b of table) if (!scopes.includes(b.scope) && !isDialogScope(b.scope)) scopes.push(b.scope);
  for (const b of table) if (!scopes.includes(b.scope)) scopes.push(b.scope);
  const lines: HelpLine[] = [];
  for (const scope of scopes) {
    const bindings = table.filter((b) => b.scope === scope);
    if (!bindings.length) continue;
    if (lines.length) lines.push({ kind: 'title', text: '' });
    lines.push({ kind: 'title', text: scopeTitle(scope, keys) });
    const own = scope === 'global' || scope === active.id;
    for (const b of bindings) lines.push(bindingLine(b, own ? reasons[b.action] : undefined));
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
  const keys = useKeyNames();
  const all = helpLines(active, useKeymap(), keys, usePaneReasons(active));
  const lines = searchHelp(all, view.filter);
  const room = Math.max(1, height - 1);
  const maxTop = Math.max(0, lines.length - room);
  // Opens at the active pane's keys: what the reader most likely wants.
  const [top, setTop] = useState(() =>
    Math.min(
      maxTop,
      Math.max(
        0,
        lines.findIndex((l) => l.kind === 'title' && l.text === scopeTitle(active.id, keys)),
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
          {`Keys${view.filter ? ` matching “${view.filter}”${lines.length ? '' : `: none (${keys['help.close']} clears)`}` : ''}${maxTop ? `  (↑↓ PgUp PgDn Home End, ${at + 1}-${at + shown.length} of ${lines.length})` : ''}  · ${keys['help.search']} search · ${keys['help.close']} closes`}
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
          <Text key={i} dimColor={line.notNow && theme.dim} wrap="truncate">
            {`  ${padCells(line.keys ?? '', keyWidth)} ${line.text}`}
          </Text>
        ),
      )}
    </Box>
  );
}
