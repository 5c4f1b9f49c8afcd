// A hosted proxy's secrets stay out of the console's lists (issue 34): the clients store
// (Devices, the share picker, My providers' names) and the event log hold neither the
// proxy's token, in any case, nor its WireGuard private key; the proxies store alone keeps
// them (pane 8 copies and draws them). Against the simulator, on the stores' own clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import { maskClientSecrets, maskWgFile } from '../../src/api/proxy-secrets.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createStores, startStores, stopStores } from '../../src/store/index.ts';

let sim: Simulator;
const clock = new ManualClock();
beforeAll(async () => {
  sim = await createSimulator({ seed: 3, clock, providers: 300, locations: 40, ownProviders: 3 });
});
afterAll(() => sim.close());

describe("a proxy's secrets in the console's stores", () => {
  it('the clients store and the event log hold neither its token nor its private key; the proxies store does', async () => {
    const client = createClient({ baseUrl: sim.url, token: sim.token, retries: 0, clock });
    const made = await client.authClient({
      description: 'proxy in Germany (DE)',
      proxy_config: { enable_wg: true, initial_device_state: { country_code: 'de' } },
    });
    const token = made.proxy_config_result!.auth_token!;
    const key = made.proxy_config_result!.wg_config!.client_private_key!;
    const leaks = (value: unknown) => {
      const text = JSON.stringify(value);
      return text.toLowerCase().includes(token.toLowerCase()) || text.includes(key);
    };

    const stores = createStores({ client, clock, connection: createConnectionStore() });
    await startStores(stores);
    await stores.proxies.getState().refresh();
    const clients = stores.clients.getState().data;
    expect(clients?.clients?.some((c) => c.client_id === made.client_id)).toBe(true);
    expect(leaks(clients)).toBe(false);
    expect(stores.events.last().length).toBeGreaterThan(0);
    expect(leaks(stores.events.store.getState())).toBe(false);
    expect(leaks(stores.proxies.getState().data)).toBe(true);
    stopStores(stores);
    await client.close();
  });

  it('masks the token in the HTTPS host name and the PrivateKey line, and leaves the rest as sent', () => {
    const token = 'ABCDEFGHIJKLMNOPQRSTUV0123456789ABCDEFGHIJKLMNOPQRSTUV0123';
    const config =
      '[Interface]\nPrivateKey = aGVsbG8gd29ybGQgaGVsbG8gd29ybGQgaGVsbG8gd28=\nAddress = 10.1.2.3/32';
    const masked = maskClientSecrets({
      clients: [
        {
          client_id: 'c',
          proxy_client: {
            auth_token: token,
            https_proxy_url: `https://${token.toLowerCase()}.proxy.example:443`,
            http_proxy_url: 'http://proxy.example:8080',
            wg_config: { client_private_key: 'aGVsbG8gd29ybGQgaGVsbG8gd29ybGQgaGVsbG8gd28=', config },
          },
        },
        { client_id: 'plain', device_name: 'attic pi' },
      ],
    });
    const proxy = masked.clients![0]!.proxy_client!;
    expect(proxy.https_proxy_url).toBe('https://***.proxy.example:443');
    expect(proxy.http_proxy_url).toBe('http://proxy.example:8080');
    expect(proxy.wg_config?.config).toBe(maskWgFile(config));
    expect(proxy.wg_config?.config).toMatch(/^PrivateKey = aGVs…\(44 chars\)…28=$/m);
    expect(JSON.stringify(masked).toLowerCase()).not.toContain(token.toLowerCase());
    expect(masked.clients![1]).toEqual({ client_id: 'plain', device_name: 'attic pi' });
  });
});
