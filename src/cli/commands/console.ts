// `netdeck` with no command: the interactive console, on the configured API or on an
// in-process demo simulator built from the world flags.
import type { Command } from 'commander';
import type { ProfileSwitch } from '../../ui/components/profile-dialog.tsx';
import { CONSOLE_CLIENT_DEFAULTS } from '../console/console-options.ts';
import type { ConsoleStores } from '../console/console-stores.ts';
import { BUILDING_STATUS, takeEarlyPaint } from '../console/early-paint.ts';
import { profilesOpener } from '../console/every-profile.ts';
import { type FirstPaint, paintConsoleStart } from '../console/first-paint.ts';
import { startMark, writeStartMarks } from '../console/start-marks.ts';
import { readStateFile, statePath, writeStateFile } from '../console/state-file.ts';
import type { TuiOptions } from '../console/tui.tsx';
import type { CliContext } from '../context.ts';
import { DEMO_SEED, type OpenClient, openClient } from '../open-client.ts';
import { type CommonOptions, optionsOf } from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import { ConfigError, profileInUse, type ResolvedConfig, resolveConfig } from '../profile/config.ts';
import { listProfiles } from '../profile/config-edit.ts';
import { DEFAULT_PROFILE, saveLogin } from '../profile/login-store.ts';
import { mutesFile, mutesPath } from '../profile/mutes-file.ts';
import { profileNames } from '../profile/profiles.ts';
import { explain, resolveOrReport } from '../run-command.ts';
import { flushCompileCache } from '../runtime/compile-cache.ts';
import type { SimOptions } from './sim.ts';

/** How long the first frame may wait for the Discover answer before it shows loading. */
const FIRST_FRAME_WAIT_MS = 100;

/** The console's own flags, on the program (their home is light to load: early-paint.ts reads them too). */

/** Loaded on demand: the scriptable commands never pay for Ink and React. */
async function loadTui(context: CliContext): Promise<(options: TuiOptions) => Promise<number>> {
  return context.deps.runTui ?? (await import('../console/tui.tsx')).runTui;
}

/** The last run's choices from the state file, and the way back there. */
function rememberIn(path: string): NonNullable<TuiOptions['remember']> {
  return { initial: readStateFile(path), save: (remembered) => void writeStateFile(path, remembered) };
}

type ConsoleFlags = CommonOptions & SimOptions & { refresh?: number; mouse?: boolean; theme?: string };

export async function startConsole(context: CliContext, command: Command): Promise<number> {
  const { io } = context;
  const options = optionsOf<ConsoleFlags>(command);
  const out = createOutput(io, { quiet: options.quiet });
  if (!io.stdout.isTTY || !io.stdin?.isTTY) {
    out.error(
      'the interactive console needs a terminal; in scripts and pipes use a command (netdeck --help lists them)',
    );
    return ExitCode.usage;
  }
  startMark('console command');
  // The demo console's first frame may be on screen already, painted before the commands loaded.
  const early = takeEarlyPaint();
  let config = early?.config ?? resolveOrReport(context, options, out);
  if (!config) return ExitCode.usage;
  // The merged views' profiles are checked now (a name that is not one is a usage error),
  // and opened only when shown. The flags that pick one profile (--profile, --api-url,
  // --token) pick the one in use beside them, so they do not clash with --profiles here.
  if (options.profiles !== undefined)
    try {
      profileNames(context, options.profiles);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      early?.paint.leave();
      out.error(error.message);
      return ExitCode.usage;
    }
  // Ink draws only its last frame when it thinks it runs in CI (CI or
  // CONTINUOUS_INTEGRATION set, read as Ink loads); a person at a terminal here wants the
  // console, whatever their shell exports.
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) if (name in process.env) process.env[name] = 'false';
  const remember = rememberIn(statePath(io.env));
  let paint: FirstPaint | undefined = early?.paint;
  // `@` switches profile: the console starts again on it, with a new client and new stores
  // (and one profile: the views merged by --profiles are merged again with `a`).
  let merged = options.profiles !== undefined;
  for (;;) {
    const ran = await runConsoleOn(context, options, config, { paint, remember, merged });
    if (!ran.next) return ran.code;
    config = ran.next;
    paint = undefined;
    merged = false;
  }
}

/** The profiles `@` offers, and the configuration of the one chosen (checked before the console leaves the current one). */
function profileSwitch(
  context: CliContext,
  options: ConsoleFlags,
  config: ResolvedConfig,
  switchTo: (next: ResolvedConfig) => void,
): ProfileSwitch {
  const current = config.profile?.value ?? DEFAULT_PROFILE;
  return {
    list: () =>
      listProfiles({ profile: current }, context.io.env, context.deps.configFs)
        .filter((p) => p.from.length || p.current)
        .map((p) => ({ name: p.name, apiUrl: p.apiUrl, current: p.current })),
    choose: (name) => {
      let next: ResolvedConfig;
      try {
        next = resolveConfig({ ...options, profile: name }, context.io.env, context.deps.configFs);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      // A flag or the environment comes before any profile: switching would change nothing there.
      if (next.apiUrl && (next.apiUrl.source === 'flag' || next.apiUrl.source === 'env'))
        return `the API URL comes from ${next.apiUrl.origin}, which no profile overrides: run netdeck --profile ${name} without it`;
      switchTo(next);
      return undefined;
    },
  };
}

/** The console on one configuration; `next` when the user switched profile (`@`). */
async function runConsoleOn(
  context: CliContext,
  options: ConsoleFlags,
  config: ResolvedConfig,
  {
    paint: painted,
    remember,
    merged,
  }: { paint?: FirstPaint; remember: NonNullable<TuiOptions['remember']>; merged: boolean },
): Promise<{ code: number; next?: ResolvedConfig }> {
  const { io } = context;
  const out = createOutput(io, { quiet: options.quiet });
  // Something on screen before anything slow (Ink, React, the demo world). With an API
  // the client opens at once, and its warnings go to the main screen first.
  let paint = painted;
  const paintNow = (status: string) => {
    const first = paintConsoleStart(
      io.stdout,
      { config, seed: options.seed ?? DEMO_SEED, pane: remember.initial.pane },
      status,
    );
    startMark('first paint');
    return first;
  };
  if (config.mode === 'demo') paint ??= paintNow(BUILDING_STATUS);
  const tuiLoading = loadTui(context);
  void tuiLoading.then(() => startMark('Ink and the panes loaded'));
  // A failure to load surfaces where it is awaited below.
  tuiLoading.catch(() => {});

  let opened: OpenClient | undefined;
  let live: ConsoleStores | undefined;
  let next: ResolvedConfig | undefined;
  try {
    // The TUI's modules start loading first (Ink's layout engine fetches and compiles its
    // WebAssembly asynchronously) and a demo simulator is built meanwhile. Its listening
    // socket keeps the event loop alive from then on: with nothing alive, Node waited for
    // every background compile job before running the next task (~30 ms lost before the
    // first request went out).
    if (config.mode === 'demo') await new Promise((resolve) => setImmediate(resolve));
    opened = await openClient(context.deps, config, {
      world: options,
      clientDefaults: CONSOLE_CLIENT_DEFAULTS,
      warn: (text) => out.warn(text),
      slices: { onProgress: (done) => paint?.status(`building the demo world ${Math.floor(done * 100)}%`) },
    });
    startMark('client open');
    if (paint) paint.status('loading provider locations…');
    else paint = paintNow('loading provider locations…');
    const { client, simulator, target, token } = opened;
    const apiUrl = config.apiUrl?.value;
    const login = config.login.path;
    const tuiOptions: TuiOptions = {
      client,
      // The simulator's clock in demo mode; on an API the service's, as its answers tell it.
      clock: simulator?.clock ?? client.serverClock,
      target,
      profile: profileInUse(config),
      token,
      demo: simulator?.demo,
      refreshEveryMs: config.refresh.value * 1000,
      mouse: config.mouse.value,
      theme: config.theme.value,
      keys: config.keys?.value,
      // A login in the console is kept for the profile, as `netdeck login` keeps one.
      saveLogin: apiUrl ? (kept) => saveLogin(login, { apiUrl, token: kept }) : undefined,
      idleHours: config.watch.values.idle_hours,
      // The muted providers are `netdeck mute`'s, whatever the profile.
      mutesFile: mutesFile(mutesPath(io.env)),
      openProfiles: profilesOpener(context, options.profiles),
      everyProfile: merged,
      remember,
      profiles: profileSwitch(context, options, config, (chosen) => {
        next = chosen;
        live?.stores.session.getState().quit();
      }),
    };
    // The first requests go out now, while Ink may still be loading.
    live = (await import('../console/console-stores.ts')).startConsoleStores(tuiOptions);
    startMark('stores started');
    void live.discovered.then(() => startMark('Discover answered'));
    const runTui = await tuiLoading;
    // The first frame waits a moment for the Discover answer: when it comes in time (the
    // demo simulator's does), the console opens on the data rather than on a loading
    // frame that would be replaced a few milliseconds later (drawing it cost ~30 ms).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      live.discovered,
      new Promise((resolve) => {
        timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    paint.handOver();
    const code = await runTui({
      ...tuiOptions,
      stores: live,
      // Node's compile cache keeps what the start compiled, up to the first frame.
      onFirstFrame: () => {
        startMark('first Ink frame');
        writeStartMarks();
        setImmediate(() => {
          flushCompileCache();
          context.deps.memory?.save();
        });
      },
    });
    return { code, next: code === ExitCode.ok ? next : undefined };
  } catch (error) {
    paint?.leave();
    out.hide(config.token?.value);
    out.error(explain(error));
    return { code: ExitCode.failure };
  } finally {
    live?.stop();
    await opened?.close();
  }
}
