// A name in the config file a megabyte long (an action in `keys`, an unknown key): the
// "did you mean" table grows with the product of the lengths (it took 105 s and 1.8 GB on
// every command), so only names up to 64 characters are compared, and a message echoes a
// name cut to 80 characters.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closest, MAX_COMPARED_CHARS } from '../../src/cli/suggest.ts';
import { echoed, MAX_ECHOED_CHARS } from '../../src/sanitize.ts';
import { run } from '../cli/harness.ts';
import { scratchDir } from '../scratch-dir.ts';

// 1 MB: the config file's limit is 1 MiB.
const MEGABYTE_NAME = `devices.share${'x'.repeat(1_000_000)}`;
/** The name as a message shows it: its first 79 characters and `…`. */
const SHOWN = `"${MEGABYTE_NAME.slice(0, MAX_ECHOED_CHARS - 1)}…"`;

function configHome(config: object) {
  const home = scratchDir();
  mkdirSync(join(home, 'netdeck'));
  writeFileSync(join(home, 'netdeck', 'config.json'), JSON.stringify(config));
  return { HOME: home, XDG_CONFIG_HOME: home };
}

describe('did you mean, for names of any length', () => {
  it('compares only words of up to 64 characters, the mistyped one and the known ones', () => {
    expect(MAX_COMPARED_CHARS).toBe(64);
    const known64 = 'k'.repeat(64);
    expect(closest(`${'k'.repeat(63)}x`, [known64])).toBe(known64);
    // One edit away, but longer than a name: not compared.
    expect(closest('k'.repeat(65), [known64])).toBeUndefined();
    expect(closest(known64, ['k'.repeat(65)])).toBeUndefined();
    expect(closest(MEGABYTE_NAME, ['devices.share'])).toBeUndefined();
  });

  it('echoes a name cut to 80 characters', () => {
    expect(echoed('a'.repeat(80))).toBe('a'.repeat(80));
    expect(echoed(MEGABYTE_NAME)).toBe(`${MEGABYTE_NAME.slice(0, 79)}…`);
    expect([...echoed('😀'.repeat(1000))]).toHaveLength(80);
  });

  it('a megabyte action name in keys: a usage error naming it cut to 80, without a suggestion', async () => {
    const result = await run(['whoami'], { env: configHome({ keys: { [MEGABYTE_NAME]: ['x'] } }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`keys: no action ${SHOWN}`);
    expect(result.stderr).not.toContain('did you mean');
    expect(result.stderr.length).toBeLessThan(1000);
  });

  it('a megabyte unknown key and a megabyte key in keys: each cut to 80', async () => {
    const unknown = await run(['whoami'], { env: configHome({ [MEGABYTE_NAME]: 1 }) });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`unknown key ${SHOWN}`);
    expect(unknown.stderr.length).toBeLessThan(1000);
    const key = await run(['whoami'], { env: configHome({ keys: { quit: [MEGABYTE_NAME] } }) });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain(`quit: ${SHOWN} is not a key`);
    expect(key.stderr.length).toBeLessThan(1000);
  });
});
