// A hosted proxy in every list of the network's clients, in process against one simulator
// (issue 34): `clients` in every format and `watch` hold neither its token, in any case, nor
// its WireGuard private key (searched in the whole output, not one field); proxies are
// never stale (`clients --stale` and `clients remove --stale` leave them out and say how
// many); `proxy remove` takes one away, and refuses a client that is no proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { eventually, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
let made: { clientId: string; token: string; privateKey: string };
beforeAll(async () => {
  fx = await startSimFixture();
  const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token, retries: 0, clock: fx.clock });
  const answer = await client.authClient({
    description: 'proxy in Germany (DE)',
    proxy_config: { enable_wg: true, initial_device_state: { country_code: 'de' } },
  });
  const proxy = answer.proxy_config_result!;
  made = {
    clientId: answer.client_id!,
    token: proxy.auth_token!,
    privateKey: proxy.wg_config!.client_private_key!,
  };
  await client.close();
});
afterAll(() => fx.close());

/** Whether `text` holds the proxy's token (any case) or its private key. */
const leaks = (text: string) =>
  text.toLowerCase().includes(made.token.toLowerCase()) || text.includes(made.privateKey);

describe('proxy create', () => {
  it('prints each URL with the token as its user name, the shell line, and where traffic leaves from', async () => {
    const table = await run(['proxy', 'create', '--country', 'de'], { env: fx.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ {2}HTTP {7}http:\/\/[0-9A-V]{58}@localhost:\d+$/m);
    expect(table.stdout).toMatch(/^ {2}SOCKS5 {5}socks5h:\/\/[0-9A-V]{58}@localhost:\d+$/m);
    expect(table.stdout).toMatch(/^export HTTPS_PROXY=http:\/\/\S+ ALL_PROXY=socks5h:\/\/\S+$/m);
    expect(table.stderr).toMatch(
      /traffic through this proxy leaves from the simulator's machine, not from Germany \(DE\)/,
    );
    // Gone again: the lists below count one proxy, the one made first.
    const clientId = table.stdout.match(/client ([0-9a-f-]{36})/)![1]!;
    expect((await run(['proxy', 'remove', clientId], { env: fx.env })).code).toBe(0);
  });
});

describe('a proxy among the clients', () => {
  it('clients --json, --csv and the table hold neither its token nor its private key; --show-secrets does', async () => {
    for (const format of [['--json'], ['--csv'], []]) {
      const listed = await run(['clients', ...format], { env: fx.env });
      expect(listed.code).toBe(0);
      expect(leaks(listed.stdout + listed.stderr), `clients ${format}`).toBe(false);
    }
    // The proxy is there, masked: the search looked at the right thing.
    const json = JSON.parse((await run(['clients', '--json'], { env: fx.env })).stdout);
    const proxy = json.clients.find((c: { client_id: string }) => c.client_id === made.clientId).proxy_client;
    expect(proxy.auth_token).toMatch(/^[0-9A-V]{4}…\(58 chars\)…/);
    expect(proxy.https_proxy_url).toMatch(/^https:\/\/\*\*\*\.localhost:\d+$/);
    expect(proxy.wg_config.config).toMatch(/^PrivateKey = \S{4}…\(44 chars\)…/m);
    const shown = await run(['clients', '--json', '--show-secrets'], { env: fx.env });
    expect(shown.stdout).toContain(made.token);
  });

  it('watch: its events hold neither', async () => {
    const controller = new AbortController();
    const output = { stdout: '', stderr: '' };
    const done = run(['watch', '--refresh', '60', '--disconnected-minutes', '0'], {
      env: fx.env,
      output,
      deps: { clock: fx.clock, stop: controller.signal },
    });
    await eventually(() => /"type"/.test(output.stdout), 'the first events of watch');
    controller.abort();
    await done;
    expect(leaks(output.stdout + output.stderr)).toBe(false);
  });

  it('clients --stale and clients remove --stale leave it out and say how many', async () => {
    // Half an hour later: the proxy has no connection and is older than 30m.
    await fx.clock.advance(31 * 60_000);
    const stale = await run(['clients', '--stale', '30m', '--json'], { env: fx.env });
    expect(stale.code).toBe(0);
    const ids = JSON.parse(stale.stdout).clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).not.toContain(made.clientId);
    expect(stale.stderr).toMatch(/left out 1 proxy client \(a hosted proxy is never stale/);
    const removed = await run(['clients', 'remove', '--stale', '30m', '--yes', '--json'], { env: fx.env });
    expect(JSON.parse(removed.stdout).client_ids).not.toContain(made.clientId);
    expect(removed.stderr).toMatch(/left out 1 proxy client/);
  });

  it('proxy remove refuses a client that is no proxy (exit 2), removes the proxy', async () => {
    const clients = JSON.parse((await run(['clients', '--json'], { env: fx.env })).stdout).clients;
    const plain = clients.find((c: { proxy_client?: unknown }) => !c.proxy_client).client_id;
    const refused = await run(['proxy', 'remove', plain], { env: fx.env });
    expect(refused).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("is not a hosted proxy's client"),
    });
    const removed = await run(['proxy', 'remove', made.clientId], { env: fx.env });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/removed the proxy in Germany \(DE\)/);
    const listed = JSON.parse((await run(['proxy', 'list', '--json'], { env: fx.env })).stdout);
    expect(listed.clients).toEqual([]);
  });
});
