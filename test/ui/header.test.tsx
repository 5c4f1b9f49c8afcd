// The header names the profile in use, and shows only what applies: the refresh time of
// what the pane shows (none for a search's matches or the Providers' batches, the
// history's own in a 7/30-day view), and one countdown at a time.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { firstFrameLines } from '../../src/cli/console/first-paint.ts';
import { ManualClock } from '../../src/clock.ts';
import { formatClockTime } from '../../src/format/numbers.ts';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const header = () => app!.frame().split('\n')[0];

describe('header', () => {
  it('names the profile in use first, as k9s names its context, and keeps it where the rest is cut', async () => {
    app = await renderApp({ profile: 'prod', cols: 120 });
    await app.waitFor('places with providers');
    expect(header()).toMatch(/^netdeck · profile prod · SIMULATOR seed 7 · demo {2,}updated/);
    await app.resize(60, 15);
    expect(header()).toMatch(/^profile prod · SIMULATOR seed 7 ·… /);
    // The first paint, before Ink, draws the same words.
    const painted = stripVTControlCharacters(
      firstFrameLines({
        target: { kind: 'demo', seed: 7 },
        network: 'demo',
        profile: 'prod',
        columns: 120,
        rows: 40,
        status: '',
      }).get(1) ?? '',
    );
    expect(painted).toMatch(/^netdeck · profile prod · SIMULATOR seed 7 · demo /);
  });

  it('names no profile for the plain demo', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    expect(header()).toMatch(/^netdeck · SIMULATOR seed 7 · demo /);
  });

  it('no refresh time over a search, nor in Providers; back with the browse list', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    expect(header()).toMatch(/updated 00:00:00 · next \d\d:\d\d:\d\d/);
    await app.press('/');
    await app.type('ber');
    await app.press('enter');
    await app.waitFor(/\d+ match/);
    expect(header()).not.toMatch(/updated|next/);
    expect(header()).toMatch(/● online$/);
    await app.press('esc');
    expect(header()).toMatch(/updated 00:00:00 · next \d\d:\d\d:\d\d/);
    await app.press('2');
    expect(header()).not.toMatch(/updated|next/);
  });

  it("My providers' 7-day view: the history's refresh, not the hidden table's", async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.waitFor('Σ total');
    await app.clock.advance(10_000);
    expect(header()).toContain(`next ${formatClockTime(TEST_REFRESH_MS)}`);
    await app.press('t');
    await app.waitFor('last 7 days');
    await app.waitFor(() => app!.stores.history.overview.getState().fetchedAt !== undefined);
    await app.waitFor(`updated 00:00:10 · next ${formatClockTime(10_000 + TEST_REFRESH_MS)}`);
  });

  it('while the connection retries, its countdown is the only one', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    // Every store's first load done: a late answer would say online again.
    await app.loaded();
    app.sim.admin.setFaults({ error_rate: 1, status: 503 });
    await app.press('r');
    await app.waitFor(/retrying in \d+ s$/m);
    expect(header()).toMatch(/updated 00:00:00\s+● retrying in \d+ s$/);
    expect(header()).not.toContain('next');
    app.sim.admin.setFaults({});
    await app.press('r');
    await app.waitFor(/next \d\d:\d\d:\d\d +● online$/m);
  });

  it('the demo at --speed 60: the clock times marked ×60, the refresh period said in real time too', async () => {
    const clock = new ManualClock();
    Object.defineProperty(clock, 'speed', { value: 60 });
    app = await renderApp({ clock, pane: 'network' });
    await app.waitFor('live, every');
    expect(header()).toMatch(/updated 00:00:00 · next 00:02:00 {2}×60 {2}● online$/);
    expect(app.frame()).toContain('live, every 2 min (2 s at 60x) · r refreshes now');
  });

  it('on an API whose clock runs 60x (netdeck sim --speed 60): the simulated times, marked once the answers tell the rate', async () => {
    app = await renderApp({ service: { aheadMs: 5 * 3_600_000, speed: 60 }, pane: 'network' });
    await app.waitFor('live, every');
    // The service's time, not this machine's 00:00:00; no rate known yet.
    expect(header()).toMatch(/updated 05:00:00 · next 05:02:00 {2}● online$/);
    expect(app.frame()).toContain('live, every 2 min · r refreshes now');
    // A local second is a simulated minute: the answers (and a probe a second after the
    // first of them, if need be) tell the rate within two.
    await app.clock.advance(2_000);
    expect(app.client.serverClock.speed).toBe(60);
    // Refreshes every two simulated minutes: two local seconds.
    await app.clock.advance(2_000);
    await app.waitFor(/updated 05:0[2-4]:\d\d · next 05:0[4-6]:\d\d {2}×60 {2}● online$/m);
    expect(app.frame()).toContain('live, every 2 min (2 s at 60x) · r refreshes now');
  });
});
