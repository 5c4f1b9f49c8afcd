// My providers and Earnings merged over every profile (issue 35, item 3), over three
// profiles of one simulator as test/cli/profiles.test.ts makes them: the demo network
// (`home`), another network whose token the admin route mints (`lab`), and a token signed
// with another key, which the simulator refuses (`retired`). `a` merges them: one table with
// a profile column, a totals line per profile and one of all; the refused profile is said
// to have failed, with its reason, and the others go on; `a` again is the profile in use.
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import type { ManualClock } from '../../src/clock.ts';
import type { ProfilesOpening } from '../../src/store/profile-opening.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The demo token's claims, signed with a key of our own: well formed, and refused. */
const refusedToken = async (sim: Simulator) =>
  new SignJWT(decodeJwt(sim.token)).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(7));

/** The three profiles, each with a client of its own, opened when `a` asks. */
const threeProfiles =
  (refused: () => string) => (sim: Simulator, clock: ManualClock) => (): ProfilesOpening => {
    const lab = sim.engine.world.networks.names[1];
    const tokens = [sim.token, sim.admin.token(lab).token, refused()];
    const clients = tokens.map((token) => createClient({ baseUrl: sim.url, token, clock, retries: 0 }));
    return {
      profiles: [
        { name: 'home', client: clients[0], clock, network: sim.engine.demoNetwork.name },
        { name: 'lab', client: clients[1], clock, network: lab },
        { name: 'retired', client: clients[2], clock },
      ],
      close: async () => {
        await Promise.all(clients.map((client) => client.close()));
      },
    };
  };

/** The provider rows of the merged table (a connection dot, a profile, then an 8-character id). */
const rows = (frame: string) => frame.split('\n').filter((line) => /^[●○] \S+ +[0-9a-f]{8} /.test(line));
const widest = (frame: string) => Math.max(...frame.split('\n').map((line) => line.length));

describe('every profile merged', () => {
  it('a merges My providers and Earnings over three profiles: a profile column, totals per profile and of all, the refused one failed with its reason; a again is one profile', async () => {
    let refused = '';
    app = await renderApp({
      cols: 120,
      rows: 40,
      pane: 'myProviders',
      openProfiles: threeProfiles(() => refused),
    });
    const { stores } = app;
    refused = await refusedToken(app.sim);
    await app.waitFor('Σ total');
    await app.press('a');
    // Every profile loads at once on a machine shared with other tests: give them time.
    await app.waitFor(/✗ retired: /, 10_000);
    await app.waitFor(/Σ all +total/);
    const profiles = stores.everyProfile.getState().profiles;
    const count = (name: string) =>
      profiles.find((p) => p.profile === name)?.myProviders?.data?.providers?.length ?? 0;
    expect(count('home')).toBeGreaterThan(0);
    expect(count('lab')).toBeGreaterThan(0);
    const frame = app.frame();
    expect(frame).toMatch(/CLIENT +DEVICE/);
    expect(frame).toMatch(/^ +PROFILE +CLIENT/m);
    expect(frame).toContain(`every profile (3, 1 failed; a one) · ${count('home') + count('lab')} providers`);
    expect(frame).toMatch(/^Σ home +total /m);
    expect(frame).toMatch(/^Σ lab +total /m);
    expect(frame).toMatch(/✗ retired: .*(not authorized|refused|sign)/i);
    const shown = rows(frame);
    expect(shown.some((line) => / home +[0-9a-f]{8} /.test(line))).toBe(true);
    expect(shown.some((line) => / lab +[0-9a-f]{8} /.test(line))).toBe(true);
    expect(frame).toMatchSnapshot();
    // The cursor moves over every profile's rows together.
    await app.press('j', 'j');
    await app.waitFor(`row 3 of ${count('home') + count('lab')}`);

    // Earnings is merged too: a line per profile, the refused one's reason, a line of all.
    await app.press('7');
    await app.waitFor('Every profile (3)');
    await app.waitFor(/Σ all/);
    expect(app.frame()).toMatch(/^home +\S/m);
    expect(app.frame()).toMatch(/^lab +\S/m);
    expect(app.frame()).toMatch(/^retired +✗ /m);

    await app.resize(80, 24);
    expect(widest(app.frame())).toBeLessThanOrEqual(80);
    await app.press('4');
    await app.waitFor(/Σ all/);
    expect(widest(app.frame())).toBeLessThanOrEqual(80);

    // `a` again: the profile in use alone, and every profile's client closed.
    await app.press('a');
    await app.waitFor('Σ total');
    expect(app.frame()).not.toContain('PROFILE');
    expect(stores.everyProfile.getState().profiles).toEqual([]);
  });
});
