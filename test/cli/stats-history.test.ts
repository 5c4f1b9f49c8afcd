// `netdeck stats providers --last 7d|30d` and `netdeck stats provider ID --last W`: the
// figures My providers shows with `t`, against the simulator in both eras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { networkHistory, providerHistory } from '../../src/store/history.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

for (const era of ['current', 'seed'] as const) {
  describe(`stats history (${era} era)`, () => {
    let fx: SimFixture;
    let providerId: string;
    beforeAll(async () => {
      fx = await startSimFixture({ era });
      const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
      providerId = (await client.providerStats()).providers![0].client_id!;
      await client.close();
    });
    afterAll(() => fx.close());

    it('stats providers --last 7d lists the network by UTC day with units, as the console charts it', async () => {
      const result = await run(['stats', 'providers', '--last', '7d'], { env: fx.env });
      expect(result.code).toBe(ExitCode.ok);
      const lines = linesOf(result.stdout);
      expect(lines[0]).toMatch(
        /^DAY\s+UP NOW h\/PROVIDER\s+TRANSFER GiB\s+PAYOUT USD\s+SEARCHES\s+CONTRACTS\s+CLIENTS$/,
      );
      const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
      const expected = networkHistory(await client.providersOverviewLastN({ last_n: 168 }), '7d');
      await client.close();
      const days = lines.filter((line) => /^\d{4}-\d{2}-\d{2} /.test(line));
      expect(days.map((line) => line.slice(0, 10))).toEqual(expected.days);
      const last = days.at(-1)!.split(/\s+/);
      expect(last[2]).toBe(expected.transfer.at(-1)!.toFixed(2));
      expect(last[3]).toBe(expected.payout.at(-1)!.toFixed(4));
    });

    it('--json prints the service answer of the window', async () => {
      const result = await run(['stats', 'providers', '--last', '30d', '--json'], { env: fx.env });
      expect(result.code).toBe(ExitCode.ok);
      const answer = JSON.parse(result.stdout);
      expect(Object.keys(answer.transfer_data ?? {}).length).toBe(31);
    });

    it('stats provider ID --last 30d lists its days, its hours with uptime and the clients it served', async () => {
      const result = await run(['stats', 'provider', providerId, '--last', '30d'], { env: fx.env });
      expect(result.code).toBe(ExitCode.ok);
      const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
      const answer = await client.providerLastN({ client_id: providerId, last_n: 720 });
      await client.close();
      const expected = providerHistory(answer, '30d', providerId, Date.now());
      const days = linesOf(result.stdout).filter((line) => /^\d{4}-\d{2}-\d{2} /.test(line));
      expect(days).toHaveLength(expected.days.length);
      const hours = expected.hourly.minutes.filter((m) => m > 0).length;
      expect(result.stdout).toMatch(new RegExp(`hours with uptime\\s+${hours} of 721`));
      for (const served of expected.servedClients) expect(result.stdout).toContain(served.clientId);
    });
  });
}

describe('stats history: bad input', () => {
  it('a window other than 24h, 7d, 30d is a usage error naming the choices', async () => {
    const result = await run(['stats', 'providers', '--last', '3d']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('expected one of 24h, 7d, 30d');
  });

  it("a client id that is not a UUID is a usage error; another network's provider is refused", async () => {
    const bad = await run(['stats', 'provider', 'nope', '--last', '7d']);
    expect(bad.code).toBe(ExitCode.usage);
    const fx = await startSimFixture();
    try {
      const other = await run(['stats', 'provider', '00000000-0000-4000-8000-000000000001'], { env: fx.env });
      expect(other.code).not.toBe(ExitCode.ok);
      expect(other.stderr).toContain('Not authorized to view this provider.');
    } finally {
      await fx.close();
    }
  });
});
