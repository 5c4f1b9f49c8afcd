// The two summaries the alerts send (issue 35): at the end of quiet hours, one notice of
// what happened while they lasted (what began and ended inside them, and what of that is
// still so; nothing known before them is pushed again); and once a day at the digest time,
// how the network stands (providers up, down and idle, what it earned and was paid in the
// last 24 hours, what is wrong now); and, when a watch begins with several things already
// wrong, one notice of them all instead of one push each (a restarted watch would otherwise
// ring a phone once per provider that has been down for days).
import { formatUsd } from '../../format/numbers.ts';
import { paymentUsd } from '../../format/payments.ts';
import type { EventDraft, EventType, NetdeckEvent } from '../../store/events/event-source.ts';
import { idleVerdicts } from '../../store/idle.ts';
import type { Observation } from '../../store/observe.ts';
import { type Notice, worst } from './notice.ts';
import { clockText, localClock, type QuietHours } from './quiet-hours.ts';

const DAY = 86_400_000;
/** The lines a digest lists at most; the rest are counted. */
const MAX_LINES = 40;

/** The conditions events begin and end, so that a start inside quiet hours can be matched with its end. */
const CONDITIONS: Record<string, [starts: EventType, ends: EventType]> = {
  down: ['provider_disconnected', 'provider_reconnected'],
  idle: ['provider_idle', 'provider_active'],
  wallet: ['payout_wallet_unset', 'payout_wallet_set'],
  request: ['request_failed', 'request_recovered'],
  rank: ['rank_dropped', 'rank_recovered'],
  reliability: ['reliability_dropped', 'reliability_recovered'],
};

/** By event type: the condition it begins or ends, and whether it begins it. */
const CONDITION_OF = new Map(
  Object.entries(CONDITIONS).flatMap(([condition, [starts, ends]]): [string, [string, boolean]][] => [
    [starts, [condition, true]],
    [ends, [condition, false]],
  ]),
);

const keyOf = (event: NetdeckEvent, condition: string) =>
  `${condition}:${event.client_id ?? event.operation ?? ''}`;

/** Lines, the rest counted. */
const bounded = (lines: string[]) =>
  lines.length <= MAX_LINES
    ? lines
    : [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more`];

/** The one notice of what quiet hours held back, in the order it happened, with what is still so. */
export function quietDigest(
  held: readonly Notice[],
  quiet: QuietHours,
  label: string,
  zone: string | undefined,
  at: number,
): Notice {
  const events = held.flatMap((notice) => notice.events);
  const open = new Map<string, NetdeckEvent>();
  for (const event of events) {
    const condition = CONDITION_OF.get(event.type);
    if (!condition) continue;
    const key = keyOf(event, condition[0]);
    if (condition[1]) open.set(key, event);
    else open.delete(key);
  }
  const lines = held.map(
    (notice) => `${clockText(localClock(Date.parse(notice.time), zone).minutes)} ${notice.body}`,
  );
  const still = [...open.values()].map((event) => `still so: ${event.message}`);
  return {
    kind: 'quiet-digest',
    severity: worst(held.map((notice) => notice.severity)),
    title: `${label}: ${held.length} while quiet (${quiet.text})`,
    body: bounded([...lines, ...still]).join('\n'),
    time: new Date(at).toISOString(),
    events,
  };
}

/** The one notice of what the watch's first look found, each line an event's sentence. */
export function startDigest(found: readonly Notice[], label: string, at: number): Notice {
  return {
    kind: 'start-digest',
    severity: worst(found.map((notice) => notice.severity)),
    title: `${label}: ${found.length} found as watching began`,
    body: bounded(found.map((notice) => notice.body)).join('\n'),
    time: new Date(at).toISOString(),
    events: found.flatMap((notice) => notice.events),
  };
}

/** The daily summary from the last look at the network and what is wrong now. */
export function dailyDigest(
  observation: Observation | undefined,
  problems: readonly EventDraft[],
  label: string,
  zone: string | undefined,
  at: number,
): Notice {
  const lines: string[] = [];
  const stats = observation?.results.providerStats;
  if (stats?.ok) {
    const providers = stats.data.providers ?? [];
    const up = providers.filter((p) => p.connected).length;
    const figures = observation?.results.providersLastN;
    const idle = figures?.ok
      ? [...idleVerdicts(figures.data, observation?.idleHours ?? 0).values()].filter(
          (v) => v.state === 'idle',
        ).length
      : undefined;
    lines.push(
      `providers: ${up} up, ${providers.length - up} down${idle === undefined ? '' : `, ${idle} idle (over ${observation?.idleHours} hours)`}`,
      `earned in the last 24 hours: ${formatUsd(providers.reduce((sum, p) => sum + (p.payout_last_24h ?? 0), 0))}`,
    );
  } else lines.push('providers: unknown (the last look at them failed)');
  const payments = observation?.results.accountPayments;
  if (payments?.ok) {
    const paid = (payments.data.account_payments ?? []).filter((p) => {
      const completed = Date.parse(p.complete_time ?? '');
      return p.completed && Number.isFinite(completed) && at - completed < DAY;
    });
    const usd = paid.reduce((sum, p) => sum + (paymentUsd(p) ?? 0), 0);
    lines.push(
      paid.length
        ? `paid in the last 24 hours: ${formatUsd(usd)} in ${paid.length} payout${paid.length === 1 ? '' : 's'}`
        : 'paid in the last 24 hours: no payout completed',
    );
  }
  lines.push(problems.length ? `wrong now: ${problems.length}` : 'wrong now: nothing');
  lines.push(...problems.map((problem) => `- ${problem.message}`));
  return {
    kind: 'daily-digest',
    severity: 'info',
    title: `${label}: the day, ${localClock(at, zone).date}`,
    body: bounded(lines).join('\n'),
    time: new Date(at).toISOString(),
    events: [],
  };
}
