// `netdeck exporter`: the network's figures as Prometheus metrics on /metrics, until
// stopped. The service is polled at most once per refresh interval however often the
// endpoint is scraped (exporter/poll-cache.ts); the metrics are in exporter/metrics.ts.
// With --profiles, every profile's (exporter/every-profile.ts).
import type { Command } from 'commander';
import { DEFAULT_REFRESH_SECONDS } from '../../store/deps.ts';
import { DEFAULT_IDLE_HOURS, IDLE_HOURS_BOUNDS } from '../../store/idle.ts';
import { OBSERVED_OPERATIONS, observeService } from '../../store/observe.ts';
import type { CliContext } from '../context.ts';
import { PER_PROVIDER_HELP, perProviderArg } from '../exporter/per-provider.ts';
import { createPollCache } from '../exporter/poll-cache.ts';
import { peerListCache, withSeriesAfter } from '../exporter/presence-series.ts';
import {
  type MetricsAddress,
  type MetricsPage,
  type ProfilePages,
  serveMetrics,
} from '../exporter/server.ts';
import { commandClock, stopSignal, untilAborted } from '../long-running/long-running.ts';
import { type CommonOptions, collectHostNames, integerArg, numberArg } from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { profileNotes } from '../output/profile-output.ts';
import type { Output } from '../output/writer.ts';
import { explain, type CommandSession as Session } from '../run-command.ts';
import type { ProfilesSession } from './over-profiles.ts';
import { serviceCommand } from './service-command.ts';
import { isLoopback } from './sim.ts';

export const DEFAULT_LISTEN = '127.0.0.1:9464';
/** Providers given series of their own unless told otherwise: bounds a scrape however big the network. */
const DEFAULT_MAX_PROVIDERS = 1000;

export interface ExporterOptions extends CommonOptions {
  listen?: string;
  refresh?: number;
  allowHost?: string[];
  maxProviders?: number;
  perProvider?: number;
  idleHours?: number;
}

/** `HOST:PORT`, `[IPv6]:PORT` or `:PORT` (every interface). */
export function parseListen(text: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim());
  const port = match ? Number(match[3]) : Number.NaN;
  if (!match || port > 65535)
    throw new UsageError(
      `--listen ${text}: expected HOST:PORT, e.g. ${DEFAULT_LISTEN} (port 0 picks a free one)`,
    );
  return { host: match[1] ?? (match[2] || '0.0.0.0'), port };
}

export function registerExporter(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'exporter',
    description:
      "serve the network's figures as Prometheus metrics on /metrics until stopped: providers, payout wallet, earnings, reliability and rank, token, the whole network's last 90 days",
    flags: (command) =>
      command
        .option(
          '--listen <host:port>',
          `address of the metrics endpoint (default ${DEFAULT_LISTEN}; port 0: a free one)`,
        )
        .option(
          '--refresh <seconds>',
          `ask the service at most every this many seconds, however often scraped (default: the config's refresh_seconds, else ${DEFAULT_REFRESH_SECONDS})`,
          numberArg({ min: 0.1 }),
        )
        .option(
          '--max-providers <n>',
          `series of their own for at most this many providers, the first by client id; the rest are counted in netdeck_providers_omitted (default ${DEFAULT_MAX_PROVIDERS})`,
          integerArg({ min: 0 }),
        )
        .option('--per-provider <which>', PER_PROVIDER_HELP, perProviderArg)
        .option(
          '--idle-hours <n>',
          `a provider connected this many hours with no search, contract or transfer is idle (netdeck_provider_idle; default: the config's idle_hours, else ${DEFAULT_IDLE_HOURS})`,
          numberArg(IDLE_HOURS_BOUNDS),
        )
        .option(
          '--allow-host <name>',
          'answer scrapes for this Host name too (repeatable; the loopback names and the --listen address always)',
          collectHostNames,
        ),
    outputOptions: false,
    profiles: true,
    examples: [
      ['netdeck exporter', `metrics on http://${DEFAULT_LISTEN}/metrics`],
      [
        'netdeck exporter --profiles all --per-provider off',
        'every profile: /metrics, /probe?profile=NAME and /targets; a fleet of thousands in a few series',
      ],
      ['curl -s http://127.0.0.1:9464/metrics | grep netdeck_provider_connected', 'which providers are up'],
      ['netdeck --era seed exporter --listen 127.0.0.1:0', 'a demo world of the seed era, a free port'],
    ],
    help: {
      after: `It prints "listening on URL" when it serves. docs/operators.md lists every metric and has a
Prometheus scrape configuration and a Grafana dashboard (docs/grafana/netdeck.json).
`,
    },
    // A poll ends within a scrape's time (Prometheus waits 10 s by default), retries included.
    longRunning: { retries: 1, deadlineMs: 8_000 },
    check: (options: ExporterOptions) => {
      if (options.perProvider !== undefined && options.maxProviders !== undefined)
        throw new UsageError('give --per-provider or --max-providers, not both');
      return {
        listen: { ...parseListen(options.listen ?? DEFAULT_LISTEN), allowHosts: options.allowHost },
        maxProviders: options.perProvider ?? options.maxProviders ?? DEFAULT_MAX_PROVIDERS,
        idleHours: options.idleHours,
      };
    },
    run: (session, { listen, ...polls }) =>
      serveExporter(context, session.out, listen, (signal) => oneProfile(session, polls, signal)),
    runProfiles: (session, { listen, ...polls }) =>
      serveExporter(context, session.out, listen, (signal) => everyProfile(session, polls, signal)),
  });
}

/** How the exporter polls: the providers with series of their own, and the idle hours (the flag's). */
interface PollSettings {
  maxProviders: number;
  idleHours?: number;
}

/** What the exporter serves, and what it says it polls. */
interface Served {
  metrics(): Promise<MetricsPage>;
  pages?: ProfilePages;
  polling: string;
  /** Starts polling, once it listens (the first scrape need not wait for the first poll). */
  start(): void;
  stop?(): void;
}

/** One profile's figures (the configured API's, or the demo simulator's). */
async function oneProfile(
  { client, token, simulator, config }: Session,
  { maxProviders, idleHours }: PollSettings,
  signal: AbortSignal,
): Promise<Served> {
  // prom-client loads here, not with every command (~8 ms at each start of the console).
  const { buildRegistry, countPoll, newExporterState, presenceRegistry } = await import(
    '../exporter/metrics.ts'
  );
  const clock = commandClock({ client, simulator });
  const state = newExporterState(clock.now(), maxProviders);
  const poll = async (): Promise<MetricsPage> => {
    const started = performance.now();
    const asked = OBSERVED_OPERATIONS.filter((name) => !state.missing.has(name));
    const observation = await observeService(client, asked, {
      now: () => clock.now(),
      token,
      signal,
      idleHours: idleHours ?? config.watch.values.idle_hours,
    });
    countPoll(state, observation);
    const registry = buildRegistry(observation, state, performance.now() - started);
    return { contentType: registry.contentType, body: await registry.metrics() };
  };
  // The flag, else the profile's refresh_seconds, else the default.
  const refresh = config.refresh.value;
  const cache = createPollCache(poll, clock, refresh * 1000);
  const peers = peerListCache(client, clock, signal);
  return {
    async metrics() {
      const [polled] = await Promise.all([cache.get(), peers.get()]);
      return withSeriesAfter(polled, presenceRegistry(peers.presence, state));
    },
    start: () => void cache.get(),
    polling: `polling ${simulator ? 'the demo simulator' : (config.apiUrl?.value ?? '')} at most every ${refresh} s`,
  };
}

/** Every profile's figures, each polled on its own schedule (exporter/every-profile.ts). */
async function everyProfile(
  { profiles, out }: ProfilesSession,
  { maxProviders, idleHours }: PollSettings,
  signal: AbortSignal,
): Promise<Served> {
  // A profile that cannot be used is said once; its series are netdeck_up 0 from then on.
  for (const p of profiles) if (!p.ok) profileNotes(out, p.name).error(explain(p.error));
  const { exportEveryProfile } = await import('../exporter/every-profile.ts');
  const exporter = exportEveryProfile(
    profiles.map((p) =>
      p.ok
        ? {
            ...p,
            refreshMs: p.config.refresh.value * 1000,
            // The flag, else each profile's idle_hours.
            idleHours: idleHours ?? p.config.watch.values.idle_hours,
          }
        : { name: p.name, network: p.network, ok: false },
    ),
    { maxProviders, signal },
  );
  const every = [...new Set(profiles.flatMap((p) => (p.ok ? [p.config.refresh.value] : [])))];
  return {
    ...exporter,
    polling: `polling ${profiles.length} profile${profiles.length === 1 ? '' : 's'} at most every ${every.join(' or ') || '-'} s each, one after another across that time`,
  };
}

async function serveExporter(
  context: CliContext,
  out: Output,
  listen: MetricsAddress,
  serve: (signal: AbortSignal) => Promise<Served>,
): Promise<number> {
  if (!isLoopback(listen.host)) {
    out.warn(
      `the metrics (client ids, device names, earnings) are served to every machine that reaches ${listen.host}`,
    );
  }
  const stop = stopSignal(context.deps);
  let served: Served | undefined;
  try {
    served = await serve(stop.signal);
    const server = await serveMetrics(listen, served.metrics, served.pages).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new Error(`${listen.host}:${listen.port} is in use; pick another with --listen HOST:PORT`);
      throw error;
    });
    out.line(`listening on ${server.url}/metrics`);
    out.note(`${served.polling}; Ctrl-C stops`);
    served.start();
    await untilAborted(stop.signal);
    await server.close();
    return ExitCode.ok;
  } finally {
    served?.stop?.();
    stop.dispose();
  }
}
