// watch's alerts, set up (issue 35): loaded only when there is a URL to send to (watch
// imports this lazily, and `notify test`): each URL read by its sink (a form its service
// does not take is a usage error, the URL masked), a queue per sink, the mutes file, and
// the pipeline between the event source and the queues.
import { maskSecretUrl, schemeOf } from '../../api/notify-urls.ts';
import type { Clock } from '../../clock.ts';
import type { EventDraft } from '../../store/events/event-source.ts';
import { type Mutes, mutedUntil, parseMutes } from '../../store/mutes.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Output } from '../output/writer.ts';
import { mutesFile, mutesPath } from '../profile/mutes-file.ts';
import type { AlertSettings } from './flags.ts';
import { createPipeline, type Pipeline } from './pipeline.ts';
import { createSinkQueue, type DeliveryOptions, type ReadySink } from './sink-queue.ts';
import { SinkUrlError } from './sinks/sink.ts';
import { SINKS } from './sinks/table.ts';

/** Each URL read by its service's sink; the first one it cannot use is a usage error. */
export function readSinks(urls: readonly string[]): ReadySink[] {
  return urls.map((text) => {
    const masked = maskSecretUrl(text);
    const scheme = schemeOf(text) as keyof typeof SINKS | undefined;
    const sink = scheme === undefined ? undefined : SINKS[scheme];
    if (!sink) throw new UsageError(`--notify ${masked}: not a scheme netdeck sends to`);
    try {
      return { masked, ...sink.read(new URL(text.trim())) };
    } catch (error) {
      if (error instanceof SinkUrlError) throw new UsageError(`--notify ${masked}: ${error.message}`);
      if (error instanceof TypeError) throw new UsageError(`--notify ${masked}: not a URL`);
      throw error;
    }
  });
}

export interface AlertsContext {
  settings: AlertSettings;
  /** The service's clock: quiet hours, digests, flapping and mutes are read in its time. */
  clock: Clock;
  /**
   * This machine's clock (a test's manual one): a send's time-out and the waits between its
   * tries are real seconds, as the notification services count them. On the service's clock
   * a `netdeck sim --speed 60` left a send a sixth of a second, and a push arrived twice.
   */
  machineClock: Clock;
  out: Output;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** The network the token names, for every title. */
  network?: string;
  /** The profile watched, given over several profiles (--profiles): every title names it. */
  profile?: string;
  problems(): readonly EventDraft[];
  /** How requests are sent (the defaults of sink-queue.ts unless a test says). */
  delivery?: Partial<DeliveryOptions>;
}

/**
 * What every title begins with: `netdeck demo`, and over several profiles the profile
 * first (`netdeck profile home (demo)`), as a phone shows no JSON to tell them apart.
 */
function alertLabel(network: string | undefined, profile: string | undefined): string {
  if (profile === undefined) return network ? `netdeck ${network}` : 'netdeck';
  return `netdeck profile ${profile}${network ? ` (${network})` : ''}`;
}

/** The pipeline of one watch, its sinks ready and its minute timer started. */
export function startAlerts(context: AlertsContext): Pipeline {
  const { settings, clock, out, signal } = context;
  const warn = (text: string) => out.warn(text);
  const sinks = readSinks(settings.notify).map((sink) =>
    createSinkQueue(sink, { clock: context.machineClock, warn, signal, ...context.delivery }),
  );
  const file = mutesFile(mutesPath(context.env));
  let mutes: Mutes = new Map();
  let unreadable = false;
  return createPipeline({
    clock,
    sinks,
    mutedUntil(clientId, now) {
      try {
        mutes = parseMutes(file.read());
      } catch (error) {
        // Said once; the mutes read last (none at first) go on counting.
        if (!unreadable) warn(`cannot read the muted providers: ${(error as Error).message}`);
        unreadable = true;
      }
      return mutedUntil(mutes, clientId, now);
    },
    flapCount: settings.flapCount,
    quiet: settings.quiet,
    zone: settings.zone,
    digestAt: settings.digestAt,
    label: alertLabel(context.network, context.profile),
    problems: context.problems,
  });
}
