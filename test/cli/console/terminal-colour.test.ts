// The console's colour level comes from the terminal, not from CI variables.
import chalk from 'chalk';
import { describe, expect, it } from 'vitest';
import { applyTerminalColours, terminalColourLevel } from '../../../src/cli/console/terminal-colour.ts';

const terminal = (depth: number) => ({
  seen: undefined as Record<string, string | undefined> | undefined,
  getColorDepth(env?: Record<string, string | undefined>) {
    this.seen = env;
    return depth;
  },
});

describe('terminalColourLevel', () => {
  it('maps the colour depth to chalk levels, never below 1 (bold and inverse stay)', () => {
    expect(terminalColourLevel(terminal(24), {})).toBe(3);
    expect(terminalColourLevel(terminal(8), {})).toBe(2);
    expect(terminalColourLevel(terminal(4), {})).toBe(1);
    expect(terminalColourLevel(terminal(1), {})).toBe(1);
  });

  it('asks the terminal without CI variables, which say nothing about it', () => {
    const tty = terminal(8);
    terminalColourLevel(tty, { CI: 'true', CONTINUOUS_INTEGRATION: '1', TERM: 'xterm-256color' });
    expect(tty.seen).toEqual({ TERM: 'xterm-256color' });
  });

  it('is 0 for TERM=dumb', () => {
    expect(terminalColourLevel(terminal(24), { TERM: 'dumb' })).toBe(0);
  });
});

describe('applyTerminalColours', () => {
  it("sets chalk's shared level and puts the previous one back", () => {
    const before = chalk.level;
    const restore = applyTerminalColours(terminal(24), { CI: 'true' });
    expect(chalk.level).toBe(3);
    restore();
    expect(chalk.level).toBe(before);
  });
});
