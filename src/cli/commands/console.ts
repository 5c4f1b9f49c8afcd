// `netdeck` with no command: the interactive console, on the configured API or on an
// in-process demo simulator built from the world flags.
import type { Command } from 'commander';
import type { Simulator } from '../../../simulator/index.ts';
import { type ApiClient, createClient } from '../../api/client.ts';
import { systemClock } from '../../clock.ts';
import type { ConsoleStores } from '../console-stores.ts';
import { saveLogin } from '../login-store.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import {
  type CliContext,
  type CommonOptions,
  DEMO_SEED,
  explain,
  loadSimulator,
  optionsOf,
  resolveOrReport,
  type TuiOptions,
} from './context.ts';
import type { SimOptions } from './sim.ts';

/** How long the first frame may wait for the Discover answer before it shows loading. */
const FIRST_FRAME_WAIT_MS = 100;

/**
 * The console keeps retrying in the background, so its client retries more than a
 * command's; a call that has not ended in 30 s (retries included) is given up, so the
 * header's "connecting…" turns into "retrying" against a server that drips its answer.
 */
const CONSOLE_CLIENT_DEFAULTS = {
  retries: 3,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  deadlineMs: 30_000,
};

/** Loaded on demand: the scriptable commands never pay for Ink and React. */
async function loadTui(context: CliContext): Promise<(options: TuiOptions) => Promise<number>> {
  return context.deps.runTui ?? (await import('../tui.tsx')).runTui;
}

export async function startConsole(context: CliContext, command: Command): Promise<number> {
  const { io } = context;
  const options = optionsOf<CommonOptions & SimOptions>(command);
  const out = createOutput(io);
  if (!io.stdout.isTTY || !io.stdin?.isTTY) {
    out.error(
      'the interactive console needs a terminal; in scripts and pipes use a command (netdeck --help lists them)',
    );
    return ExitCode.usage;
  }
  const config = resolveOrReport(context, options, out);
  if (!config) return ExitCode.usage;
  // Ink draws only its last frame when it thinks it runs in CI (CI or
  // CONTINUOUS_INTEGRATION set, read as Ink loads); a person at a terminal here wants the
  // console, whatever their shell exports.
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) if (name in process.env) process.env[name] = 'false';
  const tuiLoading = loadTui(context);
  // A failure to load surfaces where it is awaited below.
  tuiLoading.catch(() => {});

  let simulator: Simulator | undefined;
  let client: ApiClient | undefined;
  let live: ConsoleStores | undefined;
  const run = async (tuiOptions: TuiOptions) => {
    // The first requests go out now, while Ink may still be loading.
    live = (await import('../console-stores.ts')).startConsoleStores(tuiOptions);
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
    return runTui({ ...tuiOptions, stores: live });
  };
  try {
    const clientOptions = { ...CONSOLE_CLIENT_DEFAULTS, ...context.deps.clientOptions };
    if (config.mode === 'demo') {
      const seed = options.seed ?? DEMO_SEED;
      // The TUI's modules start loading first (Ink's layout engine fetches and compiles its
      // WebAssembly asynchronously) and the simulator is built meanwhile. Its listening
      // socket keeps the event loop alive from then on: with nothing alive, Node waited for
      // every background compile job before running the next task (~30 ms lost before the
      // first request went out).
      await new Promise((resolve) => setImmediate(resolve));
      const createSimulator = await loadSimulator(context.deps);
      simulator = await createSimulator({
        seed,
        era: options.era,
        speed: options.speed,
        providers: options.providers,
        locations: options.locations,
        ownProviders: options.ownProviders,
      });
      client = createClient({ ...clientOptions, baseUrl: simulator.url, token: simulator.token });
      return await run({
        client,
        clock: simulator.clock,
        target: { kind: 'demo', seed },
        token: simulator.token,
        demo: simulator.demo,
      });
    }
    const apiUrl = config.apiUrl!.value;
    client = createClient({ ...clientOptions, baseUrl: apiUrl, token: config.token?.value });
    return await run({
      client,
      clock: systemClock,
      target: { kind: 'api', url: apiUrl },
      token: config.token?.value,
      // A login in the console is kept for the profile, as `netdeck login` keeps one.
      saveLogin: (token) => saveLogin(config.login.path, { apiUrl, token }),
    });
  } catch (error) {
    out.hide(config.token?.value);
    out.error(explain(error));
    return ExitCode.failure;
  } finally {
    live?.stop();
    await client?.close().catch(() => {});
    await simulator?.close().catch(() => {});
  }
}
