// `netdeck balance` in process against the simulator (issue 34): the redeemed codes' secrets
// masked unless asked (and empty in CSV: a mask is no data), a code redeemed twice refused in
// the service's words (exit 4), `ip` without a proxy not a client of the network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

describe('balance codes', () => {
  it('lists the redeemed codes masked; --show-secrets shows them; CSV leaves a masked one empty', async () => {
    const shown = JSON.parse(
      (await run(['balance', 'codes', '--json', '--show-secrets'], { env: fx.env })).stdout,
    );
    const secrets: string[] = shown.balance_codes.map((c: { secret: string }) => c.secret);
    expect(secrets.length).toBeGreaterThan(0);
    for (const format of [['--json'], ['--csv'], []]) {
      const listed = await run(['balance', 'codes', ...format], { env: fx.env });
      expect(listed.code).toBe(0);
      for (const secret of secrets) expect(listed.stdout, `balance codes ${format}`).not.toContain(secret);
    }
    const csv = (await run(['balance', 'codes', '--csv'], { env: fx.env })).stdout.trim().split('\n');
    expect(csv[0]).toBe('secret,balance_bytes,redeem_time,end_time,balance_code_id');
    expect(csv[1]).toMatch(/^,\d+,/);
  });

  it('a code redeemed already: the service’s words, exit 4; its case is kept', async () => {
    const code = fx.sim.demo.codes().balance_codes[0]!.secret;
    expect((await run(['balance', 'redeem', code, '--yes'], { env: fx.env })).code).toBe(0);
    const again = await run(['balance', 'redeem', code, '--yes'], { env: fx.env });
    expect(again).toMatchObject({ code: 4, stderr: expect.stringContaining('Unknown balance code.') });
    const lower = await run(['balance', 'redeem', code.toLowerCase(), '--yes'], { env: fx.env });
    expect(lower.code).toBe(4);
  });

  it('ip: this address, not a client of the network', async () => {
    const direct = JSON.parse((await run(['ip', '--json'], { env: fx.env })).stdout);
    expect(direct.info.ip).toBe('127.0.0.1');
    expect(direct.connected_to_network).toBe(false);
  });
});
