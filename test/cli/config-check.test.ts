// `netdeck config --check`: the configuration tried against the service, with exit codes
// for scripts: 0 all well, 1 unreachable, 3 no token or a refused one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

describe('netdeck config --check', () => {
  it('says the service answers, the token is accepted, for which network, until when (exit 0)', async () => {
    const result = await run(['config', '--check'], { env: fx.env });
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stdout).toContain('✓ the service answers');
    expect(result.stdout).toMatch(/✓ the token is accepted for the network \S+/);
    expect(result.stdout).toMatch(/✓ it expires \d{4}-\d{2}-\d{2}/);
    const json = await run(['config', '--check', '--json'], { env: fx.env });
    expect(JSON.parse(json.stdout).check).toMatchObject({
      reachable: true,
      token_accepted: true,
      exit_code: 0,
    });
  });

  it('a refused token exits 3 and says so', async () => {
    const result = await run(['config', '--check'], { env: { ...fx.env, NETDECK_TOKEN: 'not.a.token' } });
    expect(result.code).toBe(ExitCode.unauthorized);
    expect(result.stdout).toContain('✓ the service answers');
    expect(result.stdout).toMatch(/✗ .*(token|authori)/i);
  });

  it('no token exits 3; an unreachable service exits 1', async () => {
    const none = await run(['config', '--check'], { env: { ...fx.env, NETDECK_TOKEN: undefined } });
    expect(none.code).toBe(ExitCode.unauthorized);
    expect(none.stdout).toContain('no token');
    const away = await run(['config', '--check', '--api-url', 'http://127.0.0.1:9'], {
      env: { ...fx.env, NETDECK_API_URL: undefined },
    });
    expect(away.code).toBe(ExitCode.failure);
    expect(away.stdout).toContain('✗ the service cannot be reached');
  });

  it('in demo mode there is nothing to check (exit 0, said on stderr)', async () => {
    const result = await run(['config', '--check']);
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stderr).toContain('nothing to check');
  });
});
