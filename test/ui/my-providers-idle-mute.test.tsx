// My providers' idle providers and mutes (issue 35, items 1 and 2). Idle: the demo network's
// dark providers (connected, never offered, carrying nothing: one from the simulator's own
// schedule, one made dark by its admin action) are marked in words in the NOTE column, `i`
// shows only them, and the detail says what idle means and what to try. Mutes: `m` mutes
// the provider under the cursor for the length its dialog takes, into the file `netdeck
// mute` writes; a mute written to that file by another hand shows at the next refresh, and
// `m` on a muted provider ends its mute.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { darkNow } from '../../simulator/engine/dark.ts';
import { mutesFile } from '../../src/cli/profile/mutes-file.ts';
import { ManualClock } from '../../src/clock.ts';
import { startStores } from '../../src/store/index.ts';
import { createMutesStore } from '../../src/store/mutes.ts';
import { selectedIndex, visibleProviders } from '../../src/store/my-providers.ts';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let app: Rendered | undefined;
let folder: string | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** The provider rows of the table (a connection dot, then an 8-character id). */
const rows = (frame: string) => frame.split('\n').filter((line) => /^[●○] [0-9a-f]{8} /.test(line));
/** The row of one provider. */
const rowOf = (frame: string, clientId: string) =>
  rows(frame).find((line) => line.includes(clientId.slice(0, 8)));

describe('idle providers in My providers', () => {
  it('are marked idle in words, i shows only them, and the detail says what idle means and what to try', async () => {
    const clock = new ManualClock();
    app = await renderApp({
      clock,
      cols: 120,
      rows: 40,
      pane: 'myProviders',
      start: false,
      deps: { idleHours: 2 },
    });
    const { sim, stores } = app;
    const world = sim.engine.world;
    // One made dark by hand as the world starts, and the schedule's first spell, three hours in.
    const demo = (await app.client.providerStats()).providers ?? [];
    let start = world.createdAt;
    while (darkNow(world, start).length === 0) start += MINUTE;
    const prone = new Set(darkNow(world, start).map((i) => world.providers.ids.id(i)));
    const byHand = demo.find((p) => p.connected && !prone.has(p.client_id ?? ''))?.client_id ?? '';
    sim.admin.setProviderDark({ client_id: byHand, hours: 12 });
    await clock.advanceTo(start + 3 * HOUR);
    const dark = new Set([...darkNow(world, clock.now()).map((i) => world.providers.ids.id(i)), byHand]);
    expect(dark.size).toBeGreaterThan(1);
    void startStores(stores);
    await app.waitFor(() => stores.idle.getState().data !== undefined && app!.frame().includes('Σ total'));

    const frame = app.frame();
    expect(frame).toMatch(/CLIENT +DEVICE +NOTE +UP NOW/);
    expect(frame).toContain(`${dark.size} idle (i)`);
    for (const id of dark) expect(rowOf(frame, id)).toMatch(/ idle /);
    const marked = rows(frame).filter((line) => / idle /.test(line));
    expect(marked).toHaveLength(dark.size);

    await app.press('i');
    await app.waitFor('idle for 2h:');
    expect(rows(app.frame())).toHaveLength(dark.size);
    expect(app.frame()).toContain(`idle for 2h: ${dark.size} of ${demo.length} providers (i all)`);
    // The totals count them, whole.
    expect(app.frame()).toMatch(new RegExp(`^Σ total +${dark.size} idle `, 'm'));

    await app.press('enter');
    await app.waitFor('IDLE: connected 2 hours');
    expect(app.frame()).toContain('no search interest, no contract and no transfer');
    expect(app.frame()).toMatch(/server#436/);
    expect(app.frame()).toMatch(/Try restarting it, and check its\s+connectivity/);
    await app.press('esc');
    await app.press('i');
    await app.waitFor(() => rows(app!.frame()).length === demo.length);
  });
});

describe('mutes in My providers', () => {
  it('m mutes the provider under the cursor into netdeck mute’s file; one muted through the file shows at the next refresh; m unmutes', async () => {
    folder = mkdtempSync(join(tmpdir(), 'netdeck-mutes-'));
    const file = mutesFile(join(folder, 'mutes.json'));
    app = await renderApp({ cols: 120, rows: 40, pane: 'myProviders', deps: { mutesFile: file } });
    const { stores, clock } = app;
    await app.waitFor('Σ total');
    // What `netdeck mute` reads and writes.
    const command = createMutesStore(file, clock);
    const cursor = () =>
      visibleProviders(stores.myProviders.getState())[selectedIndex(stores.myProviders.getState())];
    const first = cursor().client_id ?? '';

    await app.press('m');
    await app.waitFor('For: ');
    expect(app.frame()).toMatch(/Mute .+/);
    expect(app.frame()).toContain('1h, 8h, 24h');
    await app.press('down');
    await app.waitFor(/For: 24h/);
    await app.press('enter');
    await app.waitFor(/muted till/);
    command.getState().reload();
    expect(command.getState().mutedUntil(first)).toBe(clock.now() + 24 * HOUR);
    expect(rowOf(app.frame(), first)).toMatch(/muted till \S+/);
    expect(app.frame()).toMatch(/muted .+ watch --notify does not push its events/);

    // Another provider muted by the command shows once the console reads the file again.
    const second = rows(app.frame())
      .map((line) => line.slice(2, 10))
      .find((prefix) => !first.startsWith(prefix));
    const secondId = stores.myProviders
      .getState()
      .data?.providers?.find((p) => p.client_id?.startsWith(second ?? '-'))?.client_id as string;
    command.getState().mute(secondId, HOUR);
    expect(rowOf(app.frame(), secondId)).not.toMatch(/muted/);
    await clock.advance(TEST_REFRESH_MS);
    await app.waitFor(() => /muted/.test(rowOf(app!.frame(), secondId) ?? ''));

    // m on the muted one under the cursor ends its mute, in the file too.
    expect(cursor().client_id).toBe(first);
    await app.press('m');
    await app.waitFor(/unmuted .+ watch --notify pushes its events again/);
    expect(rowOf(app.frame(), first)).not.toMatch(/muted/);
    command.getState().reload();
    expect(command.getState().mutedUntil(first)).toBeUndefined();
    expect(command.getState().mutedUntil(secondId)).toBeDefined();
  });
});
