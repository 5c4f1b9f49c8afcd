// The configuration's `keys` and `theme` (src/cli/profile/config.ts): a remap whose keys
// clash, an action that does not exist or a key that cannot be typed is refused by
// `config --check` (exit 2) naming what clashes; a theme that does not exist likewise.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASCII_GLYPHS, foldToAscii } from '../../src/ui/glyphs.ts';
import { configHome, run, type tempDir } from './harness.ts';

let dir: ReturnType<typeof tempDir>;
let env: Record<string, string | undefined>;
beforeEach(() => ({ dir, env } = configHome()));
afterEach(() => dir.cleanup());

const withConfig = (config: object) =>
  writeFileSync(join(dir.path, 'xdg', 'netdeck', 'config.json'), JSON.stringify(config));

describe('config keys and theme', () => {
  it('config --check refuses two actions on one key, naming both', async () => {
    withConfig({ keys: { 'devices.share': ['a'] } });
    const result = await run(['config', '--check'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("keys: 'a' is bound to both devices.addCode and devices.share");
  });

  it("config --check refuses a pane's key that is a global one, an unknown action and a key that is none", async () => {
    withConfig({ keys: { 'discover.collapse': ['?'] } });
    let result = await run(['config', '--check'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("'?' of discover.collapse is the global key of help");
    withConfig({ keys: { 'devices.shar': ['S'], refresh: ['F5'] } });
    result = await run(['config', '--check'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no action "devices\.shar".*devices\.share/);
    expect(result.stderr).toMatch(/refresh: "F5" is not a key/);
  });

  it('config --check takes a remap without a clash, and a known theme', async () => {
    withConfig({ keys: { 'devices.share': ['S'], help: ['~'] }, theme: 'mono' });
    const result = await run(['config', '--check'], { env });
    expect(result.code, result.stderr).toBe(0);
  });

  it('config set keys refuses a remap the key table refuses, writing nothing; one that fits is set', async () => {
    withConfig({ theme: 'mono' });
    const file = join(dir.path, 'xdg', 'netdeck', 'config.json');
    const before = readFileSync(file, 'utf8');
    const refused = await run(['config', 'set', 'keys', '{"nosuch":["x"]}'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/keys: no action "nosuch".*nothing written/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const set = await run(['config', 'set', 'keys', '{"devices.share":["S"]}'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect((await run(['config', '--check'], { env })).code).toBe(0);
  });

  it('--help says what mono draws: ASCII and box drawing (its frames, scroll bars and chart axes)', async () => {
    const help = (await run(['--help'], { env })).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('mono (no colour, ASCII and box drawing)');
    expect(help).not.toContain('ASCII only');
    expect(ASCII_GLYPHS.scrollTrack).toBe('│');
    expect(foldToAscii('╭─┤│')).toBe('╭─┤│');
  });

  it('a theme that does not exist is refused, from the flag or the environment', async () => {
    let result = await run(['config', '--check'], { env: { ...env, NETDECK_THEME: 'solarized' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /the theme "solarized" \(from NETDECK_THEME\) is not one of dark, light, mono/,
    );
    withConfig({ theme: 'sepia' });
    result = await run(['config', '--check'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/theme/);
  });
});
