// V8's memory-saving heuristics (`--optimize-for-size`: an old generation grown sparingly,
// collected sooner), turned on once the start is done rather than from the command line.
// From the command line they also hold the young generation at 1 MB, which collected ~50
// times on the way to the console's first data frame: the start took 473 ms against 430
// (docs/benchmarks.md, "The start, 2026-12-07 night"). netdeck starts with 4 MB
// semi-spaces instead (scripts/node-flags.mjs); when its start is done it turns the
// heuristics on and collects once, so the old generation is sized by them from then on
// (without that collection it kept the start's growth: the console's peak 151-156 MB
// against 138-144 MB with it). The flags are as they started when the process ends: Node's
// compile cache is kept per set of V8 flags.
import { chosenOnNodeCommandLine, setV8Flags } from './v8-flags.ts';

export interface MemorySaverOptions {
  /** The options node was started with: a choice of the user's about the heuristics is left alone. */
  execArgv?: readonly string[];
  /** V8's flags (a test gives its own). */
  setFlags?: (flags: string) => void;
  /** A full collection (a test gives its own). */
  collect?: () => void;
}

export interface MemorySaver {
  /** The start is done: the heuristics are on from now (once; nothing after restore). */
  save(): void;
  /** The flags as they started (before Node writes its compile cache). */
  restore(): void;
}

/** Node options that choose V8's heap heuristics. */
const CHOSEN_HEURISTICS = /^--(no-)?optimize-for-size(=|$)/;

/** One full collection, without leaving `gc` where netdeck's code could reach it (node:vm loaded now). */
function collectAll(): void {
  setV8Flags('--expose-gc');
  const gc = process.getBuiltinModule('node:vm').runInNewContext('gc') as () => void;
  setV8Flags('--no-expose-gc');
  gc();
}

export function memorySaver(options: MemorySaverOptions = {}): MemorySaver {
  const chosen = chosenOnNodeCommandLine(CHOSEN_HEURISTICS, options.execArgv);
  const setFlags = options.setFlags ?? setV8Flags;
  const collect = options.collect ?? collectAll;
  let state: 'started' | 'saving' | 'ended' = 'started';
  const restore = () => {
    if (state === 'saving') setFlags('--no-optimize-for-size');
    state = 'ended';
  };
  return {
    save() {
      if (chosen || state !== 'started') return;
      state = 'saving';
      setFlags('--optimize-for-size');
      collect();
      // Node writes its compile cache at exit too (a console closed by its window).
      process.once('exit', restore);
    },
    restore,
  };
}

/** The process's own. */
export const memory = memorySaver();
