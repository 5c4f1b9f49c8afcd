import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { FindProvidersResult } from '../../src/contract/schemas.ts';
import type { MarkedSpec } from '../../src/store/discovery.ts';
import { scratchDir } from '../scratch-dir.ts';
import { withOverrides } from './fakes.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
let dir: string | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Client ids on screen, in order. */
function shownIds(frame: string): string[] {
  return frame.split('\n').flatMap((l) => (/^[› ][D ] [0-9a-f]{8}-/.test(l) ? [l.match(UUID)![0]] : []));
}

/**
 * The Providers pane on a small country (a few batches of 5 exhaust it). In the seed era
 * by default, where iterating a place yields exactly the count it was listed with.
 */
async function onSmallCountry(options: Parameters<typeof renderApp>[0] = {}) {
  dir = scratchDir('netdeck-ui-providers-');
  app = await renderApp({ exportDir: dir, sim: { era: 'seed' }, ...options });
  await app.waitFor('places with providers');
  const places = await app.client.providerLocations();
  const country = places.locations!.find(
    (l) => l.location_type === 'country' && (l.provider_count ?? 0) >= 8 && (l.provider_count ?? 0) <= 14,
  )!;
  const spec: MarkedSpec = {
    label: country.name!,
    kind: 'country',
    spec: { location_id: country.location_id! },
  };
  await app.press('2');
  app.stores.providers.getState().changeBatchSize(-1);
  return { app, spec, total: country.provider_count!, name: country.name! };
}

describe('Providers pane', () => {
  it('empty before anything is chosen: says how to choose', async () => {
    app = await renderApp({ pane: 'providers' });
    expect(app.frame()).toContain('nothing chosen yet: mark places in Discover (1, space), then p or enter');
    expect(app.frame()).toMatchSnapshot();
  });

  it('loading: a spinner while the first batch is out', async () => {
    app = await renderApp({
      pane: 'providers',
      wrapClient: (client) => withOverrides(client, { findProviders: () => new Promise(() => {}) }),
    });
    void app.stores.providers
      .getState()
      .choose([{ label: 'Germany', kind: 'country', spec: { location_id: 'x' } }]);
    await app.waitFor('fetching 10 more…');
    expect(app.frame()).toMatchSnapshot();
  });

  it('data today: rows with client id, tier, speed in human units and location, as many as the batch size', async () => {
    const { app, spec, name } = await onSmallCountry({ sim: { era: 'current' } });
    await app.stores.providers.getState().choose([spec]);
    // force_count: a batch of 5 is 5, where the service would raise it to 20.
    await app.waitFor('5 seen · 1 batch · batch size 5 · by quality');
    const first = app
      .frame()
      .split('\n')
      .find((l) => UUID.test(l))!;
    expect(first).toMatch(/^› {2}[0-9a-f-]{36} {2}\d\s+([\d.]+ [kMG]?B\/s|unmeasured) {2}.+, .+/);
    expect(first).toContain(name);
    expect(app.frame()).toMatchSnapshot();
    for (let i = 0; i < 10 && !app.frame().includes('exhausted'); i++) await app.press('n');
    await app.waitFor('exhausted');
    const seen = app.stores.providers.getState().seen.map((p) => p.client_id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('says why fewer came than Discover counted (today no provider below the performance gate is sampled)', async () => {
    const { app, spec, total } = await onSmallCountry({ sim: { era: 'current' } });
    await app.stores.providers.getState().choose([{ ...spec, providerCount: total }]);
    await app.waitFor('5 seen');
    for (let i = 0; i < 10 && !app.frame().includes('exhausted'); i++) await app.press('n');
    await app.waitFor('exhausted');
    const seen = app.stores.providers.getState().seen.length;
    expect(seen).toBeLessThan(total);
    expect(app.frame()).toContain(
      `all seen: ${seen} of Discover's ${total}, as none below the performance gate is sampled (x starts over)`,
    );
  });

  it('m ranks the next batches by speed; the request says so', async () => {
    const sent: unknown[] = [];
    const { app, spec } = await onSmallCountry({
      sim: { era: 'current' },
      wrapClient: (client) =>
        withOverrides(client, {
          findProviders: (body, options) => {
            sent.push(body);
            return client.findProviders(body, options);
          },
        }),
    });
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('by quality');
    await app.press('m');
    expect(app.frame()).toContain('by speed');
    await app.press('n');
    await app.waitFor('2 batches');
    expect(sent[0]).toMatchObject({ count: 5, force_count: true, rank_mode: 'quality' });
    expect(sent[1]).toMatchObject({ count: 5, force_count: true, rank_mode: 'speed' });
  });

  it('the seed era reads no rank mode: the demo says the service’s own order, and m says it changes nothing', async () => {
    const { app, spec } = await onSmallCountry();
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('in the service’s own order');
    expect(app.frame()).not.toContain('by quality');
    await app.press('m');
    await app.waitFor(
      'this service reads no rank mode: it picks providers its own way, and m changes nothing',
    );
    expect(app.stores.providers.getState().rankMode).toBe('quality');
  });

  it('shows what the service did not send as unknown, its 0 speed as unmeasured (the seed era sends an id and a 0)', async () => {
    const { app, spec } = await onSmallCountry();
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('5 seen');
    const first = app
      .frame()
      .split('\n')
      .find((l) => UUID.test(l))!;
    expect(first).toMatch(/^› {2}[0-9a-f-]{36} {2}\? +unmeasured {2}\?$/);
    expect(app.frame()).toContain('? not sent by the service');
  });

  it('n iterates a place to exhaustion without repeats, as many as it was listed with (seed era)', async () => {
    const { app, spec, total } = await onSmallCountry();
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('5 seen · 1 batch · batch size 5');
    for (let i = 0; i < 10 && !app.frame().includes('exhausted'); i++) await app.press('n');
    await app.waitFor('exhausted');
    await app.press('G');
    const ids = new Set<string>();
    await app.press('g');
    for (let i = 0; i <= total; i++) {
      for (const id of shownIds(app.frame())) ids.add(id);
      await app.press('j');
    }
    expect(ids.size).toBe(total);
    expect(app.frame()).toContain(`${total} seen`);
    expect(app.frame()).toContain('every matching provider seen: the last batch came back empty');
    expect(
      app.stores.providers
        .getState()
        .seen.map((p) => p.client_id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('x resets; d marks a used destination that stays out after the reset while the rest come back', async () => {
    const { app, spec, total } = await onSmallCountry();
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('5 seen');
    await app.press('j', 'd');
    const marked = app.stores.providers.getState().seen[1].client_id!;
    expect(app.frame()).toContain('1 used destination');
    expect(app.frame()).toMatch(new RegExp(`^›D ${marked}`, 'm'));
    await app.press('x');
    expect(app.frame()).toMatch(/0 seen · 0 batches/);
    expect(app.frame()).toContain('1 used destination');
    for (let i = 0; i < 10 && !app.stores.providers.getState().exhausted; i++) await app.press('n');
    await app.waitFor('exhausted');
    const seen = app.stores.providers.getState().seen.map((p) => p.client_id);
    expect(seen).not.toContain(marked);
    expect(seen).toHaveLength(total - 1);
  });

  it('space marks and moves down; D asks before it forgets the used destinations', async () => {
    const { app, spec } = await onSmallCountry();
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('5 seen');
    const seen = app.stores.providers.getState().seen.map((p) => p.client_id!);
    await app.press('space', 'space');
    expect(Object.keys(app.stores.providers.getState().destinations)).toEqual(seen.slice(0, 2));
    expect(app.frame()).toContain('row 3 of 5 seen');
    expect(app.frame()).toMatch(new RegExp(`^ D ${seen[1]}`, 'm'));
    await app.press('D');
    await app.waitFor('Forget these 2?');
    expect(app.frame()).toContain('Forget 2 used destinations? Later batches no longer leave them out');
    await app.press('n');
    await app.waitFor('2 used destinations');
    expect(Object.keys(app.stores.providers.getState().destinations)).toHaveLength(2);
    await app.press('D');
    await app.waitFor('Forget these 2?');
    await app.press('y');
    await app.waitFor('✓ Forgot 2 used destinations: later batches may bring them again.');
    await app.press('enter');
    await app.waitFor('row 3 of 5 seen');
    expect(app.stores.providers.getState().destinations).toEqual({});
    expect(app.frame()).not.toContain('used destination ·');
  });

  it('+ and - change the batch size; e asks where and in what format, writes the providers shown and says where', async () => {
    const { app, spec } = await onSmallCountry();
    await app.press('+', '+');
    expect(app.frame()).toContain('batch size 20');
    await app.press('-');
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('10 seen');
    // The export dialog My providers and Earnings have: JSON Lines, nothing typed, beside the console.
    await app.press('e');
    await app.waitFor('Export the providers shown');
    await app.press('down', 'enter');
    await app.waitFor('(JSON Lines)');
    const made = readdirSync(dir!).find((name) => name.endsWith('.jsonl')) ?? '';
    expect(made).toMatch(/^netdeck-providers-20260101-000000-[\w-]{12}\.jsonl$/);
    // The path whole, though the box breaks it over lines.
    expect(app.frame().replace(/[\s│]/g, '')).toContain(`wrote10providersto${join(dir!, made)}`);
    const lines = readFileSync(join(dir!, made), 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).client_id)).toEqual(
      app.stores.providers.getState().seen.map((p) => p.client_id),
    );
    await app.press('enter');
    await app.waitFor('10 seen');
    expect(app.stores.session.getState().dialogs).toEqual([]);
  });

  it('error: a failed batch shows an error line and keeps the providers already seen', async () => {
    const { app, spec } = await onSmallCountry();
    await app.stores.providers.getState().choose([spec]);
    await app.waitFor('5 seen');
    const before = shownIds(app.frame());
    app.sim.admin.setFaults({ error_rate: 1, status: 500 });
    await app.press('n');
    await app.waitFor('✗ find-providers2');
    expect(shownIds(app.frame())).toEqual(before);
    expect(app.frame()).toMatchSnapshot();
    app.sim.admin.setFaults({});
    await app.press('n');
    await app.waitFor('10 seen · 2 batches');
    expect(app.frame()).not.toContain('✗');
  });

  it('a 413 says the exclusion list outgrew the service and stops iterating', async () => {
    let calls = 0;
    app = await renderApp({
      pane: 'providers',
      wrapClient: (client) =>
        withOverrides(client, {
          findProviders: async () => {
            if (++calls === 1)
              return {
                providers: [{ client_id: '00000000-0000-4000-8000-000000000001', tier: 0 }],
              } as FindProvidersResult;
            throw new ApiError('http', 'HTTP 413', { status: 413, body: 'request body too large' });
          },
        }),
    });
    await app.stores.providers
      .getState()
      .choose([{ label: 'Everywhere', kind: 'group', spec: { location_group_id: 'g' } }]);
    await app.press('n');
    await app.waitFor('(413)');
    expect(app.frame()).toContain(
      'the exclusion list grew past what the service takes (413): iteration stopped, 1 seen kept',
    );
    await app.press('n');
    expect(calls).toBe(2);
    expect(shownIds(app.frame())).toEqual(['00000000-0000-4000-8000-000000000001']);
  });
});
