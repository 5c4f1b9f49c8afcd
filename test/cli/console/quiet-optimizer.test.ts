// The console's optimizing compiler rests after a quiet spell and wakes at a key
// (src/cli/console/quiet-optimizer.ts): what it asks of V8, and when.
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, quietOptimizer } from '../../../src/cli/console/quiet-optimizer.ts';

function optimizer(execArgv: string[] = []) {
  const flags: string[] = [];
  return { flags, quiet: quietOptimizer({ execArgv, setFlags: (f) => flags.push(f) }) };
}

describe('quietOptimizer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves the compiler alone until the start is done, however long that takes', () => {
    const { flags, quiet } = optimizer();
    vi.advanceTimersByTime(10 * QUIET_MS);
    quiet.input();
    vi.advanceTimersByTime(10 * QUIET_MS);
    expect(flags).toEqual([]);
  });

  it('turns it off after a quiet spell from the start, and on at the next key', () => {
    const { flags, quiet } = optimizer();
    quiet.arm();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(flags).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flags).toEqual(['--no-turbofan']);
    quiet.input();
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
  });

  it('counts the quiet from the last key, and asks V8 nothing while keys come', () => {
    const { flags, quiet } = optimizer();
    quiet.arm();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(QUIET_MS / 2);
      quiet.input();
    }
    expect(flags).toEqual([]);
    vi.advanceTimersByTime(QUIET_MS);
    expect(flags).toEqual(['--no-turbofan']);
    // Quiet again after the next key: off once more.
    quiet.input();
    vi.advanceTimersByTime(QUIET_MS);
    expect(flags).toEqual(['--no-turbofan', '--turbofan', '--no-turbofan']);
  });

  it('ends with the compiler on, and nothing scheduled after', () => {
    const { flags, quiet } = optimizer();
    quiet.arm();
    vi.advanceTimersByTime(QUIET_MS);
    quiet.stop();
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
    vi.advanceTimersByTime(10 * QUIET_MS);
    quiet.input();
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
  });

  it('stays on when the start is done only after the console ended', () => {
    const { flags, quiet } = optimizer();
    quiet.stop();
    quiet.arm();
    vi.advanceTimersByTime(10 * QUIET_MS);
    expect(flags).toEqual([]);
  });

  it('leaves the compilers alone when node was told how to run them', () => {
    for (const execArgv of [
      ['--jitless'],
      ['--no-turbofan'],
      ['--max-opt=2'],
      ['--no_opt'],
      ['--turbofan'],
    ]) {
      const { flags, quiet } = optimizer(['--optimize-for-size', ...execArgv]);
      quiet.arm();
      vi.advanceTimersByTime(QUIET_MS);
      quiet.input();
      quiet.stop();
      expect(flags, execArgv.join(' ')).toEqual([]);
    }
    // Other options do not count.
    const { flags, quiet } = optimizer(['--optimize-for-size', '--v8-pool-size=1', '--optimize-for-size']);
    quiet.arm();
    vi.advanceTimersByTime(QUIET_MS);
    expect(flags).toEqual(['--no-turbofan']);
  });

  it('ends without a word to V8 when the compiler was on', () => {
    const { flags, quiet } = optimizer();
    quiet.arm();
    quiet.stop();
    expect(flags).toEqual([]);
  });
});

describe('the flags quietOptimizer gives V8', () => {
  it('are known to this Node: V8 would print an unknown one on the console', () => {
    const script =
      "const v8 = require('node:v8'); v8.setFlagsFromString('--no-turbofan'); v8.setFlagsFromString('--turbofan');";
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
      status: 0,
      stderr: '',
      stdout: '',
    });
    const unknown = spawnSync(
      process.execPath,
      ['-e', "require('node:v8').setFlagsFromString('--no-turbofan-x')"],
      {
        encoding: 'utf8',
      },
    );
    expect(unknown.stdout + unknown.stderr).toMatch(/turbofan-x/);
  });
});
