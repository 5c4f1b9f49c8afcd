// Issue 34 end to end: the built binary against one `netdeck sim` (its proxies, balance
// codes, sign-up and my-ip-info): a proxy made and listed, its secrets in no list of the
// network's clients (searched in the whole output, in any case), proxies left out of the
// stale clients, the data balance and a seeded code redeemed, `ip --via` through the
// proxy, and a sign-up without a terminal finished with the e-mailed code.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINARY } from '../e2e/harness.ts';
import { binaryHarness, SMALL_SIM } from './binary-harness.ts';
import { eventually } from './harness.ts';

const binary = binaryHarness();
const { netdeck } = binary;
let sim: Awaited<ReturnType<typeof binary.startSim>>;
let env: Record<string, string>;
let admin: (path: string, body?: unknown) => Promise<Record<string, unknown>>;
/** The proxy every test below uses: made once, with WireGuard. */
let made: { clientId: string; token: string; privateKey: string };

beforeAll(async () => {
  await binary.setUp();
  sim = await binary.startSim([...SMALL_SIM, '--admin']);
  env = { NETDECK_API_URL: sim.url, NETDECK_TOKEN: sim.token };
  const secret = sim.out.match(/^admin secret: (\S+)$/m)![1]!;
  admin = (path, body) =>
    fetch(`${sim.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-sim-admin': secret, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const created = await netdeck(['proxy', 'create', '--country', 'de', '--wg', '--json'], env);
  expect(created.code, created.stderr).toBe(0);
  const result = JSON.parse(created.stdout).proxy_config_result;
  made = {
    clientId: result.client_id,
    token: result.auth_token,
    privateKey: result.wg_config.client_private_key,
  };
}, 120_000);
afterAll(async () => {
  await sim?.stop();
  binary.killChildren();
  binary.tearDown();
});

/** Whether `text` holds the proxy's token (any case) or its private key. */
const leaks = (text: string) =>
  text.toLowerCase().includes(made.token.toLowerCase()) || text.includes(made.privateKey);

describe('netdeck proxy against netdeck sim', () => {
  it('create --country de --json: the service answer, with every field the web app reads', async () => {
    expect(made.token).toMatch(/^[0-9A-V]{58}$/);
    expect(made.privateKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const table = await netdeck(['proxy', 'create', '--country', 'de'], env);
    expect(table.code).toBe(0);
    // URLs ready for curl -x: the token as the user name; the shell line; where traffic leaves from.
    expect(table.stdout).toMatch(/^ {2}HTTP {7}http:\/\/[0-9A-V]{58}@localhost:\d+$/m);
    expect(table.stdout).toMatch(/^ {2}SOCKS5 {5}socks5h:\/\/[0-9A-V]{58}@localhost:\d+$/m);
    expect(table.stdout).toMatch(/^export HTTPS_PROXY=http:\/\/\S+ ALL_PROXY=socks5h:\/\/\S+$/m);
    expect(table.stderr).toMatch(
      /traffic through this proxy leaves from the simulator's machine, not from Germany \(DE\)/,
    );
  });

  it('list --csv: the place netdeck recorded, both ids; no token', async () => {
    const listed = await netdeck(['proxy', 'list', '--csv'], env);
    expect(listed.code).toBe(0);
    const [header, ...rows] = listed.stdout.trim().split('\n');
    expect(header).toBe(
      'place,client_id,proxy_id,create_time,http_proxy_url,socks_proxy_url,https_proxy_url,auth_token,wireguard',
    );
    expect(rows.find((r) => r.includes(made.clientId))).toMatch(/^Germany \(DE\),/);
    expect(leaks(listed.stdout)).toBe(false);
  });

  it('clients --json, --csv, the table and watch hold neither the token (any case) nor the private key', async () => {
    for (const format of [['--json'], ['--csv'], []]) {
      const listed = await netdeck(['clients', ...format], env);
      expect(listed.code).toBe(0);
      expect(leaks(listed.stdout + listed.stderr), `clients ${format}`).toBe(false);
    }
    // The client is there, masked: the proof the search looked at the right thing.
    const json = JSON.parse((await netdeck(['clients', '--json'], env)).stdout);
    const proxy = json.clients.find((c: { client_id: string }) => c.client_id === made.clientId).proxy_client;
    expect(proxy.auth_token).toMatch(/^[0-9A-V]{4}…\(58 chars\)…/);
    expect(proxy.https_proxy_url).toMatch(/^https:\/\/\*\*\*\.localhost:\d+$/);
    const shown = await netdeck(['clients', '--json', '--show-secrets'], env);
    expect(shown.stdout).toContain(made.token);

    const watch = spawn(
      process.execPath,
      [BINARY, 'watch', '--refresh', '0.2', '--disconnected-minutes', '0'],
      {
        env: binary.cleanEnv(env),
      },
    );
    binary.track(watch);
    let out = '';
    watch.stdout.on('data', (chunk) => (out += chunk));
    watch.stderr.on('data', (chunk) => (out += chunk));
    // Its first events (what was so before it watched) are out: that poll saw the proxy.
    await eventually(() => /"type"/.test(out), 'the first events of watch');
    watch.kill('SIGTERM');
    await new Promise((resolve) => watch.once('exit', resolve));
    expect(leaks(out)).toBe(false);
  });

  it('clients --stale leaves the proxies out and says how many', async () => {
    // A day and a half later (the most one advance takes is a day): older than 1d, and no connection.
    await admin('/__sim/advance', { seconds: 86_400 });
    await admin('/__sim/advance', { seconds: 43_200 });
    const stale = await netdeck(['clients', '--stale', '1d', '--json'], env);
    expect(stale.code).toBe(0);
    const ids = JSON.parse(stale.stdout).clients.map((c: { client_id: string }) => c.client_id);
    expect(ids).not.toContain(made.clientId);
    expect(stale.stderr).toMatch(/left out 2 proxy clients \(a hosted proxy is never stale/);
  });

  it('ip --via asks through the proxy: the place it was made for, a client of the network', async () => {
    const direct = JSON.parse((await netdeck(['ip', '--json'], env)).stdout);
    expect(direct.connected_to_network).toBe(false);
    const via = await netdeck(['ip', '--via', made.clientId, '--json'], env);
    expect(via.code, via.stderr).toBe(0);
    const info = JSON.parse(via.stdout);
    expect(info.connected_to_network).toBe(true);
    expect(info.info.location.country.code).toBe('de');
  });

  it('bad input is refused before any request (exit 2); remove takes the proxy away', async () => {
    expect((await netdeck(['proxy', 'create', '--country', 'xx'], env)).code).toBe(2);
    expect((await netdeck(['proxy', 'create', '--location', 'berlin'], env)).code).toBe(2);
    expect((await netdeck(['proxy', 'create', '--country', 'de', '--lock-ip', '300.1.1.1'], env)).code).toBe(
      2,
    );
    const removed = await netdeck(['proxy', 'remove', made.clientId], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/removed the proxy in Germany \(DE\)/);
    const listed = await netdeck(['proxy', 'list', '--json'], env);
    expect(JSON.parse(listed.stdout).clients.map((c: { client_id: string }) => c.client_id)).not.toContain(
      made.clientId,
    );
  });
});

describe('netdeck balance and signup against netdeck sim', () => {
  it('balance --json is the data balance in bytes; redeem adds a seeded code', async () => {
    const before = JSON.parse((await netdeck(['balance', '--json'], env)).stdout);
    expect(before.balance_byte_count).toBeGreaterThan(0);
    const codes = (await admin('/__sim/codes')) as {
      balance_codes: { secret: string; balance_byte_count: number }[];
    };
    const code = codes.balance_codes[0]!;
    const redeemed = await netdeck(['balance', 'redeem', code.secret, '--yes', '--json'], env);
    expect(redeemed.code, redeemed.stderr).toBe(0);
    expect(JSON.parse(redeemed.stdout).transfer_balance.balance_byte_count).toBe(code.balance_byte_count);
    const after = JSON.parse((await netdeck(['balance', '--json'], env)).stdout);
    expect(after.start_balance_byte_count).toBe(before.start_balance_byte_count + code.balance_byte_count);
    // Its secret in the list of codes only when asked.
    const listed = await netdeck(['balance', 'codes'], env);
    expect(listed.stdout).not.toContain(code.secret);
    // The same code again: the service's words, exit 4.
    const again = await netdeck(['balance', 'redeem', code.secret, '--yes'], env);
    expect(again).toMatchObject({ code: 4, stderr: expect.stringContaining('Unknown balance code.') });
  });

  it('signup --accept-terms without a terminal sends the code; --code verifies and logs in', async () => {
    const apiEnv = { NETDECK_API_URL: sim.url };
    const email = 'new-user@example.com';
    const first = await netdeck(
      ['signup', '--name', 'brand-new-net', '--email', email, '--accept-terms'],
      apiEnv,
      'a-long-password\n',
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/a verification code was e-mailed to new-user@example.com/);
    const mail = (await admin('/__sim/mail')) as { mail: { user_auth: string; code: string }[] };
    const code = mail.mail.filter((m) => m.user_auth === email).at(-1)!.code;
    const second = await netdeck(['signup', '--email', email, '--code', code], apiEnv);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/verified; logged in to http:\/\/127\.0\.0\.1/);
    expect(existsSync(join(binary.dir(), 'netdeck', 'logins'))).toBe(true);
    expect(readdirSync(join(binary.dir(), 'netdeck', 'logins'))).toContain('default.json');
    const whoami = await netdeck(['whoami', '--json'], apiEnv);
    expect(whoami.stdout).toContain('brand-new-net');
  });
});
