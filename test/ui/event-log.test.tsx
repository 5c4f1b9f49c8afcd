// The event log (`!`) and the toast: what happened while the console ran, newest first.
import { afterEach, describe, expect, it } from 'vitest';
import { deviceEvents } from '../../src/store/events/console-events.ts';
import { TOAST_MS } from '../../src/ui/frame/event-log.tsx';
import { type Rendered, renderApp, TEST_REFRESH_MS } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const lastLine = (frame: string) => frame.split('\n').at(-1) ?? '';

describe('deviceEvents', () => {
  const time = '2026-01-01T00:10:00.000Z';
  it('a pending adoption gone in its time was confirmed, after it expired', () => {
    const before = {
      pending_adoption_devices: [
        { code: 'c1', device_name: 'laptop', duration_minutes: 30, client_id: 'id1' },
        { code: 'c2', device_name: 'phone', duration_minutes: 1 },
        { code: 'c3', device_name: 'still' },
      ],
    };
    const after = { pending_adoption_devices: [{ code: 'c3', device_name: 'still' }] };
    const events = deviceEvents(before, after, time, 120_000);
    expect(events.map((e) => [e.type, e.code, e.message])).toEqual([
      ['adoption_confirmed', 'c1', '"laptop" confirmed its adoption: it is this network\'s now'],
      ['adoption_expired', 'c2', 'the adoption code of "phone" expired unconfirmed'],
    ]);
  });

  it('a share new to either list is added; an outgoing one no longer pending is confirmed', () => {
    const before = {
      outgoing_shared_devices: [{ code: 's1', device_name: 'tv', pending: true }],
      incoming_shared_devices: [],
    };
    const after = {
      outgoing_shared_devices: [
        { code: 's1', device_name: 'tv', pending: false, network_name: 'guest' },
        { code: 's2', device_name: 'box', pending: true },
      ],
      incoming_shared_devices: [{ code: 'i1', device_name: 'cam\u001b[2J', network_name: 'friend' }],
    };
    const events = deviceEvents(before, after, time, 60_000);
    expect(events.map((e) => e.message)).toEqual([
      '"cam" is shared with this network by friend',
      'the share of "tv" is confirmed: guest can use it',
      'a share code for "box" was created',
    ]);
    expect(deviceEvents(after, after, time, 60_000)).toEqual([]);
  });
});

describe('the event log', () => {
  it('! opens it over any pane, newest first; it scrolls; esc and ! close it', async () => {
    app = await renderApp({ cols: 120, rows: 20 });
    await app.loaded();
    await app.press('4');
    await app.press('!');
    expect(app.frame()).toContain('Event log · newest first');
    expect(app.stores.session.getState().overlay).toBe('events');
    await app.press('esc');
    expect(app.stores.session.getState().overlay).toBeUndefined();
    expect(app.frame()).not.toContain('Event log');

    // 30 events, more than fit.
    app.stores.events.record(
      Array.from({ length: 30 }, (_, i) => ({
        type: 'share_added' as const,
        severity: 'info' as const,
        time: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        message: `event number ${i + 1}`,
      })),
    );
    await app.press('!');
    const lines = app.frame().split('\n');
    const first = lines.findIndex((line) => line.includes('Event log'));
    expect(lines[first + 1]).toMatch(/^00:29:00 ✓ event number 30$/);
    expect(lines[first + 2]).toMatch(/event number 29$/);
    expect(lines[first]).toMatch(/1 of 3\d/);
    // j moves the cursor (an entry at a time), the window follows it.
    await app.press('j', 'j');
    expect(app.frame().split('\n')[first]).toMatch(/3 of 3\d/);
    expect(app.frame().split('\n')[first + 1]).toMatch(/event number 30$/);
    await app.press('G');
    expect(app.frame()).toContain('event number 1\n');
    await app.press('g');
    expect(app.frame().split('\n')[first + 1]).toMatch(/event number 30$/);
    // Keys do not reach the pane behind it.
    await app.press('2');
    expect(app.stores.session.getState().activePane).toBe('myProviders');
    await app.press('!');
    expect(app.frame()).not.toContain('Event log');
  });

  it('enter shows the entry under the cursor whole where the line is cut, and on one line again', async () => {
    app = await renderApp({ cols: 67, rows: 19 });
    await app.loaded();
    const long = `a long entry ${'word '.repeat(20)}and its end`;
    app.stores.events.record([
      {
        type: 'user_action',
        severity: 'info',
        time: new Date(Date.UTC(2026, 0, 1)).toISOString(),
        message: long,
      },
      {
        type: 'share_added',
        severity: 'info',
        time: new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString(),
        message: 'newer',
      },
    ]);
    await app.press('!');
    await app.waitFor('Event log');
    const flat = () => app!.frame().replace(/\s+/g, ' ');
    expect(flat()).not.toContain('and its end');
    await app.press('j', 'enter');
    await app.waitFor(() => flat().includes(long));
    await app.press('enter');
    expect(flat()).not.toContain('and its end');
  });

  it('logs a provider that drops and comes back, and toasts each for a few seconds in the footer', async () => {
    app = await renderApp({ cols: 140, rows: 30 });
    await app.loaded();
    const { clock, sim, stores } = app;
    expect(lastLine(app.frame())).toContain('? help');
    const provider = stores.myProviders.getState().data?.providers?.find((p) => p.connected);
    const id = provider!.client_id!;
    sim.admin.setProviderConnected({ client_id: id, connected: false });
    for (let i = 0; i < 3; i++) await clock.advance(TEST_REFRESH_MS);
    await app.waitFor(() => stores.events.last().some((e) => e.client_id === id));
    await app.waitFor(() => /✗ provider .* has been disconnected for 6 minutes/.test(lastLine(app!.frame())));
    expect(lastLine(app.frame())).toContain('! event log');
    // Gone after TOAST_MS (one timer, no ticking); the keys are back.
    const before = app.stdout.frames.length;
    await clock.advance(TOAST_MS - 1);
    expect(lastLine(app.frame())).toContain('disconnected');
    await clock.advance(1);
    await app.waitFor(() => lastLine(app!.frame()).includes('? help'));
    expect(app.stdout.frames.length - before).toBeLessThanOrEqual(TOAST_MS / 1000 + 2);

    sim.admin.setProviderConnected({ client_id: id, connected: true });
    // To the next refresh (the toast's time is already gone past the last one).
    await clock.advance(TEST_REFRESH_MS - TOAST_MS);
    await app.waitFor(() => /✓ provider .* is connected again/.test(lastLine(app!.frame())));
    await app.press('!');
    const log = app.frame();
    expect(log.indexOf('is connected again')).toBeLessThan(log.indexOf('has been disconnected'));
  });

  it('does not toast what was already so at the start, but logs it', async () => {
    app = await renderApp({ cols: 120, rows: 30 });
    await app.loaded();
    expect(lastLine(app.frame())).toContain('? help');
    const startup = app.stores.events.last().filter((e) => e.startup);
    expect(startup.length).toBe(app.stores.events.last().length);
  });

  it('logs a failing request and its recovery', async () => {
    app = await renderApp({ cols: 120, rows: 30 });
    await app.loaded();
    app.sim.admin.setFaults({ error_rate: 1, status: 503 });
    await app.clock.advance(TEST_REFRESH_MS);
    await app.waitFor(() => app!.stores.events.last().some((e) => e.type === 'request_failed'));
    app.sim.admin.setFaults({ error_rate: 0 });
    await app.clock.advance(TEST_REFRESH_MS);
    await app.waitFor(() => app!.stores.events.last().some((e) => e.type === 'request_recovered'));
    await app.press('!');
    // Named as a person knows them ("provider locations", not providerLocations).
    expect(app.frame()).toMatch(/! a request failed: [a-z]+ [a-z ]+: 503/);
    expect(app.frame()).toMatch(/✓ [a-z]+ [a-z ]+ answers again, after \d+ s of failures/);
    expect(app.frame()).not.toMatch(/[a-z][A-Z]\w*: 503|0 minutes/);
  });
});
