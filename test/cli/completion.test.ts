// `netdeck completion bash|zsh|fish`: generated from the program, so every command,
// subcommand and option is in it; the bash one completes as a shell would.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { run, tempDir } from './harness.ts';

const commandNames = async () => {
  const help = await run(['--help']);
  return [...help.stdout.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]).filter((n) => n !== 'help');
};

describe('netdeck completion', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.cleanup());

  it('each script lists every command', async () => {
    const names = await commandNames();
    expect(names).toEqual(expect.arrayContaining(['locations', 'stats', 'watch', 'exporter', 'completion']));
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = await run(['completion', shell]);
      expect(result.code).toBe(ExitCode.ok);
      for (const name of names) expect(result.stdout, `${shell}: ${name}`).toContain(name);
    }
  });

  it('bash completes commands, subcommands and options as typed', async () => {
    const script = join(dir.path, 'netdeck.bash');
    writeFileSync(script, (await run(['completion', 'bash'])).stdout);
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "$0"; COMP_WORDS=(netdeck ${words.join(' ')}); COMP_CWORD=${words.length}; _netdeck_complete; echo "\${COMPREPLY[@]}"`,
          script,
        ],
        { encoding: 'utf8' },
      ).trim();
    expect(complete('loc')).toBe('locations');
    expect(complete('stats', 'pro').split(' ').sort()).toEqual(['provider', 'providers']);
    expect(complete('stats', 'providers', '--la')).toBe('--last');
    expect(complete('devices', '--cs')).toBe('--csv');
  });

  it('a shell it does not know is a usage error naming the ones it does', async () => {
    const result = await run(['completion', 'tcsh']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('expected one of bash, zsh, fish');
  });
});
