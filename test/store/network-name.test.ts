// The header's network name: a JWT's claims name it; an API key names none, so the
// stores ask the service (GET /network/user) once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createStores } from '../../src/store/index.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await createSimulator({ seed: 3, clock: new ManualClock(), providers: 300, locations: 60 });
});
afterEach(() => sim.close());

async function storesFor(token: string) {
  const client = createClient({ baseUrl: sim.url, token, retries: 0 });
  const stores = createStores(
    { client, clock: new ManualClock(), connection: createConnectionStore() },
    { token },
  );
  return { stores, close: () => client.close() };
}

describe('the network name of the header', () => {
  it('a key token: the name /network/user gives, as it is now', async () => {
    const owner = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
    const { api_key } = await owner.createApiKey({ name: 'x' });
    await owner.updateNetworkName({ network_name: 'Home Lab' });
    await owner.close();
    const { stores, close } = await storesFor(api_key!);
    try {
      expect(stores.session.getState().networkName).toBeUndefined();
      await expect.poll(() => stores.session.getState().networkName).toBe('Home Lab');
    } finally {
      await close();
    }
  });

  it('a JWT: the claims, without asking the service', async () => {
    const { stores, close } = await storesFor(sim.token);
    try {
      expect(stores.session.getState().networkName).toBe('demo');
    } finally {
      await close();
    }
  });
});
