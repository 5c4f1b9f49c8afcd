// The binary is a launcher that compiles the core bundle with V8's code cache
// (src/cli/launcher.ts, src/cli/code-cache.ts): the first run of a command leaves a
// cache, the console's first frame upgrades it, and a cache V8 refuses is rewritten,
// never an error.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_BYTE } from '../../src/cli/code-cache.ts';
import { BINARY, ensureBuilt, type Session, spawnNetdeck } from './harness.ts';

let cacheHome: string;
let tui: Session | undefined;
beforeAll(ensureBuilt, 120_000);
beforeEach(() => {
  cacheHome = mkdtempSync(join(tmpdir(), 'netdeck-launcher-'));
});
afterEach(async () => {
  await tui?.close();
  tui = undefined;
  rmSync(cacheHome, { recursive: true, force: true });
});

const folder = () => join(cacheHome, 'netdeck');
/** The one cache file, and the role byte that says which run wrote it. */
function cache(): { name: string; role: number; size: number } {
  const names = readdirSync(folder());
  expect(names).toHaveLength(1);
  const bytes = readFileSync(join(folder(), names[0]));
  return { name: names[0], role: bytes[0], size: bytes.length };
}

function netdeck(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BINARY, ...args],
      { env: { ...process.env, XDG_CACHE_HOME: cacheHome } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the launcher and its code cache', () => {
  it('a command leaves a cache, the next run takes it, and a refused one is rewritten', async () => {
    const first = await netdeck(['--version']);
    expect(first.code).toBe(0);
    const written = cache();
    expect(written.role).toBe(ROLE_BYTE.command);
    expect(written.name).toMatch(/^core-[0-9a-f]{16}-[0-9a-f]{8}\.bin$/);

    expect(await netdeck(['--version'])).toEqual(first);
    expect(cache()).toEqual(written);

    writeFileSync(
      join(folder(), written.name),
      Buffer.concat([Buffer.of(ROLE_BYTE.command), Buffer.from('garbage')]),
    );
    expect(await netdeck(['--version'])).toEqual(first);
    const rewritten = cache();
    expect(rewritten).toMatchObject({ name: written.name, role: ROLE_BYTE.command });
    // About as large as the first (V8's serialisation is not byte for byte the same).
    expect(rewritten.size).toBeGreaterThan(written.size / 2);
  });

  it('the demo console saves a fuller cache once its first frame is drawn, and starts from it', async () => {
    await netdeck(['--version']);
    const fromCommand = cache();
    tui = await spawnNetdeck({ env: { XDG_CACHE_HOME: cacheHome } });
    await tui.waitFor(/\d+ places with providers/);
    await expect.poll(() => cache().role, { timeout: 5000 }).toBe(ROLE_BYTE['demo console']);
    expect(cache().size).toBeGreaterThan(fromCommand.size);
    await tui.keys('q');
    expect(await tui.exited()).toBe(0);

    tui = await spawnNetdeck({ env: { XDG_CACHE_HOME: cacheHome } });
    await tui.waitFor(/\d+ places with providers/);
    await tui.keys('q');
    expect(await tui.exited()).toBe(0);
    expect(cache().role).toBe(ROLE_BYTE['demo console']);
  });
});
