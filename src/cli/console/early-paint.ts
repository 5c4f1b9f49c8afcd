// The console's first frame as soon as the core is read: main.ts calls paintEarly before it
// loads the rest of the command line (the commands, the client, Ink), ~25 ms of modules
// the frame does not need. It paints only for the demo console: a command line of the
// program's own options and nothing else (console-command-line.ts), a terminal on both ends, and a configuration
// that resolves with nothing to say (a warning, an error or an API's client notes are
// said by the console command on the main screen, as before). startConsole takes the
// paint and the configuration over; the frame is first-paint.ts's, the same as its own.
import { DEMO_SEED } from '../options.ts';
import type { CliIo } from '../output/io.ts';
import { type ResolvedConfig, resolveConfig } from '../profile/config.ts';
import { consoleCommandLine } from './console-command-line.ts';
import { type FirstPaint, paintConsoleStart } from './first-paint.ts';
import { readStateFile, statePath } from './state-file.ts';

export interface EarlyPaint {
  paint: FirstPaint;
  /** The configuration it was painted for (startConsole's, resolved once). */
  config: ResolvedConfig;
}

let painted: EarlyPaint | undefined;

/** The status line of the demo console's first frame. */
export const BUILDING_STATUS = 'building the demo world…';

/** Paints the demo console's first frame now, when `argv` is sure to start it (see above); whether it did. */
export function paintEarly(argv: string[], io: CliIo): boolean {
  if (!io.stdout.isTTY || !io.stdin?.isTTY) return false;
  const options = consoleCommandLine(argv);
  if (!options) return false;
  let config: ResolvedConfig;
  try {
    // The program's options hold the configuration's flags (and the world's, which it ignores).
    config = resolveConfig(options, io.env);
  } catch {
    return false;
  }
  if (config.mode !== 'demo' || config.warnings.length > 0) return false;
  const pane = readStateFile(statePath(io.env)).pane;
  const paint = paintConsoleStart(
    io.stdout,
    { config, seed: options.seed ?? DEMO_SEED, pane },
    BUILDING_STATUS,
  );
  painted = { paint, config };
  return true;
}

/** The early paint, if there was one (once: the console command owns it from then on). */
export function takeEarlyPaint(): EarlyPaint | undefined {
  const early = painted;
  painted = undefined;
  return early;
}
