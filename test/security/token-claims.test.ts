// Token claims beyond what a date can hold (`exp` of 1e16 or 1e300, `iat` of 1e300): every
// command that shows a token's times shows them as unknown, and nothing fails on a claim
// (on the simulator the token is otherwise good: signed with its key, accepted).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../simulator/http/auth.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { startExporter, value } from '../cli/exporter-harness.ts';
import { run, type SimFixture, startSimFixture } from '../cli/harness.ts';

const KEY = new Uint8Array(32).fill(7);
let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture({ signingKey: KEY });
});
afterAll(() => fx.close());

/** The demo network's token with these times instead. */
function tokenWith(times: { exp?: number; iat?: number }): Promise<string> {
  const claims = JSON.parse(Buffer.from(fx.sim.token.split('.')[1], 'base64url').toString('utf8'));
  delete claims.create_time;
  return new SignJWT({ ...claims, ...times })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .sign(signingKey(KEY, fx.sim.engine.seed));
}

describe.each([1e16, 1e300])('a token whose exp is %s', (exp) => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { ...fx.env, NETDECK_TOKEN: await tokenWith({ exp, iat: 1e300 }) };
  });

  it('whoami shows its times as unknown, in the table and as null in --json', async () => {
    const table = await run(['whoami'], { env });
    expect(table.stderr).toBe('');
    expect(table.code).toBe(ExitCode.ok);
    expect(table.stdout).toMatch(/issued\s+unknown/);
    expect(table.stdout).toMatch(/expires\s+unknown/);
    const json = await run(['whoami', '--json'], { env });
    expect(json.code).toBe(ExitCode.ok);
    expect(JSON.parse(json.stdout)).toMatchObject({ issued_at: null, expires_at: null, accepted: true });
  });

  it('config and config --check show the expiry as unknown', async () => {
    const shown = await run(['config'], { env });
    expect(shown.code, shown.stderr).toBe(ExitCode.ok);
    expect(shown.stdout).toMatch(/expires\s+unknown\s+token claims/);
    const check = await run(['config', '--check'], { env });
    expect(check.stderr).toBe('');
    expect(check.code).toBe(ExitCode.ok);
    expect(check.stdout).toContain('✓ the token is accepted');
    expect(check.stdout).toContain('? it expires: unknown (its expiry is beyond what a date can hold)');
    const json = await run(['config', '--check', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ network: { expires_at: null }, check: { exit_code: 0 } });
  });

  it('watch --check looks as usual and reports nothing about the expiry', async () => {
    const result = await run(['watch', '--check', '--disconnected-minutes', '100000'], { env });
    expect(result.stderr).not.toMatch(/Invalid time value|unexpected/);
    expect(result.stdout).not.toContain('token_expir');
    expect([ExitCode.ok, ExitCode.problem]).toContain(result.code);
  });

  it('the exporter serves no expiry rather than the raw figure', async () => {
    const exporter = await startExporter([], env, { clock: fx.clock });
    try {
      const families = await exporter.scrape();
      expect(value(families, 'netdeck_up')).toBe(1);
      expect(value(families, 'netdeck_token_expiry_timestamp_seconds')).toBeUndefined();
    } finally {
      expect(await exporter.stop()).toBe(ExitCode.ok);
    }
  });
});
