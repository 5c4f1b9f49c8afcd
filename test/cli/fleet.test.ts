// `netdeck clients --stale`, `clients remove`, `clients add` and `netdeck adopt` (issue 26,
// groups 3 and 6) against the simulator: tables, --json and --csv, the question on a
// terminal (--yes without one), the scheduled and refused bulk removals, token files
// (0600) that then work, and adoption end to end: the owner adding the code from another
// command, ctrl-c withdrawing it, the demo network adding it in demo mode.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ManualClock } from '../../src/clock.ts';
import { BUSINESS_TEXT } from '../../src/contract/messages.ts';
import {
  eventually,
  jsonLines,
  run,
  type SimFixture,
  smallDemo,
  startSimFixture,
  tempDir,
  terminalInput,
} from './harness.ts';

let fx: SimFixture;
beforeEach(async () => {
  fx = await startSimFixture();
});
afterEach(async () => {
  await fx.close();
});

const HOUR = 3_600_000;
async function listed(token = fx.sim.token): Promise<string[]> {
  const res = await fetch(`${fx.sim.url}/network/clients`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()).clients ?? []).map((c: { client_id: string }) => c.client_id);
}
/** The demo world's stale clients for a week (the small world has one past a week). */
const staleIds = async (period = '7d') => {
  const result = await run(['clients', '--stale', period, '--json'], { env: fx.env });
  expect(result.code).toBe(ExitCode.ok);
  return (JSON.parse(result.stdout).clients as { client_id: string }[]).map((c) => c.client_id);
};

describe('netdeck clients --stale', () => {
  it('lists the clients offline and unseen for the period, the longest gone first, with LAST SEEN', async () => {
    const table = await run(['clients', '--stale', '7d'], { env: fx.env });
    expect(table.code).toBe(ExitCode.ok);
    expect(table.stdout).toMatch(/^DEVICE +DEVICE ID +CLIENT ID +MODE +CONNECTED +LAST SEEN/);
    expect(table.stdout).toMatch(/ no +\d+ d( \d+ h)? ago\n/);
    expect(table.stdout).toMatch(
      /1 client stale for 7d: no open connection, last seen before \d{4}-\d\d-\d\d/,
    );
    // A shorter period finds more; --stale alone is a week.
    expect((await staleIds('30m')).length).toBeGreaterThan((await staleIds('7d')).length);
    const alone = await run(['clients', '--stale', '--json'], { env: fx.env });
    expect(JSON.parse(alone.stdout).clients.map((c: { client_id: string }) => c.client_id)).toEqual(
      await staleIds(),
    );
    const csv = await run(['clients', '--stale', '30m', '--csv'], { env: fx.env });
    const [header, ...rows] = csv.stdout.trim().split('\n');
    expect(header).toBe('device,device_id,client_id,provide_mode,connected,connected_since,last_seen');
    const seen = rows.map((row) => Date.parse(row.split(',').at(-1)!));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Nobody for a year: said so, exit 0.
    const none = await run(['clients', '--stale', '366d'], { env: fx.env });
    expect(none.stdout).toContain('No client of this network is stale for 366d');
  });

  it('refuses what is not a period, before asking the service anything', async () => {
    for (const period of ['3x', '7', '400d', '1.5d']) {
      const result = await run(['clients', '--stale', period], { env: fx.env });
      expect(result.code, period).toBe(ExitCode.usage);
      expect(result.stderr).toContain('a period is a whole number and a unit: 30m, 12h, 7d or 2w');
    }
  });
});

describe('netdeck clients remove', () => {
  it('needs ids or --stale (not both), and --yes without a terminal', async () => {
    const usage = async (argv: string[], text: string) => {
      const result = await run(argv, { env: fx.env });
      expect(result.code, argv.join(' ')).toBe(ExitCode.usage);
      expect(result.stderr).toContain(text);
    };
    await usage(['clients', 'remove'], 'name the clients to remove (ids), or --stale PERIOD');
    await usage(['clients', 'remove', '--stale', '7d', fx.sim.token.slice(0, 8)], 'not both');
    await usage(['clients', 'remove', 'not-an-id', '--yes'], 'is not a valid client id');
    await usage(['clients', 'remove', '--stale', '7d'], 'no terminal to ask on: add --yes');
    expect((await staleIds()).length).toBe(1);
  });

  it('asks on a terminal, listing what goes: n keeps them, y removes them', async () => {
    const [stale] = await staleIds();
    const ask = async (answer: string) => {
      const stdin = terminalInput();
      const done = run(['clients', 'remove', '--stale', '7d'], { env: fx.env, stdin, tty: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      stdin.write(`${answer}\r`);
      return done;
    };
    const kept = await ask('n');
    expect(kept.code).toBe(ExitCode.ok);
    expect(kept.stderr).toMatch(/This client will be removed:\n +.+ {2}[0-9a-f-]{36} {2}last seen \d+ d/);
    expect(kept.stderr).toContain('Remove it? [y/N] n');
    expect(kept.stderr).toContain('nothing removed');
    expect(await listed()).toContain(stale);
    const removed = await ask('y');
    expect(removed.code).toBe(ExitCode.ok);
    expect(stripVTControlCharacters(removed.stdout)).toMatch(
      /DEVICE +CLIENT ID +LAST SEEN +RESULT\n.+ removed\n\nRemoved 1 client\./,
    );
    expect(await listed()).not.toContain(stale);
  });

  it('by id: one with remove-client (its answer per id), several with one remove-clients; --json says which', async () => {
    const own = await listed();
    const one = await run(['clients', 'remove', own[0], '--yes', '--json'], { env: fx.env });
    expect(one.code).toBe(ExitCode.ok);
    expect(JSON.parse(one.stdout)).toEqual({
      client_ids: [own[0]],
      route: '/network/remove-client',
      answers: [{ client_id: own[0] }],
    });
    const several = await run(['clients', 'remove', own[1], own[2].toUpperCase(), '--yes', '--json'], {
      env: fx.env,
    });
    expect(JSON.parse(several.stdout)).toEqual({
      client_ids: [own[1], own[2]],
      route: '/network/remove-clients',
      answer: {},
    });
    const left = await listed();
    for (const id of own.slice(0, 3)) expect(left).not.toContain(id);
    // An id the network does not have: warned, and the service's reason, exit 4.
    const unknown = await run(['clients', 'remove', '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', '--yes'], {
      env: fx.env,
    });
    expect(unknown.code).toBe(ExitCode.business);
    expect(unknown.stderr).toContain("not among the network's clients");
    expect(unknown.stdout).toContain(`not removed: ${BUSINESS_TEXT.clientMissing}`);
  });

  it('reports a removal the service scheduled for a later hour, and one it refused because a run is under way', async () => {
    const own = await listed();
    await fetch(`${fx.sim.url}/__sim/removal-budget`, {
      method: 'POST',
      headers: { 'x-sim-admin': fx.sim.adminSecret!, 'content-type': 'application/json' },
      body: JSON.stringify({ reserved: 1_000_000 }),
    });
    const later = await run(['clients', 'remove', own[0], own[1], '--yes'], { env: fx.env });
    expect(later.code).toBe(ExitCode.ok);
    expect(later.stdout).toMatch(/ scheduled\n/);
    expect(later.stdout).toMatch(
      /The service scheduled the removal of 2 clients for \d{4}-\d\d-\d\d \d\d:\d\d UTC: they go then, in batches\./,
    );
    expect(await listed()).toContain(own[0]);
    const refused = await run(['clients', 'remove', own[2], own[3], '--yes', '--csv'], { env: fx.env });
    expect(refused.code).toBe(ExitCode.business);
    expect(refused.stdout.split('\n')[0]).toBe('device,client_id,last_seen,result');
    expect(refused.stdout).toContain(',not removed\n');
    expect(refused.stderr).toContain('a bulk removal of this network’s clients is under way');
    await fx.clock.advance(2 * HOUR);
    expect(await listed()).not.toContain(own[0]);
  });
});

describe('netdeck clients add', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.cleanup());

  it('prints a client token of a new client named NAME, listed at once, that works', async () => {
    const added = await run(['clients', 'add', '--name', 'attic pi'], { env: fx.env });
    expect(added.code).toBe(ExitCode.ok);
    const token = added.stdout.trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(added.stderr).toContain('the client token of "attic pi": keep it secret');
    const clients = await run(['clients', '--json'], { env: { ...fx.env, NETDECK_TOKEN: token } });
    expect(clients.code).toBe(ExitCode.ok);
    const mine = JSON.parse(clients.stdout).clients.find(
      (c: { description: string }) => c.description === 'attic pi',
    );
    expect(mine.device_spec).toMatch(/^netdeck\/\S+ \(/);
    const json = JSON.parse(
      (await run(['clients', 'add', '--name', 'box 2', '--json'], { env: fx.env })).stdout,
    );
    expect(Object.keys(json)).toEqual(['by_client_jwt', 'client_id']);
  });

  it('--token-file writes it there (0600), the network’s own token file given before the command', async () => {
    const network = join(dir.path, 'network.jwt');
    const device = join(dir.path, 'pi.jwt');
    const { NETDECK_TOKEN, ...env } = fx.env;
    await import('node:fs').then((fs) => fs.writeFileSync(network, `${NETDECK_TOKEN}\n`, { mode: 0o600 }));
    const added = await run(
      ['--token-file', network, 'clients', 'add', '--name', 'attic pi', '--token-file', device, '--csv'],
      { env },
    );
    expect(added.code).toBe(ExitCode.ok);
    expect(statSync(device).mode & 0o777).toBe(0o600);
    const [header, record] = added.stdout.trim().split('\n');
    expect(header).toBe('client_id,device_name,token,token_file');
    expect(record).toMatch(new RegExp(`^[0-9a-f-]{36},attic pi,,${device}$`));
    const token = readFileSync(device, 'utf8').trim();
    expect((await run(['clients'], { env: { ...env, NETDECK_TOKEN_FILE: device } })).code).toBe(ExitCode.ok);
    expect(token.length).toBeGreaterThan(100);
    const nowhere = await run(
      ['clients', 'add', '--name', 'x', '--token-file', join(dir.path, 'no', 'x.jwt')],
      { env },
    );
    expect(nowhere.code).toBe(ExitCode.usage);
    expect(nowhere.stderr).toContain('does not exist');
  });

  it('a token file that cannot be written: the token on stdout instead (the service made it), exit 1', async () => {
    // /proc is a folder no one can add a file to, root included.
    const refused = await run(['clients', 'add', '--name', 'lost', '--token-file', '/proc/lost.jwt'], {
      env: fx.env,
    });
    expect(refused.code).toBe(ExitCode.failure);
    expect(refused.stderr).toContain('cannot write the token file /proc/lost.jwt');
    expect(refused.stderr).toContain('the token follows on stdout');
    const token = refused.stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    expect((await run(['clients'], { env: { ...fx.env, NETDECK_TOKEN: token } })).code).toBe(ExitCode.ok);
    // In the output asked for: --json a JSON line, --csv the record.
    const json = await run(['clients', 'add', '--name', 'lost', '--token-file', '/proc/lost.jwt', '--json'], {
      env: fx.env,
    });
    expect(json.code).toBe(ExitCode.failure);
    expect(JSON.parse(json.stdout).token.split('.')).toHaveLength(3);
    const csv = await run(['clients', 'add', '--name', 'lost', '--token-file', '/proc/lost.jwt', '--csv'], {
      env: fx.env,
    });
    const [header, record] = csv.stdout.trim().split('\n');
    expect(header).toBe('client_id,device_name,token,token_file');
    expect(record).toMatch(/^[0-9a-f-]{36},lost,[\w-]+\.[\w-]+\.[\w-]+,$/);
  });
});

/** Starts `netdeck adopt ARGS` on `clock`; `stop()` is ctrl-c. */
function startAdopt(
  args: string[],
  options: { env?: Record<string, string | undefined>; clock: ManualClock; demo?: boolean },
) {
  const controller = new AbortController();
  const output = { stdout: '', stderr: '' };
  const done = run(['adopt', ...args], {
    env: options.env,
    output,
    deps: {
      clock: options.clock,
      stop: controller.signal,
      ...(options.demo ? { createSimulator: smallDemo({ clock: options.clock }) } : {}),
    },
  });
  return {
    output,
    done,
    code: () => /netdeck devices add ([a-z ]+)\n/.exec(output.stderr)?.[1],
    stop: () => controller.abort(),
  };
}

describe('netdeck adopt', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.cleanup());

  it('shows the code, waits for an owner, confirms, and writes a token (0600) that works', async () => {
    const file = join(dir.path, 'pi.jwt');
    const { NETDECK_TOKEN: _none, ...env } = fx.env;
    const adopt = startAdopt(['--name', 'attic pi', '--token-file', file], { env, clock: fx.clock });
    await eventually(() => adopt.code() !== undefined, 'the code');
    expect(adopt.output.stderr).toContain('Adoption code for "attic pi" (15 minutes):');
    await eventually(() => adopt.output.stderr.includes('15 min left (ctrl-c withdraws it)'), 'the wait');
    // The owner, from another terminal.
    const added = await run(['devices', 'add', ...adopt.code()!.split(' ')], { env: fx.env });
    expect(added.code).toBe(ExitCode.ok);
    expect(added.stdout).toContain('a device to adopt');
    await fx.clock.advance(3_000);
    const result = await adopt.done;
    expect(result.code, result.stderr).toBe(ExitCode.ok);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('added by network "demo": confirming…');
    expect(result.stderr).toMatch(
      /adopted into network "demo" as client [0-9a-f-]{36}; its client token is in/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The device's own token on an authenticated route: the network's clients, itself among them.
    const mine = await run(['clients', '--json'], { env: { ...env, NETDECK_TOKEN_FILE: file } });
    expect(mine.code).toBe(ExitCode.ok);
    expect(
      JSON.parse(mine.stdout).clients.some((c: { device_name: string }) => c.device_name === 'attic pi'),
    ).toBe(true);
  });

  it('ctrl-c withdraws the code (adopt-status: Invalid adopt code.), exit 130', async () => {
    const adopt = startAdopt(['--name', 'closet', '--json'], { env: fx.env, clock: fx.clock });
    await eventually(() => adopt.output.stdout.includes('adopt_code'), 'the code');
    const [made] = jsonLines(adopt.output.stdout);
    expect(made).toMatchObject({ duration_minutes: 15 });
    adopt.stop();
    const result = await adopt.done;
    expect(result.code).toBe(ExitCode.interrupted);
    expect(result.stderr).toContain('stopped: the code is withdrawn');
    const status = await fetch(`${fx.sim.url}/device/adopt-status`, {
      method: 'POST',
      body: JSON.stringify({ adopt_code: made.adopt_code }),
    });
    expect(await status.json()).toEqual({ error: { message: BUSINESS_TEXT.invalidAdoptCode } });
  });

  it('gives up once the code expires, withdrawing it; an owner who removes the adoption ends it too', async () => {
    const expiring = startAdopt(['--name', 'late'], { env: fx.env, clock: fx.clock });
    await eventually(() => expiring.code() !== undefined, 'the code');
    for (let k = 0; k < 6; k++) await fx.clock.advance(3 * 60_000);
    const expired = await expiring.done;
    expect(expired.code).toBe(ExitCode.failure);
    expect(expired.stderr).toContain('no network added the code within 15 minutes');

    const removed = startAdopt(['--name', 'unwanted'], { env: fx.env, clock: fx.clock });
    await eventually(() => removed.code() !== undefined, 'the code');
    const code = removed.code()!;
    await run(['devices', 'add', ...code.split(' ')], { env: fx.env });
    await run(['devices', 'remove', ...code.split(' ')], { env: fx.env });
    await fx.clock.advance(3_000);
    const ended = await removed.done;
    expect(ended.code).toBe(ExitCode.business);
    expect(ended.stderr).toContain('the adoption was withdrawn by its owner (Invalid adopt code.)');
  });

  it('a code that expired on the service’s clock (a sped-up simulator) ends with the service’s refusal, not a wait', async () => {
    const own = new ManualClock();
    const adopt = startAdopt(['--name', 'fast world'], { env: fx.env, clock: own });
    await eventually(() => adopt.code() !== undefined, 'the code');
    await run(['devices', 'add', ...adopt.code()!.split(' ')], { env: fx.env });
    // The service's 15 minutes pass; the device's clock says 3 seconds.
    await fx.clock.advance(16 * 60_000);
    await own.advance(3_000);
    const result = await adopt.done;
    expect(result.code).toBe(ExitCode.business);
    expect(result.stderr).toContain(
      'the service refused to confirm the adoption by "demo" (Invalid code.): the code has expired',
    );
  });

  it('--json: the code, each new status and the confirmation as JSON lines; --csv one record', async () => {
    const adopt = startAdopt(['--name', 'json box', '--json', '--quiet'], { env: fx.env, clock: fx.clock });
    await eventually(() => adopt.output.stdout.includes('adopt_code'), 'the code');
    expect(adopt.output.stderr).toBe('');
    const code = jsonLines(adopt.output.stdout)[0].adopt_code as string;
    await run(['devices', 'add', code], { env: fx.env });
    await fx.clock.advance(3_000);
    const result = await adopt.done;
    const lines = jsonLines(result.stdout);
    expect(lines.map((line) => Object.keys(line))).toEqual([
      ['adopt_code', 'adopt_secret', 'duration_minutes', 'share_code'],
      ['pending'],
      ['pending', 'associated_network_name'],
      ['by_client_jwt'],
    ]);
  });

  it('in demo mode the demo network adds the code after a few seconds: the whole flow on its own', async () => {
    const clock = new ManualClock();
    const adopt = startAdopt(['--name', 'demo pi', '--csv'], { clock, demo: true });
    await eventually(() => adopt.code() !== undefined, 'the code');
    await eventually(() => adopt.output.stderr.includes('min left'), 'the wait');
    await clock.advance(3_000);
    await clock.advance(3_000);
    const result = await adopt.done;
    expect(result.code, result.stderr).toBe(ExitCode.ok);
    expect(result.stderr).toContain('no API configured; using a fresh demo simulator');
    expect(result.stderr).toContain('adopted into network "demo"');
    const [header, record] = result.stdout.trim().split('\n');
    expect(header).toBe('network_name,client_id,device_name,token,token_file');
    expect(record).toMatch(/^demo,[0-9a-f-]{36},demo pi,[\w-]+\.[\w-]+\.[\w-]+,$/);
  });
});
