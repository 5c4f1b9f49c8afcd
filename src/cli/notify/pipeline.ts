// Between watch's event source and the sinks (design.md, "Rooms": notifications), in one
// place: what is pushed, and when. An event goes through, in this order: a muted
// provider's is dropped; what the first look finds goes as one notice when there are
// several (the look's events come before its observe); flapping damps a provider's changes (one notice when it starts,
// one once it has been stable an hour); quiet hours hold back what would be pushed and, at
// their end, push one digest of it. Once a day at the digest time the summary goes (after
// quiet hours, if it falls in them). A timer on the clock's whole minutes watches the end
// of quiet hours, the digest time and the flapping providers (so a digest goes at 07:00,
// not up to a minute later).
import type { Clock } from '../../clock.ts';
import type { EventDraft, NetdeckEvent } from '../../store/events/event-source.ts';
import { providerName } from '../../store/events/provider-name.ts';
import type { Observation } from '../../store/observe.ts';
import { dailyDigest, quietDigest, startDigest } from './digests.ts';
import { createFlapDamper } from './flapping.ts';
import { type Notice, typeWords } from './notice.ts';
import { isQuietAt, localClock, type QuietHours } from './quiet-hours.ts';
import type { SinkQueue } from './sink-queue.ts';

const MINUTE = 60_000;

export interface PipelineOptions {
  clock: Clock;
  sinks: readonly SinkQueue[];
  /** When a provider's mute ends, if it is muted at `now` (read at each use: another netdeck may mute). */
  mutedUntil(clientId: string, now: number): number | undefined;
  flapCount: number;
  quiet?: QuietHours;
  /** The zone quiet hours and the digest are read in (undefined: this machine's). */
  zone?: string;
  /** The daily digest's time, minutes after local midnight. */
  digestAt?: number;
  /** What every title begins with: `netdeck demo`. */
  label: string;
  /** What is wrong now, for the daily digest. */
  problems(): readonly EventDraft[];
}

export interface Pipeline {
  /** An event of the source: pushed, damped, held or dropped. */
  event(event: NetdeckEvent): void;
  /** The last look at the network, for the daily digest; after the first, what it found is pushed. */
  observe(observation: Observation): void;
  /** Resolves when every sink has sent what it was given. */
  idle(): Promise<void>;
  stop(): void;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const { clock, sinks, quiet, zone, digestAt, label } = options;
  const flaps = createFlapDamper(options.flapCount);
  const quietNow = (at: number) => quiet !== undefined && isQuietAt(quiet, localClock(at, zone).minutes);
  let held: Notice[] = [];
  /** What the first look found, until its observe: then one notice, or one of them all. */
  let found: Notice[] | undefined = [];
  let lastLook: Observation | undefined;
  // The day's digest is sent at its time from the next day on when it has passed today.
  const start = localClock(clock.now(), zone);
  let digestDay = digestAt !== undefined && start.minutes >= digestAt ? start.date : undefined;
  let digestWaits = false;

  const send = (notice: Notice) => {
    for (const sink of sinks) sink.push(notice);
  };
  /** Once quiet hours are over: their digest, then a daily digest they held back. */
  const afterQuiet = (at: number) => {
    if (quietNow(at)) return;
    if (held.length && quiet) send(quietDigest(held, quiet, label, zone, at));
    held = [];
    if (digestWaits) {
      digestWaits = false;
      send(dailyDigest(lastLook, options.problems(), label, zone, at));
    }
  };
  const push = (notice: Notice) => {
    if (found) return void found.push(notice);
    const at = clock.now();
    afterQuiet(at);
    if (quietNow(at)) held.push(notice);
    else send(notice);
  };
  const muted = (event: NetdeckEvent, at: number) =>
    event.client_id !== undefined && options.mutedUntil(event.client_id, at) !== undefined;
  const eventNotice = (event: NetdeckEvent): Notice => ({
    kind: 'event',
    severity: event.severity,
    title: `${label}: ${typeWords(event.type)}`,
    body: event.message,
    time: event.time,
    events: [event],
  });
  const who = (event: NetdeckEvent) => providerName(event.device_name, event.client_id ?? '');

  const minute = () => {
    const at = clock.now();
    for (const last of flaps.settle(at)) {
      if (muted(last, at)) continue;
      push({
        kind: 'stable',
        severity: 'info',
        title: `${label}: provider stable`,
        body: `provider ${who(last)} has been stable for an hour, ${last.type === 'provider_reconnected' ? 'connected' : 'disconnected'}; its changes are pushed again`,
        time: new Date(at).toISOString(),
        events: [last],
      });
    }
    afterQuiet(at);
    const local = localClock(at, zone);
    if (digestAt !== undefined && local.minutes >= digestAt && digestDay !== local.date) {
      digestDay = local.date;
      if (quietNow(at)) digestWaits = true;
      else send(dailyDigest(lastLook, options.problems(), label, zone, at));
    }
  };
  // The first at the next whole minute (zones are whole minutes from UTC), then every minute.
  let timer = clock.setTimeout(
    () => {
      timer = clock.setInterval(minute, MINUTE);
      minute();
    },
    MINUTE - (clock.now() % MINUTE),
  );

  return {
    event(event) {
      const at = clock.now();
      if (muted(event, at)) return;
      const verdict = flaps.record(event, at);
      if (verdict === 'hold') return;
      if (verdict === 'pass') return push(eventNotice(event));
      push({
        kind: 'flapping',
        severity: 'warning',
        title: `${label}: provider flapping`,
        body: `provider ${who(event)} is flapping: down more than ${options.flapCount} times in the last hour; its changes are not pushed until it has been stable for an hour`,
        time: event.time,
        events: [event],
      });
    },
    observe(observation) {
      lastLook = observation;
      if (!found) return;
      const first = found;
      found = undefined;
      if (first.length > 1) push(startDigest(first, label, clock.now()));
      else if (first.length === 1) push(first[0]);
    },
    idle: () => Promise.all(sinks.map((sink) => sink.idle())).then(() => undefined),
    stop: () => timer.cancel(),
  };
}
