// A key remapped to a character the footer would draw raw: a bidi override (U+202E
// reorders the footer's hint), another format character (invisible), a control, a line
// or paragraph separator. The remap's one check (src/ui/keys/remap.ts) refuses them, so
// `config --check`, `config set keys` and the console's resolver all do.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../../src/cli/profile/config.ts';
import { keyProblem } from '../../src/ui/keys/remap.ts';
import { run } from '../cli/harness.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { scratchDir } from '../scratch-dir.ts';

const UNDRAWABLE = {
  'right-to-left override U+202E (Cf)': '\u202e',
  'right-to-left isolate U+2067 (Cf)': '\u2067',
  'zero-width space U+200B (Cf)': '\u200b',
  'soft hyphen U+00AD (Cf)': '\u00ad',
  'byte order mark U+FEFF (Cf)': '\ufeff',
  'next line U+0085 (Cc)': '\u0085',
  'line separator U+2028 (Zl)': '\u2028',
  'paragraph separator U+2029 (Zp)': '\u2029',
};

function home(config?: object) {
  const dir = scratchDir();
  if (config) {
    mkdirSync(join(dir, 'netdeck'));
    writeFileSync(join(dir, 'netdeck', 'config.json'), JSON.stringify(config));
  }
  return { HOME: dir, XDG_CONFIG_HOME: dir };
}

describe('a key the footer would draw raw is no key', () => {
  it.each(Object.entries(UNDRAWABLE))('%s', (_name, key) => {
    expect(keyProblem(key)).toContain('is not a key');
  });

  it('printable characters stay keys, wide and accented ones too', () => {
    for (const key of ['x', 'X', 'é', '?', '東', 'ж']) expect(keyProblem(key)).toBeUndefined();
  });

  it('config --check refuses one (exit 2) without drawing it raw', async () => {
    const result = await run(['config', '--check'], { env: home({ keys: { quit: ['\u202e'] } }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('keys: quit: U+202E is not a key');
    expect(result.stderr).not.toMatch(RAW_CONTROL);
  });

  it('config set keys refuses one and writes nothing', async () => {
    const env = home();
    const result = await run(['config', 'set', 'keys', JSON.stringify({ 'devices.share': ['\u2067'] })], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a key');
    expect(existsSync(join(env.XDG_CONFIG_HOME, 'netdeck', 'config.json'))).toBe(false);
  });

  it("the console's resolver refuses one before anything is drawn", () => {
    expect(() => resolveConfig({}, home({ keys: { refresh: ['\u2028'] } }))).toThrow(ConfigError);
  });
});
