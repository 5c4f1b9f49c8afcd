// `netdeck notify test [URL...]` (issue 35): one sample event pushed now to each URL, or
// to the profile's `notify` URLs, sent as watch sends (time-out, retries, no redirect), so
// that a wrong URL is found at once and not at 3 a.m. Nothing is asked of the service.
import type { Command } from 'commander';
import { maskSecretUrl } from '../../api/notify-urls.ts';
import { systemClock } from '../../clock.ts';
import type { NetdeckEvent } from '../../store/events/event-source.ts';
import type { CliContext } from '../context.ts';
import { addOutputOptions, type CommonOptions, optionsOf, orUsage } from '../options.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import { knownNotifyScheme, NOTIFY_RULE } from '../profile/watch-settings.ts';
import { resolveOrReport } from '../run-command.ts';
import { examples } from './help.ts';

/** What a phone shows for the test: an event as watch would push it, said to be a test. */
function sampleEvent(at: number): NetdeckEvent {
  return {
    id: 0,
    type: 'provider_disconnected',
    severity: 'critical',
    time: new Date(at).toISOString(),
    message:
      'a test from netdeck notify test: this is how a provider that has been disconnected for 5 minutes is pushed (nothing is wrong)',
    client_id: '00000000-0000-4000-8000-000000000000',
    device_name: 'test device',
    minutes: 5,
  };
}

export function registerNotify(program: Command, context: CliContext): void {
  const notify = program.command('notify').description('the notification URLs of watch --notify: try them');
  const test = notify
    .command('test')
    .description(
      'push one sample event now to each URL (default: the config’s notify), and say what became of it',
    )
    .argument('[url...]', 'notification URLs (docs/operators.md lists their forms)')
    .option('--profile <name>', 'the profile whose notify URLs to try (env NETDECK_PROFILE)');
  addOutputOptions(test);
  test.addHelpText(
    'after',
    `${examples([
      ['netdeck notify test ntfy://ntfy.sh/TOPIC', 'a sample event on the phones subscribed to TOPIC'],
      ['netdeck notify test', 'each URL of the config’s notify'],
    ])}
Exit code 0 when every URL took it, 1 when one did not (each failure on stderr, its URL masked).
`,
  );
  test.action(async (given: string[], _flags, cmd: Command) => {
    const options = optionsOf<CommonOptions>(cmd);
    const out = createOutput(context.io, options);
    for (const url of given) out.hide(url);
    const config = resolveOrReport(context, options, out);
    if (!config) return context.exit(ExitCode.usage);
    const urls = given.length ? given : (config.watch.values.notify ?? []);
    for (const url of urls) out.hide(url);
    orUsage(cmd, () => {
      if (!urls.length)
        throw new UsageError(
          'give a notification URL, or set notify in the config (netdeck config set notify URL)',
        );
      const unknown = urls.find((url) => !knownNotifyScheme(url));
      if (unknown) throw new UsageError(`${maskSecretUrl(unknown)}: not ${NOTIFY_RULE}`);
    });
    // The sinks load here, as in watch, only when there is a URL to send to.
    const { readSinks } = await import('../notify/alerts.ts');
    const { createSinkQueue } = await import('../notify/sink-queue.ts');
    const sinks = orUsage(cmd, () => readSinks(urls));
    const clock = context.deps.clock ?? systemClock;
    const event = sampleEvent(clock.now());
    const notice = {
      kind: 'test' as const,
      severity: event.severity,
      title: 'netdeck: notify test',
      body: event.message,
      time: event.time,
      events: [event],
    };
    const outcomes = await Promise.all(
      sinks.map(async (sink) => {
        let problem: string | undefined;
        const queue = createSinkQueue(sink, {
          clock,
          warn: (text) => (problem = text),
          signal: context.deps.stop,
        });
        queue.push(notice);
        await queue.idle();
        return { url: sink.masked, sent: problem === undefined, ...(problem ? { problem } : {}) };
      }),
    );
    for (const outcome of outcomes) if (outcome.problem) out.warn(outcome.problem);
    out.outcome(
      { results: outcomes },
      outcomes.map((outcome) => `${outcome.sent ? 'sent to' : 'not sent to'} ${outcome.url}`),
    );
    context.exit(outcomes.every((outcome) => outcome.sent) ? ExitCode.ok : ExitCode.failure);
  });
}
