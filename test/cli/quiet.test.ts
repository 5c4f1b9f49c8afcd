// --quiet (-q before a command) hides the notes on stderr, the demo notice first of all;
// the data and the errors still come.
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { run, smallDemo } from './harness.ts';

const deps = { createSimulator: smallDemo() };

describe('--quiet', () => {
  it('the demo notice shows without it and not with it, before or after the command', async () => {
    const noisy = await run(['stats', 'network', '--json'], { deps });
    expect(noisy.stderr).toContain('using a fresh demo simulator');
    for (const argv of [
      ['-q', 'stats', 'network', '--json'],
      ['--quiet', 'stats', 'network', '--json'],
      ['stats', 'network', '--json', '--quiet'],
      ['locations', '--quiet', '--json'],
    ]) {
      const quiet = await run(argv, { deps });
      expect(quiet.code, argv.join(' ')).toBe(ExitCode.ok);
      expect(quiet.stderr, argv.join(' ')).toBe('');
      expect(() => JSON.parse(quiet.stdout)).not.toThrow();
    }
  });

  it('errors still show', async () => {
    const failed = await run(['-q', 'whoami', '--api-url', 'http://127.0.0.1:9', '--token', 'x.y.z']);
    expect(failed.code).not.toBe(ExitCode.ok);
    expect(failed.stderr).toMatch(/netdeck:/);
  });
});
