// One set of stores per profile (src/store/profile-stores.ts), what the console's merged
// views read: three profiles of one simulator (the demo network, another network's minted
// token, a token signed with another key) load side by side; the refused one has its error
// in its own stores and connection, the others their own network's data.
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import {
  createProfileStores,
  type ProfileStores,
  startProfileStores,
  stopProfileStores,
} from '../../src/store/profile-stores.ts';
import { TEST_WORLD } from '../simulator/integration/harness.ts';

let sim: Simulator;
let clock: ManualClock;
let clients: ApiClient[];
let sets: ProfileStores[];

beforeAll(async () => {
  clock = new ManualClock();
  sim = await createSimulator({ seed: 7, clock, ...TEST_WORLD });
  const lab = sim.admin.token(sim.engine.world.networks.names[1]).token;
  const refused = await new SignJWT(decodeJwt(sim.token))
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new Uint8Array(32).fill(7));
  clients = [sim.token, lab, refused].map((token) =>
    createClient({ baseUrl: sim.url, token, clock, retries: 0 }),
  );
  sets = createProfileStores(
    ['home', 'lab', 'retired'].map((name, k) => ({ name, client: clients[k], clock })),
  );
  await startProfileStores(sets);
});
afterAll(async () => {
  stopProfileStores(sets);
  await Promise.all(clients.map((client) => client.close()));
  await sim.close();
});

describe('the stores of each profile', () => {
  it('load each profile’s own network side by side; a refused token fails in its own stores alone', () => {
    expect(sets.map((set) => set.profile)).toEqual(['home', 'lab', 'retired']);
    const [home, lab, retired] = sets;
    const providersOf = (networkId: string, networkName: string) =>
      sim.engine
        .handle('providerStats', undefined, { networkId, networkName })
        .providers!.map((p) => p.client_id);
    const ids = (set: ProfileStores) => set.myProviders.getState().data?.providers?.map((p) => p.client_id);
    expect(ids(home)).toEqual(providersOf(sim.engine.demoNetwork.id, sim.engine.demoNetwork.name));
    expect(ids(lab)).toEqual(
      providersOf(sim.engine.world.networks.ids[1], sim.engine.world.networks.names[1]),
    );
    expect(lab.earnings.getState().data).toBeDefined();
    expect(lab.connection.getState().status).toBe('online');
    expect(retired.myProviders.getState().data).toBeUndefined();
    expect(retired.myProviders.getState().error).toMatchObject({ kind: 'unauthorized' });
    expect(retired.earnings.getState().error).toMatchObject({ kind: 'unauthorized' });
    expect(retired.connection.getState().lastError).toMatchObject({ kind: 'unauthorized' });
    expect(home.connection.getState().lastError).toBeUndefined();
  });

  it('refresh on their own clock, each profile asked again', async () => {
    const before = sets.map((set) => set.myProviders.getState().version);
    await clock.advance(sets[0].myProviders.getState().everyMs);
    expect(sets[0].myProviders.getState().version).toBe(before[0] + 1);
    expect(sets[1].myProviders.getState().version).toBe(before[1] + 1);
  });
});
