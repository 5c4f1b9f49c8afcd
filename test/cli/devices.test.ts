// `netdeck devices`, `devices add CODE`, `devices share CLIENT_ID` against the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { codeOf } from '../../src/cli/commands/devices.ts';
import { UsageError } from '../../src/cli/output/exit-codes.ts';
import type { AddDeviceResult, DeviceAssociations } from '../../src/contract/schemas.ts';
import { startFixture } from '../api/fixture.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

describe('codeOf', () => {
  it('makes six lowercase words single-spaced from any spacing, case or separators', () => {
    expect(codeOf(['  Abandon   ABILITY', 'able\tabout', 'above,absent '])).toBe(
      'abandon ability able about above absent',
    );
    expect(codeOf('abandon-ability-able-about-above-absent')).toBe('abandon ability able about above absent');
  });
  it('refuses the wrong number of words and words that are not code words', () => {
    expect(() => codeOf('abandon ability able')).toThrow(UsageError);
    expect(() => codeOf('abandon ability able about above absentt')).toThrow(/"absentt" is not a code word/);
    expect(() => codeOf('abandon ability able about above 12345')).toThrow(/not a code word/);
  });
});

describe('netdeck devices', () => {
  it('--json prints the associations; the table has the three lists', async () => {
    const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
    const direct = await client.deviceAssociations();
    await client.close();
    const json = await run(['devices', '--json'], { env: fx.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify(direct)));

    const table = await run(['devices'], { env: fx.env });
    expect(table.code).toBe(0);
    const lines = linesOf(table.stdout);
    expect(lines).toContain(`PENDING ADOPTION (${direct.pending_adoption_devices?.length ?? 0})`);
    expect(lines).toContain(`INCOMING SHARED (${direct.incoming_shared_devices?.length ?? 0})`);
    expect(lines).toContain(`OUTGOING SHARED (${direct.outgoing_shared_devices?.length ?? 0})`);
    for (const device of direct.outgoing_shared_devices ?? []) {
      const row = lines.find((line) => line.includes(device.client_id!))!;
      expect(row).toContain(device.device_name!);
      expect(row).toMatch(device.pending ? /pending/ : /confirmed/);
    }
  });

  it('devices add: an adoption code, pasted with odd spacing and case, shows up as a pending adoption', async () => {
    const { code, device_name } = fx.sim.admin.codes().adopt_codes[0]!;
    const messy = code.toUpperCase().split(' ').join('   ');
    const added = await run(['devices', 'add', messy], { env: fx.env });
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^added\s+a device to adopt$/m);
    expect(added.stdout).toMatch(new RegExp(`^device\\s+${device_name}$`, 'm'));
    expect(added.stdout).toMatch(/^minutes left\s+\d+\.\d$/m);

    const after = JSON.parse(
      (await run(['devices', '--json'], { env: fx.env })).stdout,
    ) as DeviceAssociations;
    expect(after.pending_adoption_devices?.map((d) => d.code)).toContain(code);
  });

  it('devices add --json: a share code of another network, as separate words', async () => {
    const share = fx.sim.admin.codes().share_codes[0]!;
    const added = await run(['devices', 'add', ...share.code.split(' '), '--json'], { env: fx.env });
    expect(added.code).toBe(0);
    const result = JSON.parse(added.stdout) as AddDeviceResult;
    expect(result).toMatchObject({
      code_type: 'share',
      device_name: share.device_name,
      associated_network_name: share.network_name,
    });
  });

  it('an unknown code is a business error (exit 4) with the service message', async () => {
    const result = await run(['devices', 'add', 'abandon ability able about above absent'], { env: fx.env });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^netdeck: Invalid code\. \(the code may be wrong/);
    expect(linesOf(result.stderr)).toHaveLength(1);
  });

  it('a malformed code is a usage error (exit 2) and is never sent', async () => {
    const fixture = await startFixture(() => ({ body: {} }));
    try {
      const env = {
        NETDECK_API_URL: fixture.url,
        NETDECK_TOKEN: 'token-value-123456',
        XDG_CONFIG_HOME: '/nonexistent',
      };
      const short = await run(['devices', 'add', 'one two three'], { env });
      expect(short.code).toBe(2);
      expect(short.stderr).toMatch(/A code has 6 words; this has 3 words\./);
      const missing = await run(['devices', 'add'], { env });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/missing required argument 'code'/);
      expect(fixture.requests).toHaveLength(0);
    } finally {
      await fixture.close();
    }
  });

  it('devices share: a share code for an own device; --name is what the guest sees', async () => {
    const client = createClient({ baseUrl: fx.sim.url, token: fx.sim.token });
    const own = (await client.providerStats()).providers!.map((p) => p.client_id!);
    await client.close();
    const shared = await run(['devices', 'share', own[0]!, '--name', 'front desk'], { env: fx.env });
    expect(shared.code).toBe(0);
    const code = shared.stdout.trim();
    expect(code).toMatch(/^[a-z]+( [a-z]+){5}$/);
    expect(shared.stderr).toMatch(/netdeck devices add CODE/);

    const json = await run(['devices', 'share', own[1]!, '--json'], { env: fx.env });
    const unnamed = JSON.parse(json.stdout).share_code;
    expect(unnamed).toMatch(/^[a-z]+( [a-z]+){5}$/);
    // Without --name the share has none, as the service keeps it: the table says so.
    const table = await run(['devices'], { env: fx.env });
    const rows = table.stdout.split('\n').filter((line) => line.includes(own[1]!));
    expect(rows.some((line) => line.startsWith('(no name)'))).toBe(true);

    // The guest network adds it and sees the name given.
    const guest = fx.sim.admin.token('guest-network');
    const added = await run(['devices', 'add', code, '--json'], {
      env: { ...fx.env, NETDECK_TOKEN: guest.token },
    });
    expect(JSON.parse(added.stdout)).toMatchObject({ code_type: 'share', device_name: 'front desk' });
  });

  it('devices share: a client id that is not the network’s is exit 4; a malformed one exit 2', async () => {
    const other = await run(['devices', 'share', '00000000-0000-4000-8000-000000000000'], { env: fx.env });
    expect(other.code).toBe(4);
    expect(other.stderr).toBe('netdeck: Invalid client.\n');
    const malformed = await run(['devices', 'share', 'laptop'], { env: fx.env });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/"laptop" is not a valid client id/);
  });
});
