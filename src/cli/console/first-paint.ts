// The console's first frame, written with plain escape codes as soon as the command line
// is read: Ink, React and the panes take ~60 ms more to load and a demo world of a million
// providers ~0.4 s to build, and a blank screen meanwhile reads as a hang. It draws what
// Ink's first frame will (header, tab bar, footer) and one line saying what is loading,
// which `status` rewrites (the world's progress). runTui clears it for Ink's first frame.
import { decodeToken } from '../../api/auth.ts';
import type { SessionTarget } from '../../store/session.ts';
import { COMPACT_BELOW } from '../../ui/frame/layout.ts';
import { tabLabels } from '../../ui/frame/tab-labels.ts';
import { headerTitle } from '../../ui/frame/target-label.ts';
import { globalKeys } from '../../ui/keys/global-keys.ts';
import { footerHint } from '../../ui/keys/keymap.ts';
import { type KeyRemaps, remapKeys } from '../../ui/keys/remap.ts';
import { PANE_LIST, paneEntry } from '../../ui/panes/list.ts';
import { displayWidth, truncate } from '../../ui/text.ts';
import type { OutStream } from '../output/io.ts';
import { profileInUse, type ResolvedConfig } from '../profile/config.ts';
import { themedOutput } from './ascii-stream.ts';
import { hangUp } from './hang-up.ts';
import { ENTER_ALT_SCREEN, LEAVE_ALT_SCREEN } from './terminal-screen.ts';
import { onTerminalSignals, signalExitCode, stopUntilContinued } from './terminal-signals.ts';

/** The row (1-based) of the line that says what is loading. */
const STATUS_ROW = 4;

const BOLD = (text: string) => `\u001b[1m${text}\u001b[22m`;
const INVERSE = (text: string) => `\u001b[7;1m${text}\u001b[27;22m`;
const DIM = (text: string) => `\u001b[2m${text}\u001b[22m`;
/** The footer's first hints, help and quit, as Ink's footer words them: with the user's keys. */
const footerHints = (keys: KeyRemaps = {}) =>
  remapKeys(globalKeys, keys)
    .table.filter((b) => b.action === 'help' || b.action === 'quit')
    .map(footerHint)
    .join('  ');
const at = (row: number) => `\u001b[${row};1H\u001b[2K`;

export interface FirstPaint {
  /** Rewrites the line that says what is loading. */
  status(text: string): void;
  /** Ink takes the screen over (runTui clears it); ctrl-c is Ink's from now on. */
  handOver(): void;
  /** Leaves the alternate screen (when the console stops before Ink has drawn). */
  leave(): void;
}

export interface FirstPaintOptions {
  target: SessionTarget;
  /** The network the token names, as the header shows it. */
  network?: string;
  /** The configuration's profile in use, as the header names it. */
  profile?: string;
  /** The pane the console opens on (remembered from the last run); default the first. */
  pane?: string;
  columns: number;
  rows: number;
  status: string;
  /** The user's keys (the configuration's `keys`), as the footer names them. */
  keys?: KeyRemaps;
}

/** The frame's lines around the status, as Ink's first frame will draw them. */
export function firstFrameLines({
  target,
  network,
  profile,
  pane,
  columns,
  rows,
  keys,
}: FirstPaintOptions): Map<number, string> {
  const compact = columns < COMPACT_BELOW;
  const label = headerTitle({ target, network, profile }, compact);
  const right = '● connecting…';
  const left = truncate(label, Math.max(10, columns - displayWidth(right) - 2));
  const header = `${BOLD(left)}${' '.repeat(Math.max(1, columns - displayWidth(left) - displayWidth(right)))}${right}`;
  const { labels, gap } = tabLabels(
    PANE_LIST.map((entry) => ({ ...entry, active: entry === (paneEntry(pane) ?? PANE_LIST[0]) })),
    columns,
  );
  const tabBar = labels.map((tab) => (tab.active ? INVERSE(tab.text) : tab.text)).join(' '.repeat(gap));
  const footer = DIM(truncate(footerHints(keys), columns));
  // The frame is one row shorter than the terminal (src/ui/app.tsx says why).
  return new Map([
    [1, header],
    [2, tabBar],
    [rows - 1, footer],
  ]);
}

/** Enters the alternate screen and draws the first frame on `out`. */
export function paintFirstFrame(out: OutStream, options: FirstPaintOptions): FirstPaint {
  let done = false;
  const statusLine = (text: string) => `${at(STATUS_ROW)}  ${truncate(text, options.columns - 2)}`;
  let frame = `${ENTER_ALT_SCREEN}\u001b[?25l`;
  for (const [row, line] of firstFrameLines(options)) frame += at(row) + line;
  let status = options.status;
  out.write(frame + statusLine(status));
  // Until Ink puts the terminal in raw mode, ctrl-c is a SIGINT and ctrl-z a SIGTSTP: give
  // the screen back first (and draw it again on `fg`), as for every signal that ends netdeck.
  const disposeSignals = onTerminalSignals({
    end: (signal) => {
      paint.leave();
      process.exit(signalExitCode(signal));
    },
    hangUp: () => {
      try {
        paint.leave();
      } catch {}
      hangUp();
    },
    suspend: () => {
      out.write(LEAVE_ALT_SCREEN);
      void stopUntilContinued();
    },
    continued: () => {
      if (!done) out.write(frame + statusLine(status));
    },
  });
  const paint: FirstPaint = {
    status(text) {
      status = text;
      if (!done) out.write(statusLine(text));
    },
    handOver() {
      done = true;
      disposeSignals();
    },
    leave() {
      if (done) return;
      paint.handOver();
      out.write(LEAVE_ALT_SCREEN);
    },
  };
  return paint;
}

/**
 * The console's first frame for its configuration: the header names the API's URL (and the
 * network its token names) or the demo simulator's seed; `pane` is the one it opens on.
 */
export function paintConsoleStart(
  out: OutStream,
  start: { config: ResolvedConfig; seed: number; pane?: string },
  status: string,
): FirstPaint {
  const { config, seed, pane } = start;
  return paintFirstFrame(themedOutput(out, config.theme.value), {
    target: config.mode === 'api' ? { kind: 'api', url: config.apiUrl.value } : { kind: 'demo', seed },
    network: config.token ? decodeToken(config.token.value)?.networkName : undefined,
    profile: profileInUse(config),
    pane,
    columns: out.columns ?? 80,
    rows: out.rows ?? 24,
    status,
    keys: config.keys?.value,
  });
}
