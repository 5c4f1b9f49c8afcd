// `netdeck sim --key-file`: whoever can put a key in the file signs tokens the simulator
// accepts and knows the demo user's password (both follow from the key). A key file of
// another user, or one others may write to, is refused (exit 2, as every unusable key
// file is), a link to one too; one others may only read gets the warning it had.
import { chmodSync, chownSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulatorCommandOptions } from '../../simulator/main.ts';
import { run } from '../cli/harness.ts';
import { scratchDir } from '../scratch-dir.ts';

const AS_ROOT = process.getuid!() === 0;
const OTHER_USER = 4242;
const KEY = `${'ab'.repeat(32)}\n`;

async function sim(keyFile: string) {
  const started: SimulatorCommandOptions[] = [];
  const result = await run(['sim', '--key-file', keyFile], {
    env: { XDG_CONFIG_HOME: scratchDir() },
    deps: { runSimulatorCommand: async (options) => void started.push(options) },
  });
  return { ...result, started: started.length > 0 };
}

function keyFile(mode: number): string {
  const path = join(scratchDir(), 'sim.key');
  writeFileSync(path, KEY);
  chmodSync(path, mode);
  return path;
}

describe('sim --key-file refuses a key others could have chosen', () => {
  it.each(['666', '620', '602'])('one others may write to (mode %s): exit 2, no simulator', async (mode) => {
    const path = keyFile(Number.parseInt(mode, 8));
    const result = await sim(path);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `key file ${path} can be written by other users (mode ${mode}): a key they put there signs tokens the simulator accepts; run: chmod 600 ${path}`,
    );
    expect(result.started).toBe(false);
  });

  it.runIf(AS_ROOT)('(as root) one of another user, and a link to it: exit 2, no simulator', async () => {
    const path = keyFile(0o600);
    chownSync(path, OTHER_USER, OTHER_USER);
    const link = join(scratchDir(), 'mine.key');
    symlinkSync(path, link);
    for (const given of [path, link]) {
      const result = await sim(given);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`key file ${given} belongs to another user (uid ${OTHER_USER})`);
      expect(result.started).toBe(false);
    }
  });

  it('one of this user, 0600 or readable by others (with the warning), is used', async () => {
    expect(await sim(keyFile(0o600))).toMatchObject({ code: 0, stderr: '', started: true });
    const readable = await sim(keyFile(0o644));
    expect(readable).toMatchObject({ code: 0, started: true });
    expect(readable.stderr).toContain('can be read by other users (mode 644)');
  });
});
