// `runTui`: mounts the console on the alternate screen and gives the terminal back as it
// found it (main screen, cursor shown, mouse reporting off) on every way out: q, ctrl-c,
// a crash, SIGINT, SIGTERM.
import { render } from 'ink';
import * as layoutEngine from 'yoga-layout';
import { App } from '../../ui/app.tsx';
import { MOUSE_OFF, MOUSE_ON } from '../../ui/input/mouse.ts';
import { TerminalInput } from '../../ui/input/terminal-input.ts';
import { PANES } from '../../ui/panes/registry.ts';
import { themeFor } from '../../ui/theme.ts';
import { type ConsoleStores, type ConsoleStoresOptions, startConsoleStores } from './console-stores.ts';
import { hangUp } from './hang-up.ts';
import { applyTerminalColours } from './terminal-colour.ts';
import { CLEAR_SCREEN, ENTER_ALT_SCREEN, LEAVE_ALT_SCREEN } from './terminal-screen.ts';

export interface TuiOptions extends ConsoleStoresOptions {
  /** Stores already started (the console command starts them while this module loads); runTui stops them. */
  stores?: ConsoleStores;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Clicks and the wheel (default true); off, the terminal selects text as usual (`--no-mouse`). */
  mouse?: boolean;
  /** Called once, when the first frame has been drawn. */
  onFirstFrame?: () => void;
}

/**
 * Ink's layout engine: in the core bundle it loads in the background
 * (scripts/shims/yoga-layout.js); from source it is in once imported.
 */
const layoutEngineLoaded = (layoutEngine as { loaded?: Promise<void> }).loaded;

/** Exit code when the console cannot start (no terminal): a usage problem. */
export const NO_TTY_EXIT = 2;

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const SIGNAL_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** Mounts the Ink app on the alternate screen; resolves with the exit code when the user quits. */
export async function runTui(options: TuiOptions): Promise<number> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  if (!stdin.isTTY) {
    stderr.write(
      'netdeck: the interactive console needs a terminal; in scripts and pipes use a command (netdeck --help)\n',
    );
    options.stores?.stop();
    return NO_TTY_EXIT;
  }

  await layoutEngineLoaded;
  const { clock } = options;
  const live = options.stores ?? startConsoleStores(options);
  const { stores } = live;
  // A remembered pane this version has no more (or a hand-edited one): the first pane.
  const { activePane } = stores.session.getState();
  if (activePane !== undefined && !PANES.some((pane) => pane.id === activePane))
    stores.session.getState().setPane(PANES[0].id);

  const mouse = options.mouse !== false;
  let onFirstFrame = options.onFirstFrame;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    stdout.write((mouse ? MOUSE_OFF : '') + LEAVE_ALT_SCREEN);
  };
  // Clears the first paint (first-paint.ts) where there was one.
  stdout.write(ENTER_ALT_SCREEN + CLEAR_SCREEN + (mouse ? MOUSE_ON : ''));
  process.once('exit', restore);
  const restoreColours = applyTerminalColours(stdout, process.env);

  const instance = render(<App stores={stores} clock={clock} demo={options.demo} theme={themeFor()} />, {
    // Ink reads the keys; the mouse reports are taken out before it (terminal-input.ts).
    stdin: new TerminalInput(stdin) as unknown as NodeJS.ReadStream,
    stdout,
    stderr,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 60,
    onRender: () => {
      const first = onFirstFrame;
      onFirstFrame = undefined;
      first?.();
    },
  });

  let finish: (code: number, error?: unknown) => void = () => {};
  const outcome = new Promise<{ code: number; error?: unknown }>((resolve) => {
    finish = (code, error) => resolve({ code, error });
  });
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal !== 'SIGHUP') return finish(SIGNAL_CODES[signal] ?? 1);
    live.stop();
    hangUp();
  };
  const onCrash = (error: unknown) => finish(1, error);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  instance.waitUntilExit().then(
    () => finish(0),
    (error: unknown) => finish(1, error),
  );

  const { code, error } = await outcome;
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  live.stop();
  instance.unmount();
  instance.cleanup();
  restoreColours();
  restore();
  process.off('exit', restore);
  if (error !== undefined) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    stderr.write(`netdeck: the console stopped on an unexpected error:\n${message}\n`);
  }
  return code;
}
