// `netdeck login`, `whoami`, `logout` against a simulator over sockets: an auth code made
// by the web app (here: POST /auth/code-create), the demo user's password with every way
// it can be refused, the official provider's token file; the stored login then used by
// every command with no token flag; its file and folder modes; the token never printed.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { expectNoLeak } from '../security/secrets.ts';
import { type Run, run, type SimFixture, startSimFixture, tempDir, terminalInput } from './harness.ts';

let fx: SimFixture;
/** No API URL and no token: only XDG_CONFIG_HOME (where the login is kept) and HOME. */
let env: Record<string, string>;
let home: ReturnType<typeof tempDir>;

beforeEach(async () => {
  fx = await startSimFixture({ era: 'current' });
  home = tempDir();
  env = { XDG_CONFIG_HOME: fx.config.path, HOME: home.path };
});
afterEach(async () => {
  await fx.close();
  home.cleanup();
});

const loginFile = () => join(fx.config.path, 'netdeck', 'logins', 'default.json');

async function authCode(): Promise<string> {
  const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token, retries: 0 });
  const { auth_code } = await client.authCodeCreate({});
  await client.close();
  return auth_code!;
}

/** Every file under the config and home folders whose text holds `text`. */
function filesHolding(text: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && readFileSync(path, 'utf8').includes(text)) found.push(path);
    }
  };
  walk(fx.config.path);
  walk(home.path);
  return found;
}

const stored = () => JSON.parse(readFileSync(loginFile(), 'utf8')) as { api_url: string; token: string };
const outputs = (runs: Record<string, Run>) =>
  Object.fromEntries(
    Object.entries(runs).flatMap(([name, r]) => [
      [`${name} stdout`, r.stdout],
      [`${name} stderr`, r.stderr],
    ]),
  );

describe('netdeck login with an auth code', () => {
  it('logs in, then commands work with no token flag; whoami is right; logout leaves no token file', async () => {
    const code = await authCode();
    const login = await run(['login', '--api-url', fx.sim.url, '--code', code], { env });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toMatch(new RegExp(`^Logged in to ${fx.sim.url} as network demo\\.`));
    expect(login.stdout).toMatch(/token kept in\s+\S+default\.json \(mode 0600\)/);
    expect(stored().api_url).toBe(fx.sim.url);
    // The token is written to the login file and nowhere else (no temporary file left).
    expect(filesHolding(stored().token)).toEqual([loginFile()]);

    // No --api-url, no --token: the stored login gives both.
    const devices = await run(['devices', '--json'], { env });
    expect(devices.code, devices.stderr).toBe(0);
    expect(JSON.parse(devices.stdout).outgoing_shared_devices.length).toBeGreaterThan(0);
    expect(devices.stderr).not.toMatch(/demo simulator/);

    const whoami = await run(['whoami', '--json'], { env });
    expect(whoami.code, whoami.stderr).toBe(0);
    const who = JSON.parse(whoami.stdout);
    expect(who).toMatchObject({
      api_url: fx.sim.url,
      network_name: 'demo',
      network_id: fx.sim.engine.demoNetwork.id,
      token_kind: 'network',
      accepted: true,
      token_from: `netdeck login (${loginFile()})`,
    });
    expect(who.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(who.expires_at) - Date.parse(who.issued_at)).toBe(30 * 86_400_000);
    const table = await run(['whoami'], { env });
    expect(table.stdout).toMatch(/^token\s+network token$/m);
    expect(table.stdout).toMatch(/^accepted\s+yes, the service accepts it now$/m);

    const token = stored().token;
    const logout = await run(['logout'], { env });
    expect(logout.code).toBe(0);
    expect(logout.stdout).toBe(`Logged out: removed ${loginFile()}.\n`);
    expect(() => statSync(loginFile())).toThrow(/ENOENT/);
    // Back to the demo simulator: a fresh machine's `npm start`.
    const after = await run(['config', '--json'], { env });
    expect(JSON.parse(after.stdout).mode).toBe('demo');

    expectNoLeak(outputs({ login, devices, whoami, table, logout, after }), token);
  });

  it('reads the code from stdin with --code -, or asks for it unseen at a terminal', async () => {
    const piped = await run(['login', '--api-url', fx.sim.url, '--code', '-'], {
      env,
      stdin: `${await authCode()}\n`,
    });
    expect(piped.code, piped.stderr).toBe(0);
    const keyboard = terminalInput();
    const asking = run(['login', '--api-url', fx.sim.url], { env, stdin: keyboard });
    const code = await authCode();
    await new Promise((resolve) => setTimeout(resolve, 50));
    keyboard.write(`${code.slice(0, 100)}`);
    keyboard.write(`${code.slice(100)}\r`);
    const typed = await asking;
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stderr).toContain('Auth code: ');
    // Raw mode on while typing (nothing echoed), off again after.
    expect(keyboard.rawMode).toEqual([true, false]);
    expect(typed.stderr + typed.stdout).not.toContain(code.slice(0, 40));
  });

  it('refuses a used or unknown code with exit 4 and keeps nothing', async () => {
    const code = await authCode();
    await run(['login', '--api-url', fx.sim.url, '--code', code], { env });
    await run(['logout'], { env });
    const again = await run(['login', '--api-url', fx.sim.url, '--code', code], { env });
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/^netdeck: Invalid auth code\. An auth code works once/);
    expect(() => statSync(loginFile())).toThrow(/ENOENT/);
    const none = await run(['login', '--api-url', fx.sim.url], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no terminal to ask for the auth code: pass --code CODE, or --code -/);
  });

  it('logs in to the real service, https://api.bringyour.com, unless told otherwise', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://api.bringyour.com')
      .intercept({ path: '/auth/code-login', method: 'POST' })
      .reply(200, { by_jwt: fx.sim.token }, { headers: { 'content-type': 'application/json' } });
    const result = await run(['login', '--code', 'a-code'], {
      env,
      deps: { clientOptions: { dispatcher: agent } },
    });
    await agent.close();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Logged in to https:\/\/api\.bringyour\.com as network demo\./);
    expect(stored().api_url).toBe('https://api.bringyour.com');
    // Later commands go there with it, and not to another API.
    expect(JSON.parse((await run(['config', '--json'], { env })).stdout)).toMatchObject({
      mode: 'api',
      api_url: { value: 'https://api.bringyour.com', source: 'login' },
      token: { source: 'login' },
    });
  });
});

describe('netdeck login --email', () => {
  const password = () => fx.sim.demo.codes().demo_user.password;

  it('logs the demo user in, the password from a pipe or typed unseen', async () => {
    const piped = await run(['login', '--api-url', fx.sim.url, '--email', 'demo@netdeck.example'], {
      env,
      stdin: `${password()}\n`,
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/as network demo\./);
    const keyboard = terminalInput();
    const asking = run(['login', '--api-url', fx.sim.url, '--email', 'demo@netdeck.example'], {
      env,
      stdin: keyboard,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    keyboard.write(`${password()}x\u007f\r`);
    const typed = await asking;
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stderr).toContain('Password for demo@netdeck.example: ');
    expect(typed.stderr + typed.stdout).not.toContain(password());
  });

  it('says which: wrong password, unverified account, no such account, then the 5th attempt is refused', async () => {
    const login = (email: string, secret: string) =>
      run(['login', '--api-url', fx.sim.url, '--email', email], { env, stdin: `${secret}\n` });
    const wrong = await login('demo@netdeck.example', 'not-it');
    expect([wrong.code, wrong.stderr]).toEqual([
      4,
      'netdeck: wrong password for demo@netdeck.example (Invalid user or password.)\n',
    ]);
    const unverified = await login('unverified@netdeck.example', password());
    expect(unverified.code).toBe(4);
    expect(unverified.stderr).toMatch(
      /the account unverified@netdeck\.example is not verified yet: verify it/,
    );
    const unknown = await login('nobody@netdeck.example', 'x');
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/there is no account nobody@netdeck\.example \(User does not exist\.\)/);
    const notAnAddress = await login('???', 'x');
    expect(notAnAddress.stderr).toMatch(
      /"\?\?\?" is not an email address or phone number \(Invalid user auth\.\)/,
    );
    for (let k = 0; k < 3; k++) expect((await login('demo@netdeck.example', 'not-it')).code).toBe(4);
    // The 5th attempt for this user from this address in 5 minutes, even with the right password.
    const fifth = await login('demo@netdeck.example', password());
    expect(fifth.code).toBe(4);
    expect(fifth.stderr).toMatch(
      /too many login attempts for demo@netdeck\.example from this address \(User auth attempts exceeded limits\.\): wait 5 minutes/,
    );
    expect(() => statSync(loginFile())).toThrow(/ENOENT/);
    // Five simulated minutes later it works.
    await fx.sim.admin.advance(5 * 60);
    expect((await login('demo@netdeck.example', password())).code).toBe(0);
  });
});

describe('netdeck login --from-provider', () => {
  it("keeps the token the official provider's auth wrote, once the service accepts it", async () => {
    mkdirSync(join(home.path, '.urnetwork'), { mode: 0o700 });
    writeFileSync(join(home.path, '.urnetwork', 'jwt'), fx.sim.token);
    const result = await run(['login', '--api-url', fx.sim.url, '--from-provider'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(stored().token).toBe(fx.sim.token);
    expectNoLeak(outputs({ result }), fx.sim.token);
  });

  it('refuses a token the service does not accept (exit 3), and a missing file (exit 2)', async () => {
    const missing = await run(['login', '--api-url', fx.sim.url, '--from-provider'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /no token at .*\.urnetwork\/jwt: run the official provider's `provider auth` first/,
    );
    const forged = join(home.path, 'forged.jwt');
    const [header, claims] = fx.sim.token.split('.');
    writeFileSync(forged, `${header}.${claims}.c2lnbmF0dXJl`);
    const refused = await run(['login', '--api-url', fx.sim.url, '--from-provider', forged], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/the service does not accept the token in .*forged\.jwt/);
    expect(() => statSync(loginFile())).toThrow(/ENOENT/);
  });
});

describe('the stored login', () => {
  it('is a 0600 file in a 0700 folder, also under a permissive umask', async () => {
    const previous = process.umask(0o000);
    try {
      expect((await run(['login', '--api-url', fx.sim.url, '--code', await authCode()], { env })).code).toBe(
        0,
      );
    } finally {
      process.umask(previous);
    }
    expect(statSync(loginFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(fx.config.path, 'netdeck', 'logins')).mode & 0o777).toBe(0o700);
  });

  it('replaces a link planted at its name instead of writing through it, and a loose folder is closed', async () => {
    const folder = join(fx.config.path, 'netdeck', 'logins');
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(folder, 0o755);
    const target = join(home.path, 'victim.txt');
    writeFileSync(target, 'untouched');
    symlinkSync(target, loginFile());
    expect((await run(['login', '--api-url', fx.sim.url, '--code', await authCode()], { env })).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('untouched');
    expect(lstatSync(loginFile()).isSymbolicLink()).toBe(false);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('refuses to read a link or a FIFO at its name (no hang), and logout removes it anyway', async () => {
    mkdirSync(join(fx.config.path, 'netdeck', 'logins'), { recursive: true });
    symlinkSync('/dev/zero', loginFile());
    const link = await run(['devices'], { env });
    expect(link.code).toBe(2);
    expect(link.stderr).toMatch(/login file .*default\.json is a symbolic link; remove it/);
    expect((await run(['logout'], { env })).code).toBe(0);
    expect(() => lstatSync(loginFile())).toThrow(/ENOENT/);
    execFileSync('mkfifo', [loginFile()]);
    const fifo = await run(['devices'], { env });
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toMatch(/login file .*default\.json is not a regular file/);
    // A new login replaces it.
    expect((await run(['login', '--api-url', fx.sim.url, '--code', await authCode()], { env })).code).toBe(0);
    expect(statSync(loginFile()).isFile()).toBe(true);
  });

  it('warns when others can read it', async () => {
    await run(['login', '--api-url', fx.sim.url, '--code', await authCode()], { env });
    chmodSync(loginFile(), 0o644);
    const result = await run(['whoami'], { env });
    expect(result.stderr).toMatch(
      /warning: login file .* can be read by other users \(mode 644\); run: chmod 600/,
    );
  });

  it('comes after flags and the environment, and is never sent to another API', async () => {
    await run(['login', '--api-url', fx.sim.url, '--code', await authCode()], { env });
    const acme = fx.sim.admin.token('acme').token;
    const overridden = await run(['whoami', '--json'], { env: { ...env, NETDECK_TOKEN: acme } });
    expect(JSON.parse(overridden.stdout)).toMatchObject({
      network_name: 'acme',
      token_from: 'NETDECK_TOKEN',
    });
    const elsewhere = await run(['devices'], { env: { ...env, NETDECK_API_URL: 'http://127.0.0.1:9' } });
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stderr).toMatch(/needs a token: log in with `netdeck login`/);
    // A login while the environment names another token says which one wins.
    const shadowed = await run(['login', '--api-url', fx.sim.url, '--code', await authCode()], {
      env: { ...env, NETDECK_TOKEN: acme },
    });
    expect(shadowed.stderr).toMatch(
      /warning: NETDECK_TOKEN still gives a token, which comes before this login/,
    );
  });

  it('is kept per profile', async () => {
    await run(['login', '--api-url', fx.sim.url, '--profile', 'work', '--code', await authCode()], { env });
    expect(statSync(join(fx.config.path, 'netdeck', 'logins', 'work.json')).isFile()).toBe(true);
    const work = await run(['whoami', '--json'], { env: { ...env, NETDECK_PROFILE: 'work' } });
    expect(JSON.parse(work.stdout).network_name).toBe('demo');
    expect(JSON.parse((await run(['config', '--json'], { env })).stdout).mode).toBe('demo');
  });
});
