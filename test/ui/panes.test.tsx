// The pane registry and the key table hold together: every pane has what the frame needs,
// and every binding has a handler where its scope is shown (and every handler a binding).
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createStores, type Stores } from '../../src/store/index.ts';
import { createKeyRegistry } from '../../src/ui/app.tsx';
import type { KeyRegistry } from '../../src/ui/input/dispatcher.tsx';
import type { Scope } from '../../src/ui/keys/bindings.ts';
import { PANE_ACTIONS } from '../../src/ui/keys/global-keys.ts';
import { keymap, paneSwitchKeys, scopesOf } from '../../src/ui/keys/keymap.ts';
import { PANE_LIST } from '../../src/ui/panes/list.ts';
import { PANES, paneById } from '../../src/ui/panes/registry.ts';
import type { Pane } from '../../src/ui/panes/types.ts';
import { type Rendered, renderApp } from './render.tsx';

/** What the frame needs of a pane, as problems (empty: the pane is whole). */
function paneProblems(pane: Pane, stores: Stores): string[] {
  const problems: string[] = [];
  if (!pane.title.trim()) problems.push(`${pane.id}: no title`);
  if (!pane.shortTitle.trim()) problems.push(`${pane.id}: no short title`);
  if (!pane.keys.some((b) => b.scope === pane.id)) problems.push(`${pane.id}: no keys of its own`);
  for (const b of pane.keys)
    if (b.scope !== pane.id && !b.scope.startsWith('dialog:'))
      problems.push(`${pane.id}: a binding of scope ${b.scope}`);
  if (!(pane.store in stores)) problems.push(`${pane.id}: no store "${pane.store}"`);
  return problems;
}

const someStores = () =>
  createStores({
    client: { baseUrl: 'http://127.0.0.1:1' } as never,
    clock: { now: () => 0 } as never,
    connection: createConnectionStore(),
  });

describe('the pane registry', () => {
  it('gives every pane a title, keys of its own and a store, a digit 1-9 and a unique id', () => {
    const stores = someStores();
    expect(PANES.flatMap((pane) => paneProblems(pane, stores))).toEqual([]);
    expect(PANES.length).toBeLessThanOrEqual(9);
    expect(new Set(PANES.map((p) => p.id)).size).toBe(PANES.length);
    expect(PANES.map((p) => p.id)).toEqual(PANE_LIST.map((p) => p.id));
    expect(PANES.map((p) => p.digit)).toEqual(PANES.map((_, i) => String(i + 1)));
    expect(paneSwitchKeys.map((b) => b.keys[0])).toEqual(PANES.map((p) => p.digit));
  });

  it('finds a pane without keys, a title or a store', () => {
    const broken = {
      ...PANES[0],
      id: 'x',
      title: ' ',
      keys: [],
      store: 'nothing',
    } as unknown as Pane;
    expect(paneProblems(broken, someStores())).toEqual([
      'x: no title',
      'x: no keys of its own',
      'x: no store "nothing"',
    ]);
  });

  it('says so for an id no pane has, rather than showing another pane', () => {
    expect(() => paneById('settings')).toThrow('no pane "settings"');
  });
});

describe('handlers and bindings', () => {
  let app: Rendered | undefined;
  afterEach(async () => {
    await app?.unmount();
    app = undefined;
  });

  /** Actions bound in `scope` by the key table. */
  const bound = (scope: Scope) => new Set(keymap.filter((b) => b.scope === scope).map((b) => b.action));

  function checkScope(keys: KeyRegistry, scope: Scope, checked: Set<Scope>) {
    const handled = new Set(keys.handled(scope));
    const expected = bound(scope);
    // A pane may take over the global moves; the frame leaves those to the panes.
    const optional = new Set<string>(scope === 'global' || scope.startsWith('dialog:') ? [] : PANE_ACTIONS);
    const unbound = [...handled].filter((action) => !expected.has(action) && !optional.has(action));
    const unhandled = [...expected].filter(
      (action) =>
        !handled.has(action) && !(scope === 'global' && (PANE_ACTIONS as readonly string[]).includes(action)),
    );
    expect({ scope, unbound, unhandled }).toEqual({ scope, unbound: [], unhandled: [] });
    checked.add(scope);
  }

  it('every binding of every scope has a handler, and every handler a binding (a tour of panes and dialogs)', async () => {
    const keys = createKeyRegistry();
    const profiles = { list: () => [{ name: 'default', current: true }], choose: () => undefined };
    app = await renderApp({ keys, rows: 40, profiles });
    await app.loaded();
    const checked = new Set<Scope>();
    const { press, waitFor, stores } = app;
    const top = () => stores.session.getState().dialogs.at(-1);
    const dialog = async (open: string[], name: string) => {
      await press(...open);
      await waitFor(() => top() === name);
      checkScope(keys, `dialog:${name}`, checked);
      await press('esc');
      await waitFor(() => top() === undefined);
    };

    checkScope(keys, 'global', checked);
    await press('?');
    checkScope(keys, 'dialog:help', checked);
    await press('esc');
    await press('!');
    checkScope(keys, 'dialog:events', checked);
    await press('esc');
    await press(':');
    checkScope(keys, 'dialog:palette', checked);
    await press('esc');
    for (const pane of PANES) {
      await press(pane.digit);
      checkScope(keys, pane.id, checked);
    }
    await press('3');
    await waitFor('Shared by this network');
    await dialog(['a'], 'addCode');
    await dialog(['s'], 'share');
    // The demo is logged in already: L says so, and the login dialog is opened directly.
    await press('L');
    expect(top()).toBeUndefined();
    stores.session.getState().openDialog('login');
    await waitFor(() => top() === 'login');
    checkScope(keys, 'dialog:login', checked);
    await press('esc');
    await waitFor(() => top() === undefined);
    // Rows with a code: a share of this network's.
    await press('G');
    while (!stores.devices.getState().selectedKey?.startsWith('outgoing:')) await press('k');
    await dialog(['Q'], 'qr');
    await dialog(['R'], 'rename');
    await dialog(['x'], 'confirm');
    await press('6');
    await waitFor('Wallets (');
    await dialog(['a'], 'addWallet');
    await dialog(['w'], 'wallet');
    await dialog(['f'], 'feedback');
    await dialog(['n'], 'apiKey');
    await dialog(['b'], 'redeem');
    await press('4');
    await dialog(['P'], 'stalePeriod');
    await waitFor(() => (stores.myProviders.getState().data?.providers?.length ?? 0) > 0);
    await dialog(['m'], 'mute');
    await press('7');
    await waitFor('Payouts (');
    await dialog(['b'], 'leaderboard');
    await dialog(['e'], 'export');
    await dialog(['@'], 'profiles');
    // Issue 34: a proxy made from a country in Discover, then its WireGuard QR in pane 8.
    await press('1');
    await waitFor(() => stores.discovery.getState().rows.length > 0);
    await press('P');
    await waitFor(() => top() === 'proxy');
    checkScope(keys, 'dialog:proxy', checked);
    await press('w', 'enter');
    await waitFor(() => stores.proxies.getState().form?.phase === 'made');
    await press('esc');
    await press('8');
    await waitFor(() => (stores.proxies.getState().data?.length ?? 0) > 0);
    await dialog(['Q'], 'proxyQr');

    expect([...checked].sort()).toEqual(scopesOf(keymap).sort());
  });
});
