// `netdeck signup` in process (issue 34): a name the service makes under another form
// (`Bad Name` is `bad-name`) is said on stderr and asked about on a terminal, refused
// without one unless --yes; the terminal's whole flow (the name, the terms, the password
// typed unseen, the e-mailed code typed), and the demo filling the code in; and, as login
// does, a word when a token the configuration names first (NETDECK_TOKEN) still comes first.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { configHome, onTerminal, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

let home: ReturnType<typeof configHome>;
beforeEach(() => {
  home = configHome();
});
afterEach(() => home.dir.cleanup());

/** Against the fixture's simulator without a token: a new user signing up. */
const apiEnv = () => ({ ...home.env, NETDECK_API_URL: fx.sim.url });
const networkNamed = (name: string) => fx.sim.engine.world.networks.indexOfName(name) >= 0;

describe('a name the service makes under another form', () => {
  it('without a terminal: exit 2 before any request, naming the form and --yes', async () => {
    const email = 'bad-name-refused@example.com';
    const refused = await run(['signup', '--name', 'Bad Name', '--email', email, '--accept-terms'], {
      env: apiEnv(),
      stdin: 'a-long-password\n',
    });
    expect(refused.code).toBe(ExitCode.usage);
    expect(refused.stderr).toContain(
      '--name "Bad Name": the service would name the network bad-name; give --name bad-name, or add --yes to take that form',
    );
    expect(networkNamed('bad-name')).toBe(false);
    expect(fx.sim.demo.verifyCode(email)).toBeUndefined();
  });

  it('with --yes: says the name on stderr and makes the network under it', async () => {
    const email = 'bad-name@example.com';
    const made = await run(
      ['signup', '--name', 'Bad Name', '--email', email, '--accept-terms', '--yes', '--json'],
      { env: apiEnv(), stdin: 'a-long-password\n' },
    );
    expect(made.code, made.stderr).toBe(ExitCode.ok);
    expect(made.stderr).toContain(
      'netdeck: the network will be named bad-name (the service\'s form of "Bad Name")',
    );
    expect(JSON.parse(made.stdout).network.network_name).toBe('bad-name');
    expect(networkNamed('bad-name')).toBe(true);
  });

  it('on a terminal: asks, and no makes nothing', async () => {
    const declined = await onTerminal(
      ['signup', '--name', 'Lab Two', '--email', 'lab-two@example.com'],
      apiEnv(),
      [[/Make it as lab-two\? \[y\/N\] /, 'n']],
    );
    expect(declined.code, declined.stderr).toBe(ExitCode.ok);
    expect(declined.stderr).toMatch(/the network will be named lab-two .*\n.*Make it as lab-two\?/);
    expect(declined.stderr).toContain('nothing made: give the name as it should be');
    expect(declined.stderr).not.toContain("The service's terms");
    expect(networkNamed('lab-two')).toBe(false);
  });

  it('a name already in the service’s form is made without a question', async () => {
    const made = await run(
      ['signup', '--name', 'plain-name', '--email', 'plain@example.com', '--accept-terms'],
      { env: apiEnv(), stdin: 'a-long-password\n' },
    );
    expect(made.code, made.stderr).toBe(ExitCode.ok);
    expect(made.stderr).not.toContain('will be named');
    expect(networkNamed('plain-name')).toBe(true);
  });
});

describe('signup on a terminal', () => {
  it('asks the name’s form, the terms, the password unseen and the e-mailed code; then logs in', async () => {
    const email = 'typed@example.com';
    const password = 'typed-long-password';
    const result = await onTerminal(['signup', '--name', 'Typed Net', '--email', email], apiEnv(), [
      [/Make it as typed-net\? \[y\/N\] /, 'y'],
      [/Do you accept them\? \[y\/N\] /, 'y'],
      [/Password: /, password],
      [/The code the service e-mailed to typed@example\.com: /, () => fx.sim.demo.verifyCode(email)!],
    ]);
    expect(result.code, result.stderr).toBe(ExitCode.ok);
    expect(result.stderr).toContain("The service's terms: https://ur.io/terms");
    expect(result.stdout).toMatch(
      /^verified; logged in to http:\/\/127\.0\.0\.1:\d+ \(kept for this profile/,
    );
    // Typed unseen: neither the password nor the code is on the screen.
    expect(result.stderr + result.stdout).not.toContain(password);
    expect(networkNamed('typed-net')).toBe(true);
    expect(readdirSync(join(home.folder, 'logins'))).toEqual(['default.json']);
  });

  it('terms not accepted: nothing made', async () => {
    const result = await onTerminal(
      ['signup', '--name', 'no-terms-net', '--email', 'no-terms@example.com'],
      apiEnv(),
      [[/Do you accept them\? \[y\/N\] /, 'n']],
    );
    expect(result.code, result.stderr).toBe(ExitCode.ok);
    expect(result.stderr).toContain('nothing made: the terms were not accepted');
    expect(networkNamed('no-terms-net')).toBe(false);
  });

  it('in the demo, the simulator fills the code in: no question for it, logged in to the demo', async () => {
    const result = await onTerminal(
      ['signup', '--name', 'demo-made', '--email', 'demo-made@example.com'],
      home.env,
      [
        [/Do you accept them\? \[y\/N\] /, 'y'],
        [/Password: /, 'demo-long-password'],
      ],
    );
    expect(result.code, result.stderr).toBe(ExitCode.ok);
    expect(result.stderr).not.toContain('The code the service e-mailed');
    expect(result.stdout).toMatch(
      /^verified; logged in to the demo simulator \(it ends with this command: nothing kept\)/,
    );
  });
});

/** Signs `email` up without a terminal (the code sent), then finishes with the e-mailed code under `env`. */
async function signUp(name: string, email: string, env: Record<string, string | undefined>) {
  const begun = await run(['signup', '--name', name, '--email', email, '--accept-terms'], {
    env: fx.env,
    stdin: 'a-long-password\n',
  });
  expect(begun.code, begun.stderr).toBe(0);
  const code = fx.sim.demo.verifyCode(email);
  expect(code).toBeTruthy();
  return run(['signup', '--email', email, '--code', code!], { env });
}

describe('signup', () => {
  it('with NETDECK_TOKEN set: logged in, and told that NETDECK_TOKEN still comes first', async () => {
    const done = await signUp('shadowed-net', 'shadowed@example.com', fx.env);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('verified; logged in to');
    expect(done.stderr).toContain('NETDECK_TOKEN still gives a token, which comes before this login');
  });

  it('with no other token: no such warning', async () => {
    const done = await signUp('clear-net', 'clear@example.com', { ...fx.env, NETDECK_TOKEN: undefined });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).not.toContain('still gives a token');
  });
});
