// `netdeck exporter`: the network's figures as Prometheus metrics on /metrics, until
// stopped. The service is polled at most once per refresh interval however often the
// endpoint is scraped (exporter/poll-cache.ts); the metrics are in exporter/metrics.ts.
import type { Command } from 'commander';
import { isMissingRoute } from '../../api/error-words.ts';
import { isApiError } from '../../api/errors.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../store/deps.ts';
import { DEFAULT_IDLE_HOURS, IDLE_HOURS_BOUNDS } from '../../store/idle.ts';
import { OBSERVED_OPERATIONS, observeService } from '../../store/observe.ts';
import { createPresence } from '../../store/presence.ts';
import type { CliContext } from '../context.ts';
import { createPollCache } from '../exporter/poll-cache.ts';
import { type MetricsAddress, type MetricsPage, serveMetrics } from '../exporter/server.ts';
import { commandClock, stopSignal, untilAborted } from '../long-running/long-running.ts';
import { PRESENCE_MS } from '../long-running/presence-polls.ts';
import { type CommonOptions, collectHostNames, integerArg, numberArg } from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { CommandSession as Session } from '../run-command.ts';
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
    examples: [
      ['netdeck exporter', `metrics on http://${DEFAULT_LISTEN}/metrics`],
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
    check: (options: ExporterOptions) => ({
      listen: { ...parseListen(options.listen ?? DEFAULT_LISTEN), allowHosts: options.allowHost },
      maxProviders: options.maxProviders ?? DEFAULT_MAX_PROVIDERS,
      idleHours: options.idleHours,
    }),
    run: (session, given) => serveExporter(context, session, given),
  });
}

async function serveExporter(
  context: CliContext,
  { client, out, token, simulator, config }: Session,
  { listen, maxProviders, idleHours }: { listen: MetricsAddress; maxProviders: number; idleHours?: number },
): Promise<number> {
  if (!isLoopback(listen.host)) {
    out.warn(
      `the metrics (client ids, device names, earnings) are served to every machine that reaches ${listen.host}`,
    );
  }
  // prom-client loads here, not with every command (~8 ms at each start of the console).
  const { buildRegistry, countPoll, newExporterState, presenceRegistry } = await import(
    '../exporter/metrics.ts'
  );
  const clock = commandClock({ client, simulator });
  const state = newExporterState(clock.now(), maxProviders);
  const stop = stopSignal(context.deps);
  const poll = async (): Promise<MetricsPage> => {
    const started = performance.now();
    const asked = OBSERVED_OPERATIONS.filter((name) => !state.missing.has(name));
    const observation = await observeService(client, asked, {
      now: () => clock.now(),
      token,
      signal: stop.signal,
      idleHours: idleHours ?? config.watch.values.idle_hours,
    });
    countPoll(state, observation);
    const registry = buildRegistry(observation, state, performance.now() - started);
    return { contentType: registry.contentType, body: await registry.metrics() };
  };
  // The flag, else the profile's refresh_seconds, else the default.
  const refresh = config.refresh.value;
  const cache = createPollCache(poll, clock, refresh * 1000);
  // Cheap presence (issue 35): the service's live peer list, asked more often than the
  // statistics, where it has one; a service without (404) or refusing it is not asked again.
  const presence = createPresence();
  let peersServed = true;
  const peers = createPollCache(
    async () => {
      if (!peersServed) return;
      try {
        presence.learn(await client.networkPeers({ signal: stop.signal }), clock.now());
      } catch (error) {
        if (isMissingRoute(error) || (isApiError(error) && error.kind === 'business')) peersServed = false;
      }
    },
    clock,
    PRESENCE_MS,
  );
  const page = async (): Promise<MetricsPage> => {
    const [polled] = await Promise.all([cache.get(), peers.get()]);
    return { ...polled, body: polled.body + (await presenceRegistry(presence, state).metrics()) };
  };
  try {
    const server = await serveMetrics(listen, page).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new Error(`${listen.host}:${listen.port} is in use; pick another with --listen HOST:PORT`);
      throw error;
    });
    out.line(`listening on ${server.url}/metrics`);
    out.note(
      `polling ${simulator ? 'the demo simulator' : (config.apiUrl?.value ?? '')} at most every ${refresh} s; Ctrl-C stops`,
    );
    // The first poll now, so the first scrape need not wait for it.
    void cache.get();
    await untilAborted(stop.signal);
    await server.close();
    return ExitCode.ok;
  } finally {
    stop.dispose();
  }
}
