// `netdeck watch`: no screen, the service polled at the refresh interval, each event of
// the event source (src/store/events.ts) printed as a JSON line and optionally handed to
// a command; `--check` looks once and says with its exit code whether all is well.
import type { Command } from 'commander';
import { decodeToken } from '../../api/auth.ts';
import { isMissingRoute, lacking } from '../../api/error-words.ts';
import { ApiError } from '../../api/errors.ts';
import { systemClock } from '../../clock.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../store/deps.ts';
import { createEventSource, type NetdeckEvent } from '../../store/events/event-source.ts';
import { type ObservedOperation, observeService } from '../../store/observe.ts';
import { createPresence } from '../../store/presence.ts';
import type { CliContext } from '../context.ts';
import { createExecRunner } from '../long-running/exec-runner.ts';
import { commandClock, stopSignal } from '../long-running/long-running.ts';
import { presencePolls } from '../long-running/presence-polls.ts';
import { type AlertFlags, addAlertFlags, alertSettings } from '../notify/flags.ts';
import { type CommonOptions, collect, integerArg, numberArg } from '../options.ts';
import { ExitCode, exitCodeFor, UsageError } from '../output/exit-codes.ts';
import type { CommandSession as Session } from '../run-command.ts';
import { serviceCommand } from './service-command.ts';

/** What watch asks the service at each poll. */
const WATCH_OPERATIONS: readonly ObservedOperation[] = [
  'providerStats',
  'networkClients',
  'getPayoutWallet',
  'accountPayments',
];

export interface WatchOptions extends CommonOptions, AlertFlags {
  refresh?: number;
  disconnectedMinutes?: number;
  rankWorseThan?: number;
  reliabilityBelow?: number;
  exec?: string[];
  check?: boolean;
}

/**
 * The operations a watch asks: the rank and the reliability only when a limit is given for
 * them, the idle providers' figures only when idle hours are.
 */
export function watchOperations(
  options: Pick<WatchOptions, 'rankWorseThan' | 'reliabilityBelow' | 'idleHours'>,
) {
  return [
    ...WATCH_OPERATIONS,
    ...(options.rankWorseThan === undefined ? [] : (['networkRanking'] as const)),
    ...(options.reliabilityBelow === undefined ? [] : (['networkReliability'] as const)),
    ...(options.idleHours === undefined ? [] : (['providersLastN'] as const)),
  ];
}

/** What a limit watches, for "this service has no …". */
const LIMITED: Partial<Record<ObservedOperation, [flag: string, thing: string]>> = {
  networkRanking: ['--rank-worse-than', 'ranking'],
  networkReliability: ['--reliability-below', 'reliability window'],
};

/** The command to run per event: `--exec` repeated (one argument each) or the words after `--`. */
export function execArgv(exec: string[] | undefined, rest: string[]): string[] | undefined {
  if (exec?.length && rest.length)
    throw new UsageError('give the command to run either with --exec (repeated) or after --, not both');
  const argv = exec?.length ? exec : rest;
  return argv.length ? argv : undefined;
}

/**
 * watch's own flags. The command after `--` is taken as excess arguments: an argument
 * would widen the program's command list.
 */
function addWatchFlags(command: Command): Command {
  return command
    .usage('[options] [-- COMMAND [ARGS...]]')
    .allowExcessArguments()
    .option(
      '--refresh <seconds>',
      `ask the service every this many seconds (default: the config's refresh_seconds, else ${DEFAULT_REFRESH_SECONDS})`,
      numberArg({ min: 0.1 }),
    )
    .option(
      '--disconnected-minutes <n>',
      'report a provider once it has been disconnected this long (default 5; 0: at once)',
      numberArg({ min: 0 }),
    )
    .option(
      '--rank-worse-than <n>',
      'report when the network’s leaderboard rank is worse than #N (or it has none), and when it is back',
      integerArg({ min: 1 }),
    )
    .option(
      '--reliability-below <weight>',
      'report when the network’s mean reliability weight is below this, and when it is back',
      numberArg({ min: 0 }),
    )
    .option(
      '--exec <arg>',
      'run a command for each event, the event as JSON on its stdin; one argument per --exec, no shell',
      collect,
    )
    .option('--check', 'look once, print what is wrong, exit 5 if anything is (for cron and monitoring)');
}

export function registerWatch(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'watch',
    description:
      'report what changes as JSON Lines until stopped: providers disconnected and back, the payout wallet, payouts planned and completed, the token, failing requests',
    flags: (command) => addAlertFlags(addWatchFlags(command)),
    outputOptions: false,
    profiles: true,
    examples: [
      ['netdeck watch', 'one JSON line per event, until Ctrl-C'],
      ['netdeck watch --profiles all', 'every profile at once, each event naming its profile'],
      ['netdeck watch --disconnected-minutes 15 -- jq -r .message', 'a sentence per event from a command'],
      ['netdeck watch --exec /usr/local/bin/page-me --exec --urgent', 'your program, the event on its stdin'],
      ['netdeck watch --check || echo "something is wrong"', 'from cron or a monitoring system'],
      ['netdeck watch --rank-worse-than 50 --reliability-below 10', 'the rank and the reliability too'],
      [
        'netdeck watch --idle-hours 6 --notify ntfy://ntfy.sh/TOPIC',
        'idle providers too, each event on a phone',
      ],
      [
        'netdeck watch --notify URL --quiet-hours 23:00-07:00 --digest 08:00',
        'not at night; a summary each morning',
      ],
    ],
    help: {
      before: `After --: a command to run for each event, the event as JSON on its stdin (no shell).
`,
      after: `Events: provider_disconnected, provider_reconnected, payout_wallet_unset, payout_wallet_set,
token_expiring (3 days before), token_expired, request_failed, request_recovered,
payout_planned, payout_completed (payouts that appear or complete while it watches), and
with their flags rank_dropped, rank_recovered, reliability_dropped, reliability_recovered,
provider_idle, provider_active. Between polls it asks the service's live peer list (where
the service has one) to notice a provider going down sooner.
--check exits 0 when all is well, 5 when something is wrong (the rank, the reliability and
idle providers only when their flags or keys are given), 1 when the service cannot be
reached or has not got what a flag watches, 3 when it refuses the token.
--notify pushes each event to ntfy, Discord, Slack, Telegram, Gotify or a JSON webhook,
once per episode; muted providers (netdeck mute) are not pushed; docs/operators.md.
`,
    },
    longRunning: true,
    check: (options: WatchOptions, _args, command) => ({
      options,
      argv: execArgv(options.exec, command.args),
    }),
    run: (session, { options, argv }) => watch(context, session, options, argv),
  });
}

async function watch(
  context: CliContext,
  { client, out, token, simulator, config, profile }: Session,
  options: WatchOptions,
  argv: string[] | undefined,
): Promise<number> {
  const clock = commandClock({ client, simulator });
  const source = createEventSource({
    disconnectedMinutes: options.disconnectedMinutes,
    rankWorseThan: options.rankWorseThan,
    reliabilityBelow: options.reliabilityBelow,
  });
  const alerts = alertSettings(options, config);
  for (const url of alerts.notify) out.hide(url);
  const operations = watchOperations({ ...options, idleHours: alerts.idleHours });
  const stop = stopSignal(context.deps);
  // Stopping drops the runs that wait and stops the one under way (a few seconds at most).
  const exec = argv ? createExecRunner(argv, context.io, out, { signal: stop.signal }) : undefined;
  // The sinks load only when there is a URL to send to.
  const pipeline = alerts.notify.length
    ? (await import('../notify/alerts.ts')).startAlerts({
        settings: alerts,
        clock,
        machineClock: context.deps.clock ?? systemClock,
        out,
        env: context.io.env,
        signal: stop.signal,
        network: decodeToken(token ?? '')?.networkName,
        profile,
        problems: () => source.problems(),
      })
    : undefined;
  source.subscribe((seen: NetdeckEvent) => {
    // Over several profiles (--profiles) each event names its own, for every reader of it.
    const event = profile === undefined ? seen : { profile, ...seen };
    out.jsonLine(event);
    exec?.run(event);
    pipeline?.event(event);
  });
  const presence = createPresence();
  const poll = async () => {
    const observation = await observeService(client, operations, {
      now: () => clock.now(),
      token,
      signal: stop.signal,
      idleHours: alerts.idleHours,
    });
    // A limit on what the service has not got (an older service) cannot be watched.
    for (const [name, outcome] of Object.entries(observation.results)) {
      const limited = LIMITED[name as ObservedOperation];
      if (limited && !outcome.ok && isMissingRoute(outcome.error))
        throw new ApiError('http', `${lacking(limited[1])}: ${limited[0]} cannot be watched`, {
          status: 404,
        });
    }
    source.observe(presence.apply(observation));
    pipeline?.observe(observation);
    return observation;
  };
  try {
    if (options.check) {
      const { results } = await poll();
      await exec?.idle();
      await pipeline?.idle();
      // A request that failed decides: 3 when the token was refused, else 1.
      const codes = Object.values(results).flatMap((outcome) =>
        outcome.ok ? [] : [exitCodeFor(outcome.error)],
      );
      if (codes.length)
        return codes.includes(ExitCode.unauthorized) ? ExitCode.unauthorized : Math.max(...codes);
      const problems = source.problems();
      out.note(
        problems.length
          ? `${problems.length} problem${problems.length === 1 ? '' : 's'} found`
          : `all is well: no provider down past the limit, a payout wallet set, the token valid${options.rankWorseThan === undefined ? '' : `, the rank within the top ${options.rankWorseThan}`}${options.reliabilityBelow === undefined ? '' : `, the mean reliability at least ${options.reliabilityBelow}`}`,
      );
      return problems.length ? ExitCode.problem : ExitCode.ok;
    }
    // The flag, else the profile's refresh_seconds, else the default.
    const every = config.refresh.value * 1000;
    out.note(
      `watching ${simulator ? 'the demo simulator' : (config.apiUrl?.value ?? '')} every ${every / 1000} s${alerts.notify.length ? `, pushing to ${alerts.notify.length} URL${alerts.notify.length === 1 ? '' : 's'}` : ''}; Ctrl-C stops`,
    );
    const between = presencePolls({
      client,
      clock,
      presence,
      signal: stop.signal,
      observe: (view) => source.observe(view),
    });
    while (!stop.signal.aborted) {
      const started = clock.now();
      await poll();
      try {
        await between.wait(started, every);
      } catch {
        break;
      }
    }
    await exec?.idle();
    await pipeline?.idle();
    return ExitCode.ok;
  } finally {
    pipeline?.stop();
    stop.dispose();
  }
}
