// The built binary never prints a token it was given in full: not in tables, --json,
// `config`, usage errors, nor in the errors of a server that echoes the token back.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type Fixture, startFixture } from '../api/fixture.ts';
import { type BinaryRun, runBinary } from '../e2e/run-binary.ts';
import { expectNoLeak } from './secrets.ts';

let sim: Simulator;
let echo: Fixture;
beforeAll(async () => {
  sim = await createSimulator({ seed: 13, providers: 300, locations: 120, ownProviders: 6, admin: true });
  // A careless server: every answer repeats the Authorization header it got.
  echo = await startFixture((request) => ({
    status: request.path.startsWith('/device') ? 401 : 500,
    body: `rejected ${request.headers.authorization}`,
  }));
});
afterAll(async () => {
  await sim?.close();
  await echo?.close();
});

const captured = (runs: Record<string, BinaryRun>) =>
  Object.fromEntries(
    Object.entries(runs).flatMap(([name, run]) => [
      [`${name} stdout`, run.stdout],
      [`${name} stderr`, run.stderr],
    ]),
  );

describe('the token never shows', () => {
  it('in any output of the commands, given as a flag, in the environment or in a file', async () => {
    const token = sim.token;
    const tokenFile = join(tmpdir(), `netdeck-token-${process.pid}`);
    writeFileSync(tokenFile, `${token}\n`);
    const flag = ['--api-url', sim.url, '--token', token];
    const env = { NETDECK_API_URL: sim.url, NETDECK_TOKEN: token };
    const runs: Record<string, BinaryRun> = {
      devices: await runBinary(['devices', ...flag]),
      devicesJson: await runBinary(['devices', '--json', ...flag]),
      wallet: await runBinary(['wallet', '--json'], { env }),
      stats: await runBinary(['stats', 'providers', '--json'], { env }),
      config: await runBinary(['config', ...flag]),
      configJson: await runBinary(['config', '--json'], { env }),
      configFile: await runBinary(['config', '--token-file', tokenFile, '--api-url', sim.url]),
      usageError: await runBinary(['devices', '--no-such-flag', ...flag]),
      badCode: await runBinary(['devices', 'add', 'zoo', 'zoo', 'zoo', 'zoo', 'zoo', 'zoo', ...flag]),
      tokenWithoutUrl: await runBinary(['devices', '--token', token]),
    };
    rmSync(tokenFile);
    expect(runs.devicesJson.code).toBe(0);
    expect(runs.config.code).toBe(0);
    expect(runs.badCode.code).toBe(4);
    expect(runs.usageError.code).toBe(2);
    expect(runs.tokenWithoutUrl.code).toBe(2);
    expectNoLeak(captured(runs), token);
  });

  it('when the server echoes the token in its error bodies', async () => {
    const token = sim.admin.token('echoed').token;
    const flag = ['--api-url', echo.url, '--token', token];
    const runs = {
      unauthorized: await runBinary(['devices', ...flag]),
      failing: await runBinary(['wallet', '--json', ...flag]),
    };
    expect(runs.unauthorized.code).toBe(3);
    expect(runs.failing.code).toBe(1);
    expect(runs.unauthorized.stderr).toContain('rejected Bearer ');
    expectNoLeak(captured(runs), token);
  });
});
