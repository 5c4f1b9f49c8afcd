// An idle pane draws nothing between refreshes (issue 33, bug 3): no age or countdown moves
// by itself (they are clock times, or told as of the last answer), and a changed figure's
// highlight ends on a timer of the store clock, not on a per-second render. Ink writes a
// frame for every render in these tests, so no frame is no render at all. What an idle pane
// costs in CPU is bench/tui-idle's to measure, never a test's.
import { afterEach, describe, expect, it } from 'vitest';
import { PANE_LIST } from '../../src/ui/panes/list.ts';
import { addDemoAdoption, type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** Long enough for any highlight of the first answers to end; short of the next refresh. */
const SETTLE_MS = 10_000;

/** Every pane of the list (a new one is tried as soon as it has its tab), as bench/tui-idle measures them. */
const PANES = PANE_LIST.map((pane) => pane.id);

describe('an idle pane', () => {
  it.each(PANES)('%s draws nothing between two refreshes', async (pane) => {
    app = await renderApp({ pane });
    await app.loaded();
    await app.clock.advance(SETTLE_MS);
    const frames = app.stdout.frames.length;
    await app.clock.advance(TEST_REFRESH_MS - SETTLE_MS - 1_000);
    expect(app.stdout.frames.length, app.frame()).toBe(frames);
  });

  it('Devices with a pending adoption draws nothing between two refreshes (its code’s expiry is a clock time)', async () => {
    app = await renderApp({ pane: 'devices' });
    await app.loaded();
    await addDemoAdoption(app);
    await app.waitFor('pending until');
    await app.clock.advance(SETTLE_MS);
    const frames = app.stdout.frames.length;
    await app.clock.advance(TEST_REFRESH_MS - SETTLE_MS - 1_000);
    expect(app.stdout.frames.length, app.frame()).toBe(frames);
    expect(app.frame()).toContain('pending until');
  });

  it('My providers after a refresh that changed figures: lit for a moment, then nothing until the next', async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.loaded();
    const first = app.stores.myProviders.getState().version;
    await app.clock.advance(TEST_REFRESH_MS);
    await app.waitFor(() => app!.stores.myProviders.getState().version > first);
    expect(app.stores.myProviders.getState().lit).toBe(true);
    await app.clock.advance(SETTLE_MS);
    expect(app.stores.myProviders.getState().lit).toBe(false);
    const frames = app.stdout.frames.length;
    await app.clock.advance(TEST_REFRESH_MS - SETTLE_MS - 1_000);
    expect(app.stdout.frames.length).toBe(frames);
  });
});
