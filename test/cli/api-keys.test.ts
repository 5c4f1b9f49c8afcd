// `netdeck api-keys`, `api-keys create NAME` and `api-keys remove ID` against the
// simulator, and a key as netdeck's token: every command that takes a token takes one,
// and where a token would name the network (whoami, config --check, login) netdeck asks
// the service, since a key names none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeEach(async () => {
  fx = await startSimFixture({ era: 'current' });
});
afterEach(() => fx.close());

const netdeck = (...argv: string[]) => run(argv, { env: fx.env });
const KEY = /^urn_[0-9A-V]{52}$/;

async function newKey(name = 'scripts'): Promise<{ key: string; id: string }> {
  const made = JSON.parse((await netdeck('api-keys', 'create', name, '--json')).stdout);
  return { key: made.api_key, id: made.id };
}

describe('netdeck api-keys', () => {
  it('lists id, name and when made, never a key: a table, --json the service’s answer, --csv records', async () => {
    const { id } = await newKey('grafana');
    const table = await netdeck('api-keys');
    const [header, ...rows] = linesOf(table.stdout);
    expect(header).toMatch(/^NAME +MADE +ID$/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^grafana +2026-01-01 00:00 UTC +${id}$`));
    expect(table.stdout).not.toMatch(/urn_/);
    const json = JSON.parse((await netdeck('api-keys', '--json')).stdout);
    expect(json.api_keys.map((k: { name: string }) => k.name)).toEqual(['monitoring', 'grafana']);
    const csv = linesOf((await netdeck('api-keys', '--csv')).stdout);
    expect(csv[0]).toBe('name,created_at,id');
    expect(csv[2]).toBe(`grafana,2026-01-01T00:00:00.000Z,${id}`);
  });

  it('create prints the key alone on stdout and warns it is shown once; --json is the service’s answer', async () => {
    const made = await netdeck('api-keys', 'create', 'backup');
    expect(made.code).toBe(0);
    expect(made.stdout.trim()).toMatch(KEY);
    expect(made.stderr).toContain('the service shows a key this once and keeps only its hash: store it now');
    const json = JSON.parse((await netdeck('api-keys', 'create', 'ci', '--json')).stdout);
    expect(Object.keys(json)).toEqual(['id', 'api_key', 'name']);
    const long = await netdeck('api-keys', 'create', 'x'.repeat(129));
    expect([long.code, long.stderr]).toEqual([
      ExitCode.usage,
      expect.stringContaining("an API key's name is at most 128 characters"),
    ]);
  });

  it('remove removes a key of the network, which is refused at once; an id it does not have is exit 4', async () => {
    const { key, id } = await newKey();
    const asKey = { ...fx.env, NETDECK_TOKEN: key };
    expect((await run(['wallet'], { env: asKey })).code).toBe(0);
    const removed = await netdeck('api-keys', 'remove', id.toUpperCase());
    expect([removed.code, removed.stdout]).toEqual([0, `Removed the API key "scripts" (${id}).\n`]);
    const after = await run(['wallet'], { env: asKey });
    expect(after.code).toBe(ExitCode.unauthorized);
    const again = await netdeck('api-keys', 'remove', id);
    expect([again.code, again.stderr]).toEqual([
      ExitCode.business,
      `netdeck: no API key ${id} in this network: nothing removed\n`,
    ]);
    expect((await netdeck('api-keys', 'remove', 'my-key')).code).toBe(ExitCode.usage);
  });

  it('the seed era’s service has none: exit 1, saying so', async () => {
    const seed = await startSimFixture({ era: 'seed' });
    try {
      for (const argv of [['api-keys'], ['api-keys', 'create', 'x']]) {
        const result = await run(argv, { env: seed.env });
        expect([result.code, result.stderr]).toEqual([
          ExitCode.failure,
          'netdeck: this service has no API keys\n',
        ]);
      }
    } finally {
      await seed.close();
    }
  });
});

describe('a key as the token', () => {
  it('works for every command through NETDECK_TOKEN and --token, masked in what is printed', async () => {
    const { key } = await newKey();
    const env = { ...fx.env, NETDECK_TOKEN: key };
    for (const argv of [['devices'], ['clients'], ['stats', 'providers'], ['blocked'], ['network']])
      expect((await run(argv, { env })).code, argv.join(' ')).toBe(0);
    const flag = await run(['wallet', 'list', '--token', key], { env: { ...fx.env, NETDECK_TOKEN: '' } });
    expect(flag.code).toBe(0);
    const config = await run(['config'], { env });
    expect(config.stdout).not.toContain(key);
    expect(config.stdout).toMatch(/urn_…\(56 chars\)…/);
    expect(config.stdout).toContain('an API key names no network: netdeck config --check asks the service');
  });

  it('whoami and config --check name the network the service says; a removed key is refused (exit 3)', async () => {
    const { key, id } = await newKey();
    await netdeck('network', 'rename', 'Home Lab');
    const env = { ...fx.env, NETDECK_TOKEN: key };
    const whoami = JSON.parse((await run(['whoami', '--json'], { env })).stdout);
    expect(whoami).toMatchObject({ token_kind: 'api-key', network_name: 'Home Lab', accepted: true });
    expect(whoami.user_id).toMatch(/^[0-9a-f-]{36}$/);
    const text = (await run(['whoami'], { env })).stdout;
    expect(text).toMatch(/network +Home Lab/);
    expect(text).toMatch(/token +API key \(urn_…\)/);
    const check = JSON.parse((await run(['config', '--check', '--json'], { env })).stdout);
    expect(check.check).toMatchObject({ token_accepted: true, network_name: 'Home Lab', exit_code: 0 });
    await netdeck('api-keys', 'remove', id);
    const refused = await run(['whoami'], { env });
    expect(refused.code).toBe(ExitCode.unauthorized);
  });

  it('netdeck login --api-key - keeps a key the service accepts, with the network it names', async () => {
    const { key } = await newKey();
    const env = { XDG_CONFIG_HOME: fx.config.path };
    const login = await run(['login', '--api-url', fx.sim.url, '--api-key', '-'], { env, stdin: `${key}\n` });
    expect([login.code, login.stdout.split('\n')[0]]).toEqual([
      0,
      `Logged in to ${fx.sim.url} as network demo.`,
    ]);
    expect(login.stdout + login.stderr).not.toContain(key);
    const whoami = JSON.parse((await run(['whoami', '--json'], { env })).stdout);
    expect(whoami).toMatchObject({ token_kind: 'api-key', network_name: 'demo', accepted: true });
    const malformed = await run(['login', '--api-url', fx.sim.url, '--api-key', '-'], {
      env,
      stdin: 'urn_short',
    });
    expect([malformed.code, malformed.stderr]).toEqual([
      ExitCode.usage,
      'netdeck: an API key starts with urn_ and is 56 characters long\n',
    ]);
    const unknown = await run(['login', '--api-url', fx.sim.url, '--api-key', '-'], {
      env,
      stdin: `urn_${'0'.repeat(52)}`,
    });
    expect(unknown.code).toBe(ExitCode.unauthorized);
  });
});
