// Whether a command line starts the console: the program's own options and nothing else
// (no command, nothing unknown, no --help or --version, which the program's options do
// not hold). main.ts paints the demo console's first frame early on it (early-paint.ts),
// and the program then leaves its commands out (program.ts): the console needs none.
import { Command } from 'commander';
import { addConnectionOptions, addWorldOptions } from '../options.ts';
import type { ConfigFlags } from '../profile/config.ts';
import { addConsoleOptions } from './console-options.ts';

type ConsoleOptions = ConfigFlags & { seed?: number };

// main.ts asks for its argv twice (the early paint, then the program): read once.
let last: { argv: readonly string[]; options: ConsoleOptions | undefined } | undefined;

/** The program's options as `argv` sets them, if `argv` is the console's; else undefined. */
export function consoleCommandLine(argv: readonly string[]): ConsoleOptions | undefined {
  if (last?.argv !== argv) last = { argv, options: read(argv) };
  return last.options;
}

function read(argv: readonly string[]): ConsoleOptions | undefined {
  const program = new Command('netdeck')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} });
  addConnectionOptions(program, true);
  addWorldOptions(program);
  addConsoleOptions(program);
  try {
    const { operands, unknown } = program.parseOptions([...argv]);
    return operands.length === 0 && unknown.length === 0 ? program.opts() : undefined;
  } catch {
    // A bad value: the command line's own parse says so.
    return undefined;
  }
}
