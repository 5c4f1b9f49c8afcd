// V8's optimizing compiler (TurboFan) rests while the console waits for a person. Left on,
// it optimized the same few dozen functions again at every refresh (the objects their
// optimized code leaned on had gone with the last frame), on its background threads: as
// much CPU as the refresh itself, and My providers idled over 1% of a core
// (docs/benchmarks.md, tui-idle). A refresh a minute gains nothing from optimized code.
// So after the start is done and no key or click has come for QUIET_MS, it is turned off;
// the next key turns it on again (a search over a million places wants it), as does the
// end of the console (Node's compile cache is kept per set of V8 flags).
import { chosenOnNodeCommandLine, setV8Flags } from '../runtime/v8-flags.ts';

/** How long without input before the optimizing compiler rests. */
export const QUIET_MS = 3_000;

export interface QuietOptimizer {
  /** The start is done: from now on, quiet turns the compiler off. */
  arm(): void;
  /** A key, a paste or a click: the compiler is on, and quiet counts from now. */
  input(): void;
  /** The console ends: the compiler is on, and nothing more is scheduled (an arm after it does nothing). */
  stop(): void;
}

export interface QuietOptimizerOptions {
  quietMs?: number;
  /** The options node was started with: a choice of the user's about the compilers is left alone. */
  execArgv?: readonly string[];
  /** V8's flags (a test gives its own). */
  setFlags?: (flags: string) => void;
}

/** Node options that choose the compilers (`--jitless`, `--no-turbofan`, `--max-opt=2`...). */
const CHOSEN_COMPILERS = /^--(no-)?(turbofan|opt|jitless|max-opt)(=|$)/;

export function quietOptimizer(options: QuietOptimizerOptions = {}): QuietOptimizer {
  const quietMs = options.quietMs ?? QUIET_MS;
  const chosen = chosenOnNodeCommandLine(CHOSEN_COMPILERS, options.execArgv);
  const setFlags = chosen ? () => {} : (options.setFlags ?? setV8Flags);
  let armed = false;
  let stopped = false;
  let resting = false;
  let timer: NodeJS.Timeout | undefined;
  const rest = () => {
    resting = true;
    setFlags('--no-turbofan');
  };
  const wake = () => {
    if (!resting) return;
    resting = false;
    setFlags('--turbofan');
  };
  const countFromNow = () => {
    if (timer) timer.refresh();
    else timer = setTimeout(rest, quietMs).unref();
  };
  return {
    arm() {
      if (armed || stopped) return;
      armed = true;
      countFromNow();
    },
    input() {
      wake();
      if (armed) countFromNow();
    },
    stop() {
      armed = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      wake();
    },
  };
}
