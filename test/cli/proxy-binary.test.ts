// Issue 34 end to end: the built binary against one `netdeck sim` (its proxies, balance
// codes, sign-up and my-ip-info): a proxy made and listed, `ip --via` through it, the data
// balance and a seeded code redeemed, and a sign-up without a terminal finished with the
// e-mailed code. (What lists clients, in process: proxy-clients.test.ts.)
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryHarness, SMALL_SIM } from './binary-harness.ts';

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

  it('ip --via asks through the proxy: the place it was made for, a client of the network', async () => {
    const via = await netdeck(['ip', '--via', made.clientId, '--json'], env);
    expect(via.code, via.stderr).toBe(0);
    const info = JSON.parse(via.stdout);
    expect(info.connected_to_network).toBe(true);
    expect(info.info.location.country.code).toBe('de');
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
    const after = await fetch(`${sim.url}/subscription/balance`, {
      headers: { authorization: `Bearer ${sim.token}` },
    }).then((r) => r.json() as Promise<{ start_balance_byte_count: number }>);
    expect(after.start_balance_byte_count).toBe(before.start_balance_byte_count + code.balance_byte_count);
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
  });
});
