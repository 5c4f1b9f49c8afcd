// `netdeck watch --exec` as a process, stopped by a real signal (the in-process tests abort
// it instead): SIGINT and SIGTERM end it within a few seconds even while its command
// ignores SIGTERM, and that command's whole process group goes with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { timed } from '../bench-figures.ts';
import { BINARY, cleanEnv, ensureBuilt } from './harness.ts';

let sim: Simulator;
let dir: string;
let child: ChildProcess | undefined;
beforeAll(async () => {
  await ensureBuilt();
  sim = await createSimulator({
    seed: 3,
    era: 'current',
    providers: 300,
    locations: 40,
    ownProviders: 4,
    admin: true,
  });
});
afterAll(() => sim?.close());
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function eventually(check: () => boolean, what: string, ms = 15_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('netdeck watch stopped by a signal', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} ends it within a few seconds while its command ignores SIGTERM; the command goes too`, async () => {
      dir = mkdtempSync(join(tmpdir(), 'netdeck-watch-signal-'));
      const { client_id } = sim.engine
        .handle('providerStats', undefined, {
          networkId: sim.engine.demoNetwork.id,
          networkName: sim.engine.demoNetwork.name,
        })
        .providers!.find((p) => p.connected)!;
      sim.admin.setProviderConnected({ client_id: client_id!, connected: false });
      const pidFile = join(dir, 'pid');
      child = spawn(
        process.execPath,
        [
          BINARY,
          'watch',
          '--refresh',
          '60',
          '--disconnected-minutes',
          '0',
          '--',
          'sh',
          '-c',
          // Its pid once it ignores SIGTERM: signalled before its trap, it would go at once.
          `trap '' TERM; echo $$ > ${pidFile}; sleep 30`,
        ],
        {
          env: cleanEnv(dir, { NETDECK_API_URL: sim.url, NETDECK_TOKEN: sim.token }),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
      await eventually(
        () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '',
        'the command',
      );
      const commandPid = Number(readFileSync(pidFile, 'utf8'));
      expect(alive(commandPid)).toBe(true);
      // Waiting for its command, it would end after the command's 30 s: past the test's timeout.
      const code = await timed(
        `watch (the bin): ended by ${signal} while its command ignores SIGTERM`,
        6_000,
        () => {
          child!.kill(signal);
          return exited;
        },
      );
      expect(code, stderr).not.toBeNull();
      expect(alive(commandPid), 'the command survived netdeck').toBe(false);
      expect(stderr).toMatch(
        /still running as netdeck stopped; stopped \(SIGKILL: SIGTERM did nothing in 3 s\)/,
      );
      sim.admin.setProviderConnected({ client_id: client_id!, connected: true });
    });
  }
});
