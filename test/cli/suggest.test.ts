// "Did you mean": a mistyped command and a mistyped config key are named with the closest
// known one; a config key nobody knows is an error, never a silent fall back to the demo.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { closest, commanderSuggestionInOurWords, editDistance } from '../../src/cli/suggest.ts';
import { run, tempDir } from './harness.ts';

describe('closest', () => {
  it('counts a swap of neighbours as one edit and ignores case, - and _', () => {
    expect(editDistance('locatoins', 'locations')).toBe(1);
    expect(closest('locatons', ['locations', 'login', 'logout'])).toBe('locations');
    expect(closest('APIURL', ['api_url', 'token'])).toBe('api_url');
    expect(closest('xyz', ['locations', 'devices'])).toBeUndefined();
  });
});

describe('did you mean', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.cleanup());
  const writeConfig = (config: object) => {
    mkdirSync(join(dir.path, 'netdeck'), { recursive: true });
    writeFileSync(join(dir.path, 'netdeck', 'config.json'), JSON.stringify(config));
  };

  it('a mistyped command is a usage error naming the closest command', async () => {
    const result = await run(['locatons']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain("unknown command 'locatons' (did you mean locations?)");
    const help = await run(['help', 'devics']);
    expect(help.stderr).toContain('(did you mean devices?)');
  });

  it('a mistyped option names the closest one in the same words, on one line', async () => {
    const result = await run(['providers', '--cout', '3']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr.split('\n')[0]).toBe("error: unknown option '--cout' (did you mean --count?)");
    expect(
      commanderSuggestionInOurWords("error: unknown option '--se'\n(Did you mean one of --seed, --sec?)"),
    ).toBe("error: unknown option '--se' (did you mean one of --seed, --sec?)");
  });

  it('an unknown config key is an error naming the key it resembles, at the top level and in a profile', async () => {
    writeConfig({ apiurl: 'http://127.0.0.1:9' });
    const top = await run(['locations'], { env: { XDG_CONFIG_HOME: dir.path } });
    expect(top.code).not.toBe(ExitCode.ok);
    expect(top.stderr).toContain('unknown key "apiurl" (did you mean "api_url"?)');
    expect(top.stderr).not.toContain('demo simulator');
    writeConfig({ profiles: { work: { tokn: 'x' } } });
    const profile = await run(['whoami'], { env: { XDG_CONFIG_HOME: dir.path } });
    expect(profile.stderr).toContain('unknown key "tokn" (did you mean "token"?) in profiles.work');
  });
});
