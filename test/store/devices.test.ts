// The devices store against the real simulator on one ManualClock: codes added, shares
// created, countdowns, the rate-limit hint, a missing token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import type { DeviceAssociations } from '../../src/contract/schemas.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import {
  createDevicesStore,
  type DevicesStore,
  defaultShareName,
  deviceRows,
  RATE_HINT_AFTER,
  selectedRow,
} from '../../src/store/devices.ts';
import { answering } from '../ui/fakes.ts';

let sim: Simulator;
let clock: ManualClock;
let client: ApiClient;
let store: DevicesStore;

beforeEach(async () => {
  clock = new ManualClock();
  sim = await createSimulator({ seed: 7, clock, providers: 1_500, locations: 150, ownProviders: 8 });
  client = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
  store = createDevicesStore({ client, clock, connection: createConnectionStore(), demo: sim.demo });
  await store.getState().start();
});
afterEach(async () => {
  store.getState().stop();
  await client.close();
  await sim.close();
});

/** The rows as the pane draws them: as of the store's `asOf`. */
const rows = () => deviceRows(store.getState(), store.getState().asOf);
const typeAndAdd = async (text: string) => {
  store.getState().setAddInput(text);
  await store.getState().addCode();
};

describe('devices store', () => {
  it('loads the three lists of the demo network', () => {
    const sections = new Set(rows().map((row) => row.section));
    expect(sections).toEqual(new Set(['incoming', 'outgoing']));
    expect(rows().every((row) => row.code && row.deviceName)).toBe(true);
  });

  it('adds a live adoption code typed with odd spacing and case; it expires at a fixed time, then leaves the list', async () => {
    const live = sim.admin.codes().adopt_codes[0];
    await typeAndAdd(`  ${live.code.toUpperCase().split(' ').join('   ')} `);
    const { add } = store.getState();
    expect(add.phase).toBe('added');
    expect(add.added).toMatchObject({ codeType: 'adopt', code: live.code, deviceName: live.device_name });
    expect(add.input).toBe('');

    const pending = () => rows().find((row) => row.code === live.code);
    expect(pending()).toMatchObject({ section: 'pending', deviceName: live.device_name, pending: true });
    const expiresAt = pending()?.expiresAt ?? 0;
    expect(expiresAt - clock.now()).toBeGreaterThan(14 * 60_000);
    // A refresh tells the same expiry again (the minutes left, from a later answer).
    await store.getState().refresh();
    await clock.advance(30_000);
    await store.getState().refresh();
    expect(pending()?.expiresAt).toBe(expiresAt);

    // The device confirms within minutes or the code expires after 15: either way it goes.
    let minutes = 0;
    while (pending() && minutes < 17) {
      await clock.advance(60_000);
      minutes++;
    }
    expect(pending()).toBeUndefined();
    expect(minutes).toBeLessThanOrEqual(16);
  });

  it('a pending adoption leaves when its code expires, between two refreshes, and asOf moves only then', async () => {
    const answer: DeviceAssociations = {
      pending_adoption_devices: [
        { code: 'a b c d e f', device_name: 'soon', duration_minutes: 1.5 },
        { code: 'g h i j k l', device_name: 'later', duration_minutes: 4 },
      ],
    };
    const lone = createDevicesStore({
      client: answering('deviceAssociations', answer),
      clock,
      connection: createConnectionStore(),
      refreshEveryMs: 3_600_000,
    });
    await lone.getState().start();
    const start = clock.now();
    const names = () => deviceRows(lone.getState(), lone.getState().asOf).map((row) => row.deviceName);
    expect(lone.getState().asOf).toBe(start);
    expect(names()).toEqual(['soon', 'later']);
    expect(deviceRows(lone.getState(), start)[0].expiresAt).toBe(start + 90_000);
    await clock.advance(89_000);
    expect(lone.getState().asOf).toBe(start);
    await clock.advance(1_000);
    expect(lone.getState().asOf).toBe(start + 90_000);
    expect(names()).toEqual(['later']);
    await clock.advance(150_000);
    expect(lone.getState().asOf).toBe(start + 240_000);
    expect(names()).toEqual([]);
    lone.getState().stop();
  });

  it('of several adoptions, confirmed ones leave early and the others when their 15 minutes are up', async () => {
    const codes = sim.admin.codes().adopt_codes.map((c) => c.code);
    for (const code of codes) await typeAndAdd(code);
    const goneAt = new Map<string, number>();
    for (let minute = 1; minute <= 16; minute++) {
      await clock.advance(60_000);
      for (const code of codes) {
        if (!goneAt.has(code) && !rows().some((row) => row.code === code)) goneAt.set(code, minute);
      }
    }
    const minutes = codes.map((code) => goneAt.get(code));
    expect(minutes.every((m) => m !== undefined && m <= 15)).toBe(true);
    expect(minutes.some((m) => (m ?? 0) < 15)).toBe(true);
    expect(minutes).toContain(15);
  });

  it('adds another network’s share code: incoming, with the owner network, pending until confirmed', async () => {
    const live = sim.admin.codes().share_codes[0];
    await typeAndAdd(live.code);
    expect(store.getState().add.added).toMatchObject({
      codeType: 'share',
      deviceName: live.device_name,
      networkName: live.network_name,
    });
    const row = rows().find((r) => r.code === live.code);
    expect(row).toMatchObject({ section: 'incoming', networkName: live.network_name, pending: true });
    expect(row?.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a malformed code is caught before sending and keeps the typed text', async () => {
    await typeAndAdd('apple banana');
    expect(store.getState().add).toMatchObject({ phase: 'malformed', input: 'apple banana' });
    expect(store.getState().add.message).toContain('this has 2 words');
    expect(store.getState().addFailures).toBe(0);
  });

  it('an unknown code shows the service’s message, keeps the text, and hints at the rate limit after repeated failures', async () => {
    const wrong = 'abandon ability able about above absent';
    for (let k = 1; k <= RATE_HINT_AFTER; k++) {
      await typeAndAdd(wrong);
      expect(store.getState().add).toMatchObject({ phase: 'failed', message: 'Invalid code.', input: wrong });
      expect(store.getState().addFailures).toBe(k);
    }
    // Past the limit even a live code is refused with the same words.
    for (let k = RATE_HINT_AFTER; k < 10; k++) await typeAndAdd(wrong);
    await typeAndAdd(sim.admin.codes().adopt_codes[0].code);
    expect(store.getState().add.message).toBe('Invalid code.');
    expect(store.getState().addFailures).toBe(11);
  });

  it('shares an own device picked by name: the device name prefilled, code returned, listed under outgoing shares', async () => {
    await store.getState().openShare();
    const { share } = store.getState();
    // 8 devices, and the 2 old clients of devices that came back with a new id.
    expect(share.devices?.length).toBe(10);
    const names = share.devices!.map((d) => d.device_name ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    store.getState().shareMoves.move(2);
    store.getState().pickShareDevice();
    const clientId = share.devices?.[2].client_id ?? '';
    expect(store.getState().share).toMatchObject({ step: 'name', clientId });
    expect(store.getState().share.name).toBe(share.devices?.[2].device_name);
    store.getState().setShareName('lab box');
    await store.getState().submitShare();
    const done = store.getState().share;
    expect(done.step).toBe('done');
    expect(done.code).toMatch(/^[a-z]+( [a-z]+){5}$/);
    expect(rows().find((row) => row.code === done.code)).toMatchObject({
      section: 'outgoing',
      deviceName: 'lab box',
      clientId,
      pending: true,
    });
  });

  it('prefills a share name from outgoing shares, else device- and 8 chars of the client id', () => {
    const data = {
      outgoing_shared_devices: [{ client_id: 'abc', device_name: 'garage pi' }],
    } as DeviceAssociations;
    expect(defaultShareName(data, 'abc')).toBe('garage pi');
    expect(defaultShareName(data, '0123456789abcdef')).toBe('device-01234567');
  });

  it('moves the cursor over all rows and keeps the selection by key', () => {
    const all = rows();
    store.getState().moveTo('bottom');
    expect(selectedRow(rows(), store.getState().selectedKey)?.key).toBe(all.at(-1)?.key);
    store.getState().move(-1);
    expect(selectedRow(rows(), store.getState().selectedKey)?.key).toBe(all.at(-2)?.key);
    store.getState().moveTo('top');
    expect(selectedRow(rows(), store.getState().selectedKey)?.key).toBe(all[0].key);
  });

  it('without a token says so instead of sending', async () => {
    const anonymous = createClient({ baseUrl: sim.url, retries: 0 });
    const bare = createDevicesStore({ client: anonymous, clock, connection: createConnectionStore() });
    bare.getState().setAddInput(sim.admin.codes().adopt_codes[0].code);
    await bare.getState().addCode();
    expect(bare.getState().add).toMatchObject({ phase: 'failed', noToken: true });
    expect(bare.getState().add.message).toContain('--token');
    expect(bare.getState().addFailures).toBe(0);
    await anonymous.close();
  });
});
