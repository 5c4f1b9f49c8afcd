// The one render helper of the screen tests: the whole app (or any element) in Ink with
// a fake terminal of a set size, a seeded in-process simulator on a shared ManualClock,
// and the stores on that same clock. Built like ink-testing-library (whose stdout is
// fixed at 100 columns with no rows), in Ink's debug mode so every frame is written whole.
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink';
import type React from 'react';
import { afterEach, beforeEach } from 'vitest';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { exportWriter } from '../../src/cli/console/export-writer.ts';
import { type Clock, ManualClock, settle } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import type { StoreDeps } from '../../src/store/deps.ts';
import {
  createStores,
  isLiveStore,
  type StoreName,
  type Stores,
  startStores,
  stopStores,
} from '../../src/store/index.ts';
import { App } from '../../src/ui/app.tsx';
import { COPY_FILE } from '../../src/ui/clipboard.ts';
import type { ProfileSwitch } from '../../src/ui/components/profile-dialog.tsx';
import type { KeyRegistry } from '../../src/ui/input/dispatcher.tsx';
import { TerminalInput } from '../../src/ui/input/terminal-input.ts';
import type { Binding } from '../../src/ui/keys/bindings.ts';
import type { PaneId } from '../../src/ui/panes/list.ts';
import { PLAIN_THEME, type Theme } from '../../src/ui/theme.ts';

/**
 * How often the live resources reload in the screen tests: a setting like any other (not
 * the default), and whole simulator minutes so that each refresh finds the world moved.
 */
export const TEST_REFRESH_MS = 120_000;

/** A small world: quick to generate, big enough for every screen. */
export const TEST_WORLD = { providers: 1_500, locations: 150, ownProviders: 8 } as const;

export class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  readonly frames: string[] = [];
  /** Terminal modes set apart from the frames (bracketed paste on and off). */
  readonly modes: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (chunk: string, done?: () => void) => {
    if (/^\u001b\[\?2004[hl]$/.test(chunk)) this.modes.push(chunk);
    else this.frames.push(chunk);
    done?.();
    return true;
  };
  lastFrame = () => this.frames.at(-1) ?? '';
}

/** A terminal's input, as the console reads it (src/ui/input/terminal-input.ts). */
export class FakeStdin extends EventEmitter {
  isTTY = true;
  write = (data: string) => {
    this.emit('data', data);
  };
  setEncoding() {}
  setRawMode() {}
  pause() {}
  resume() {}
  ref() {}
  unref() {}
}

/** Key names of the keymap as a terminal sends them. */
export const KEY_SEQUENCES: Record<string, string> = {
  enter: '\r',
  esc: '\u001b',
  tab: '\t',
  'shift-tab': '\u001b[Z',
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pgup: '\u001b[5~',
  pgdn: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  space: ' ',
  backspace: '\u007f',
  delete: '\u001b[3~',
  'ctrl-c': '\u0003',
  'ctrl-a': '\u0001',
  'ctrl-e': '\u0005',
  'ctrl-u': '\u0015',
  'ctrl-w': '\u0017',
};

/** Let Ink read input and React commit: setImmediate, then setTimeout 0. */
export async function tick(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export interface RenderOptions {
  cols?: number;
  rows?: number;
  pane?: PaneId;
  seed?: number;
  /** World size and faults for the simulator (defaults: TEST_WORLD). */
  sim?: Omit<SimulatorOptions, 'clock' | 'seed'>;
  /** Another client (e.g. one whose calls never resolve, for loading states). */
  client?: ApiClient;
  /** Wraps the simulator's client (to replace single operations). */
  wrapClient?: (client: ApiClient) => ApiClient;
  /**
   * Start the stores (load data) before the first frame; default true. With the
   * simulator's client (wrapped or not) the first frame waits until every live resource
   * has answered: the tab bar's counts are all in, whatever the machine's load.
   */
  start?: boolean;
  exportDir?: string;
  theme?: Theme;
  /** The app's key registry (to read which handlers are mounted). */
  keys?: KeyRegistry;
  /** The key table (the user's keys: src/ui/keys/remap.ts); default the built-in one. */
  keymap?: readonly Binding[];
  /** Render this instead of the whole app (components get the same stores and clock). */
  element?: (props: { stores: Stores; clock: ManualClock }) => React.ReactElement;
  /**
   * The console on a real API with no token (the simulator's URL as the target): the
   * panes that need one offer a login; a login's token is recorded in `saved`.
   */
  loggedOut?: boolean;
  /** The demo's clock (default a fresh ManualClock; one with a `speed` plays --speed). */
  clock?: ManualClock;
  /**
   * The console on an API (the simulator's URL as the target), as `netdeck` runs on a
   * `netdeck sim` in another process: the simulator's clock `aheadMs` ahead of this
   * machine's (the ManualClock `clock` advances) and `speed` times as fast; the stores on
   * the clock the client learns from the answers.
   */
  service?: { aheadMs: number; speed: number };
  /** Switching profiles (`@`), as the console command gives it. */
  profiles?: ProfileSwitch;
  /** The configuration's profile in use (the header names it). */
  profile?: string;
  /** My providers' idle hours, the mutes file and every profile (`a`), as the console command gives them. */
  deps?: Pick<StoreDeps, 'idleHours' | 'mutesFile'>;
  /** Every profile for the merged views, opened on the simulator this render made. */
  openProfiles?: (sim: Simulator, clock: ManualClock) => StoreDeps['openProfiles'];
}

/** A clock `speed` times as fast as `local`, `aheadMs` ahead of it from now on (a sped-up simulator elsewhere). */
function spedUp(local: ManualClock, aheadMs: number, speed: number): Clock {
  const from = local.now();
  return {
    speed,
    now: () => from + aheadMs + speed * (local.now() - from),
    setTimeout: (fn, ms, priority) => local.setTimeout(fn, ms / speed, priority),
    setInterval: (fn, ms, priority) => local.setInterval(fn, ms / speed, priority),
    sleep(ms, signal) {
      return local.sleep(ms / speed, signal);
    },
  };
}

export interface Rendered {
  /** The last frame, ANSI stripped. */
  frame(): string;
  press(...keys: string[]): Promise<void>;
  /** Types text one key at a time. */
  type(text: string): Promise<void>;
  resize(cols: number, rows: number): Promise<void>;
  /** Waits (real time, settling I/O) until the frame contains `what` or the check passes. */
  waitFor(what: string | RegExp | (() => boolean), timeoutMs?: number): Promise<void>;
  clock: ManualClock;
  sim: Simulator;
  client: ApiClient;
  stores: Stores;
  /** Tokens the console's login kept (with `loggedOut`). */
  saved: string[];
  /** Waits until every live resource has answered once (the tab bar's counts are all in). */
  loaded(): Promise<void>;
  stdout: FakeStdout;
  /** Resolves when the app has exited (q, ctrl-c). */
  exited: Promise<unknown>;
  unmount(): Promise<void>;
}

export async function renderApp(options: RenderOptions = {}): Promise<Rendered> {
  const clock = options.clock ?? new ManualClock();
  const { service } = options;
  const seed = options.seed ?? 7;
  const sim = await createSimulator({
    seed,
    clock: service ? spedUp(clock, service.aheadMs, service.speed) : clock,
    ...TEST_WORLD,
    ...options.sim,
  });
  const token = options.loggedOut ? undefined : sim.token;
  const ownClient = createClient({ baseUrl: sim.url, token, retries: 0, clock: service ? clock : undefined });
  const client = options.client ?? options.wrapClient?.(ownClient) ?? ownClient;
  const storeClock = service ? client.serverClock : clock;
  const saved: string[] = [];
  const stores = createStores(
    {
      client,
      clock: storeClock,
      connection: createConnectionStore(),
      demo: options.loggedOut ? undefined : sim.demo,
      saveLogin: (kept) => void saved.push(kept),
      writeExport: exportWriter(options.exportDir),
      refreshEveryMs: TEST_REFRESH_MS,
      ...options.deps,
      openProfiles: options.openProfiles?.(sim, clock),
    },
    {
      target: options.loggedOut || service ? { kind: 'api', url: sim.url } : { kind: 'demo', seed },
      token,
      pane: options.pane,
      profile: options.profile,
    },
  );
  if (options.start !== false) {
    const started = startStores(stores);
    // A client of the test's own (one that never answers, or fails) must not hold up the
    // first frame; the simulator answers every live resource, so the frame waits for it.
    if (options.client || options.loggedOut) await settle(5);
    else await started;
  }
  const stdout = new FakeStdout(options.cols ?? 120, options.rows ?? 40);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(options.cols ?? 120, options.rows ?? 40);
  const element = options.element?.({ stores, clock }) ?? (
    <App
      stores={stores}
      clock={storeClock}
      theme={options.theme ?? PLAIN_THEME}
      demo={options.loggedOut ? undefined : sim.demo}
      keys={options.keys}
      keymap={options.keymap}
      profiles={options.profiles}
    />
  );
  const instance = render(element, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    // As the console reads its terminal (src/cli/console/tui.tsx): the mouse reports apart.
    stdin: new TerminalInput(stdin) as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  await tick();
  const frame = () => stripVTControlCharacters(stdout.lastFrame()).replace(/[ \t]+$/gm, '');
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      const sequence = KEY_SEQUENCES[key] ?? key;
      stdin.write(sequence);
      // Ink holds a lone ESC for 20 ms, in case the rest of a sequence follows.
      if (sequence === '\u001b') await new Promise((resolve) => setTimeout(resolve, 30));
      // Keys that arrive together are handled one per render (src/ui/input/key-queue.ts).
      for (const _ of sequence.length > 1 && !sequence.startsWith('\u001b') ? sequence : ' ') await tick();
    }
  };
  let closed = false;
  const rendered: Rendered = {
    frame,
    press,
    type: (text) => press(...[...text].map((ch) => (ch === ' ' ? 'space' : ch))),
    async resize(cols, rows) {
      stdout.columns = cols;
      stdout.rows = rows;
      stdout.emit('resize');
      await tick();
    },
    async waitFor(what, timeoutMs = 3000) {
      const check =
        typeof what === 'function'
          ? what
          : () => (typeof what === 'string' ? frame().includes(what) : what.test(frame()));
      const until = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${String(what)}; frame:\n${frame()}`);
        await settle(1);
      }
      await tick();
    },
    clock,
    sim,
    client,
    stores,
    saved,
    loaded: () =>
      rendered.waitFor(() =>
        (Object.keys(stores) as StoreName[]).filter(isLiveStore).every((name) => {
          const state = stores[name].getState() as { fetchedAt?: number; error?: unknown };
          return state.fetchedAt !== undefined || state.error !== undefined;
        }),
      ),
    stdout,
    exited: instance.waitUntilExit(),
    async unmount() {
      if (closed) return;
      closed = true;
      instance.unmount();
      stopStores(stores);
      await ownClient.close();
      if (options.client) await options.client.close().catch(() => {});
      await sim.close();
    },
  };
  return rendered;
}

/**
 * Account's first line once the data balance has answered: it is no live resource (the
 * pane loads it when shown), so the counts being in says nothing of it.
 */
export const BALANCE_LOADED = /^Data balance \d/m;

/** The footer: the frame's last line with text on it. */
export const footerOf = (frame: string): string =>
  frame
    .split('\n')
    .filter((line) => line.trim())
    .at(-1) ?? '';

/**
 * netdeck's state folder ($XDG_STATE_HOME) and $TMPDIR in a new folder for each test of the
 * file, removed after it: `y` writes its copy file there (src/ui/clipboard.ts), which must
 * stay out of the real home. `copyFile` is where that file is.
 */
export function isolateStateFolder(prefix: string): { readonly path: string; readonly copyFile: string } {
  const saved: Record<string, string | undefined> = {};
  let path = '';
  beforeEach(() => {
    path = mkdtempSync(join(tmpdir(), prefix));
    for (const name of ['TMPDIR', 'XDG_STATE_HOME']) {
      saved[name] = process.env[name];
      process.env[name] = path;
    }
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(path, { recursive: true, force: true });
  });
  return {
    get path() {
      return path;
    },
    get copyFile() {
      return join(path, 'netdeck', COPY_FILE);
    },
  };
}

/** Adds the first of the demo's live adoption codes in Devices' dialog (`a`), then closes it: the code is pending then. */
export async function addDemoAdoption(app: Rendered) {
  const live = app.sim.admin.codes().adopt_codes[0];
  await app.press('a');
  await app.type(live.code);
  await app.press('enter');
  await app.waitFor('✓ Adoption added');
  await app.press('esc');
  return live;
}
