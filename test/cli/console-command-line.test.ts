// Which command lines start the console (src/cli/console/console-command-line.ts): the
// early paint and the program without its commands (program.ts) rest on it.
import { describe, expect, it } from 'vitest';
import { consoleCommandLine } from '../../src/cli/console/console-command-line.ts';
import { buildProgram } from '../../src/cli/program.ts';
import { run } from './harness.ts';

describe('consoleCommandLine', () => {
  it('is the program’s own options and nothing else', () => {
    expect(consoleCommandLine([])).toEqual({});
    expect(consoleCommandLine(['--seed', '7', '--refresh', '15'])).toMatchObject({ seed: 7, refresh: 15 });
  });

  it('reads a command line once, as main.ts asks twice, and another afresh', () => {
    const argv = ['--seed', '3'];
    expect(consoleCommandLine(argv)).toBe(consoleCommandLine(argv));
    expect(consoleCommandLine(['--seed', '4'])).toMatchObject({ seed: 4 });
    expect(consoleCommandLine(['locations'])).toBeUndefined();
  });

  it('is not a command, an unknown option, help, the version or a bad value', () => {
    for (const argv of [
      ['help'],
      ['locations'],
      ['--seed', '7', 'devices'],
      ['--', 'x'],
      ['-h'],
      ['--help'],
      ['-V'],
      ['--version'],
      ['--no-such-option'],
      ['--seed', 'seven'],
    ])
      expect(consoleCommandLine(argv), argv.join(' ')).toBeUndefined();
  });
});

describe('the program without its commands', () => {
  it('holds the console’s options and no command', () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {} };
    const program = buildProgram({ io, deps: {}, exit: () => undefined }, [], { commands: false });
    expect(program.commands).toEqual([]);
    expect(program.options.map((option) => option.long)).toEqual(
      expect.arrayContaining(['--seed', '--refresh', '--api-url']),
    );
  });

  it('is never what help, the version or a command meet', async () => {
    const help = await run(['--help']);
    expect(help.stdout).toMatch(/^ {2}locations /m);
    expect((await run(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
    const typo = await run(['locatons']);
    expect({ code: typo.code, stderr: typo.stderr }).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/locations/),
    });
  });
});
