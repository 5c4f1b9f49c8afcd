// `netdeck signup` in process against the simulator (issue 34): a sign-up keeps its token as
// `netdeck login` does, and, as login does, says when a token the configuration names first
// (NETDECK_TOKEN here) will still be the one every later command uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

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
