// The built binary's scriptable commands against a faulty simulator: each ends with a
// non-zero exit code and one clear last line on stderr, and nothing half-written on stdout.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { closedPort } from '../api/fixture.ts';
import { runBinary } from '../e2e/run-binary.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await createSimulator({ seed: 9, providers: 300, locations: 120, ownProviders: 6, admin: true });
});
afterAll(() => sim?.close());
beforeEach(() => sim.admin.setFaults({}));

const target = () => ['--api-url', sim.url, '--token', sim.token];
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

describe('scriptable commands under faults', () => {
  it('work when the simulator is healthy (the baseline the faults differ from)', async () => {
    const run = await runBinary(['devices', '--json', ...target()]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('outgoing_shared_devices');
  });

  it('exit 1 with the status once retries of a failing GET run out', async () => {
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    const run = await runBinary(['stats', 'network', ...target()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(lastLine(run.stderr)).toBe('netdeck: network stats: 500 simulated failure (status 500)');
  });

  it('exit 1 at once, without retrying, when a POST fails', async () => {
    sim.admin.setFaults({ error_rate: 1, status: 503, retry_after_s: 1 });
    const run = await runBinary(['providers', '--best', ...target()]);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('503');
  });

  it('exit 1 naming a malformed body and the field of a wrong shape', async () => {
    sim.admin.setFaults({ body: 'malformed' });
    const malformed = await runBinary(['wallet', ...target()]);
    expect(malformed.code).toBe(1);
    expect(lastLine(malformed.stderr)).toMatch(/not valid JSON/);

    sim.admin.setFaults({ body: 'wrong-shape' });
    const wrong = await runBinary(['stats', 'network', '--json', ...target()]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe('');
    expect(lastLine(wrong.stderr)).toMatch(/unexpected response at [a-z_0-9]+/);
  });

  it('exit 1 when nothing listens, and 3 for a token the service refuses', async () => {
    const down = await runBinary([
      'devices',
      '--api-url',
      `http://127.0.0.1:${await closedPort()}`,
      '--token',
      sim.token,
    ]);
    expect(down.code).toBe(1);
    expect(lastLine(down.stderr)).toMatch(/cannot reach the service/);

    const [header, payload] = sim.token.split('.');
    const refused = await runBinary([
      'devices',
      '--api-url',
      sim.url,
      '--token',
      `${header}.${payload}.forged`,
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/Not authorized/);
  });
});
