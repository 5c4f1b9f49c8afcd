// `runTui`: mounts the console on the alternate screen and gives the terminal back as it
// found it (main screen, cursor shown, mouse reporting off, raw mode off) on every way
// out: q, ctrl-c, a crash, every signal that ends it (terminal-signals.ts); and while it
// is stopped by ctrl-z or SIGTSTP, taking it again (redrawn whole) when continued.
import { render, type SuspendTerminal } from 'ink';
import * as layoutEngine from 'yoga-layout';
import { App } from '../../ui/app.tsx';
import type { ProfileSwitch } from '../../ui/components/profile-dialog.tsx';
import { MOUSE_OFF, MOUSE_ON } from '../../ui/input/mouse.ts';
import { TerminalHandover } from '../../ui/input/terminal-handover.tsx';
import { onSuspendKey, TerminalInput } from '../../ui/input/terminal-input.ts';
import { keymap } from '../../ui/keys/keymap.ts';
import { type KeyRemaps, remapKeys } from '../../ui/keys/remap.ts';
import { PANES } from '../../ui/panes/registry.ts';
import { type ThemeName, themeFor } from '../../ui/theme.ts';
import { themedOutput } from './ascii-stream.ts';
import { type ConsoleStores, type ConsoleStoresOptions, startConsoleStores } from './console-stores.ts';
import { hangUp } from './hang-up.ts';
import { quietOptimizer } from './quiet-optimizer.ts';
import { startMark } from './start-marks.ts';
import { applyTerminalColours } from './terminal-colour.ts';
import { CLEAR_SCREEN, ENTER_ALT_SCREEN, LEAVE_ALT_SCREEN } from './terminal-screen.ts';
import { onTerminalSignals, signalExitCode, stopUntilContinued } from './terminal-signals.ts';

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
  /** Colours and symbols (default dark; NO_COLOR takes the colours away). */
  theme?: ThemeName;
  /** The user's keys (the configuration checked them: src/cli/profile/config.ts). */
  keys?: KeyRemaps;
  /** Switching profiles (`@`): the console command's. */
  profiles?: ProfileSwitch;
}

/**
 * Ink's layout engine: in the core bundle it loads in the background
 * (scripts/shims/yoga-layout.js); from source it is in once imported.
 */
const layoutEngineLoaded = (layoutEngine as { loaded?: Promise<void> }).loaded;

/** Exit code when the console cannot start (no terminal): a usage problem. */
export const NO_TTY_EXIT = 2;

/** Mounts the Ink app on the alternate screen; resolves with the exit code when the user quits. */
export async function runTui(options: TuiOptions): Promise<number> {
  const stdin = options.stdin ?? process.stdin;
  const theme = themeFor(process.env, options.theme);
  const stdout = themedOutput(options.stdout ?? process.stdout, theme.name);
  const stderr = options.stderr ?? process.stderr;
  if (!stdin.isTTY) {
    stderr.write(
      'netdeck: the interactive console needs a terminal; in scripts and pipes use a command (netdeck --help)\n',
    );
    options.stores?.stop();
    return NO_TTY_EXIT;
  }

  await layoutEngineLoaded;
  startMark('layout engine in');
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

  const input = new TerminalInput(stdin);
  // V8's optimizing compiler rests while nobody types (quiet-optimizer.ts).
  const optimizer = quietOptimizer();
  input.on('input', optimizer.input);
  void live.discovered.then(optimizer.arm);
  let handOver: SuspendTerminal | undefined;
  const tree = (
    <>
      <App
        stores={stores}
        clock={clock}
        demo={options.demo}
        theme={theme}
        keymap={options.keys ? remapKeys(keymap, options.keys).table : keymap}
        profiles={options.profiles}
      />
      <TerminalHandover onReady={(suspend) => (handOver = suspend)} />
    </>
  );
  const instance = render(tree, {
    // Ink reads the keys; the mouse reports and ctrl-z are taken out before it (terminal-input.ts).
    stdin: input as unknown as NodeJS.ReadStream,
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
  // Ink gives up the terminal (its frame, raw mode) and takes it again, redrawing whole.
  let suspending = false;
  const retake = async (stop: () => Promise<void>) => {
    if (suspending || restored) return;
    suspending = true;
    try {
      const handover = await handOver?.();
      await stop();
      stdout.write(ENTER_ALT_SCREEN + CLEAR_SCREEN + (mouse ? MOUSE_ON : ''));
      await handover?.resume();
    } finally {
      suspending = false;
    }
  };
  // ctrl-z or SIGTSTP: the terminal is the shell's while the process is stopped.
  const suspend = () =>
    retake(() => {
      stdout.write((mouse ? MOUSE_OFF : '') + LEAVE_ALT_SCREEN);
      return stopUntilContinued();
    });
  const disposeSignals = onTerminalSignals({
    end: (signal) => finish(signalExitCode(signal)),
    hangUp: () => {
      // `kill -HUP` leaves a terminal that works: give it back. A closed one refuses
      // (EIO), and nothing waits for it.
      try {
        stdin.setRawMode(false);
      } catch {}
      try {
        restore();
      } catch {}
      live.stop();
      hangUp();
    },
    suspend: () => void suspend(),
    // Stopped by a SIGSTOP from elsewhere, the terminal was left to the shell meanwhile.
    continued: () => void retake(async () => {}),
  });
  const disposeSuspendKey = onSuspendKey(input, () => void suspend());
  const onCrash = (error: unknown) => finish(1, error);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  instance.waitUntilExit().then(
    () => finish(0),
    (error: unknown) => finish(1, error),
  );

  const { code, error } = await outcome;
  optimizer.stop();
  input.off('input', optimizer.input);
  disposeSignals();
  disposeSuspendKey();
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
