// The signals that end or stop the console, for the two that hold the terminal (the first
// paint, first-paint.ts; then Ink, tui.tsx): each gives the terminal back first. A signal
// whose default action ends the process would leave it on the alternate screen with the
// mouse on and in raw mode; SIGTSTP (and ctrl-z, a key in raw mode) would stop it so.
import { constants } from 'node:os';

/**
 * Signals that end a process unless it handles them, and that a process may handle:
 * SIGPROF is V8's profiler's and SIGUSR1 Node's inspector's; the faults (SIGSEGV...) are
 * not safe to handle in JavaScript.
 */
const ENDING_SIGNALS = (
  [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGQUIT',
    'SIGUSR2',
    'SIGALRM',
    'SIGVTALRM',
    'SIGXCPU',
    'SIGXFSZ',
    'SIGPWR',
  ] as const
).filter((name) => name in constants.signals);

/** The exit code of a process ended by `signal`, as a shell reports it: 128 + its number. */
export const signalExitCode = (signal: NodeJS.Signals): number => 128 + (constants.signals[signal] ?? 0);

export interface TerminalSignalHandlers {
  /** An ending signal but SIGHUP: end the console, giving the terminal back on the way. */
  end(signal: NodeJS.Signals): void;
  /** SIGHUP: the terminal may be gone; give back what can be, then end as a hung-up process. */
  hangUp(): void;
  /** SIGTSTP: give the terminal back, stop (stopUntilContinued), take it again. */
  suspend(): void;
  /**
   * SIGCONT: the process goes on after a stop (its own suspension's is handled there; one
   * by SIGSTOP from elsewhere left the terminal to the shell: take it again).
   */
  continued(): void;
}

/** Routes the signals to `handlers` until the returned function is called. */
export function onTerminalSignals(handlers: TerminalSignalHandlers): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP') handlers.hangUp();
    else handlers.end(signal);
  };
  const onStop = () => handlers.suspend();
  const onContinue = () => handlers.continued();
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  process.on('SIGTSTP', onStop);
  process.on('SIGCONT', onContinue);
  return () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
    process.off('SIGTSTP', onStop);
    process.off('SIGCONT', onContinue);
  };
}

/**
 * Stops the process until it is continued (`fg`, SIGCONT), once the terminal has been
 * given back. The whole process group stops, as ctrl-z in a shell stops it: under `npm
 * start` the shell waits for npm, not for netdeck, and gets its prompt back only when npm
 * stops too. SIGSTOP, which nothing can catch or ignore, so nothing runs meanwhile.
 */
export function stopUntilContinued(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGCONT', () => resolve());
    process.kill(0, 'SIGSTOP');
  });
}
