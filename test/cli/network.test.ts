// `netdeck network` and `network rename NAME` against the simulator: the name and user as
// the service has them, a rename checked before it is sent (exit 2), the service's own
// refusal (exit 4).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeEach(async () => {
  fx = await startSimFixture();
});
afterEach(() => fx.close());

const netdeck = (...argv: string[]) => run(argv, { env: fx.env });

describe('netdeck network', () => {
  it('shows the network’s name and user: a table, --json the service’s answer, --csv one record', async () => {
    const table = await netdeck('network');
    expect(table.code).toBe(0);
    const [header, row] = linesOf(table.stdout);
    expect(header).toMatch(/^NETWORK +USER +SIGNS IN WITH +VERIFIED +USER ID$/);
    expect(row).toMatch(/^demo +demo@netdeck\.example +email +yes +[0-9a-f-]{36}$/);
    const json = JSON.parse((await netdeck('network', '--json')).stdout);
    expect(json.network_user).toMatchObject({ network_name: 'demo', auth_type: 'password', verified: true });
    expect((await netdeck('network', '--csv')).stdout).toBe(
      `network_name,user_auth,auth_types,verified,user_id\ndemo,demo@netdeck.example,email,true,${json.network_user.user_id}\n`,
    );
  });
});

describe('netdeck network rename', () => {
  it('renames, keeping the name as typed; the same name again changes nothing', async () => {
    const renamed = await netdeck('network', 'rename', '  Home Lab 7 ');
    expect([renamed.code, renamed.stdout]).toEqual([0, 'Renamed the network from demo to Home Lab 7.\n']);
    expect(JSON.parse((await netdeck('network', '--json')).stdout).network_user.network_name).toBe(
      'Home Lab 7',
    );
    expect((await netdeck('network', 'rename', 'Home Lab 7')).stdout).toBe(
      'The network is named Home Lab 7 already.\n',
    );
    expect(JSON.parse((await netdeck('network', 'rename', 'home-lab-8', '--json')).stdout)).toEqual({});
  });

  it('checks the name as the service does before sending it (exit 2), in the service’s words', async () => {
    for (const [name, refusal] of [
      ['abc', 'Network name must have at least 5 characters (the service checks the name as "abc")'],
      ['x'.repeat(51), 'Network name must be less than 50 characters'],
      ['my_network', 'Network name must contain only lowercase letters, numbers, and dashes'],
    ]) {
      const result = await netdeck('network', 'rename', name);
      expect(result.code, name).toBe(ExitCode.usage);
      expect(result.stderr, name).toContain(refusal);
    }
  });

  it('a name taken (one letter from a network’s, its own first name included) is the service’s refusal: exit 4', async () => {
    const taken = await netdeck('network', 'rename', 'demo1');
    expect([taken.code, taken.stderr]).toEqual([
      ExitCode.business,
      'netdeck: Network name not available: another network has this name, or one a letter away from it\n',
    ]);
    expect(JSON.parse((await netdeck('network', '--json')).stdout).network_user.network_name).toBe('demo');
  });
});
