// What a sink is handed: one message to push, made by the pipeline from an event, a
// flapping provider, what a watch found as it began, the end of quiet hours or the daily digest. Each sink turns it into
// its service's request (sinks/*.ts); the generic webhook posts its JSON.
import type { NetdeckEvent, Severity } from '../../store/events/event-source.ts';

export type NoticeKind =
  | 'event'
  | 'flapping'
  | 'stable'
  | 'start-digest'
  | 'quiet-digest'
  | 'daily-digest'
  | 'test';

export interface Notice {
  kind: NoticeKind;
  severity: Severity;
  /** One line: what a phone shows first (`netdeck demo: provider disconnected`). */
  title: string;
  /** A sentence, or a digest's lines. */
  body: string;
  /** When it happened (RFC 3339). */
  time: string;
  /** The event it tells of (kind `event`), or those a digest gathers. */
  events: readonly NetdeckEvent[];
}

/** Severities from the least to the most urgent. */
const RANK: Record<Severity, number> = { info: 0, warning: 1, critical: 2 };

/** The most urgent of some severities (info for none). */
export const worst = (severities: readonly Severity[]): Severity =>
  severities.reduce<Severity>((most, next) => (RANK[next] > RANK[most] ? next : most), 'info');

/** The title's words for an event type: `provider disconnected`. */
export const typeWords = (type: string) => type.replaceAll('_', ' ');

/** The `type` of a notice that is not one event, in the generic webhook's JSON. */
const JSON_TYPES: Record<NoticeKind, string> = {
  event: 'event',
  flapping: 'provider_flapping',
  stable: 'provider_stable',
  'start-digest': 'watch_started',
  'quiet-digest': 'quiet_hours_digest',
  'daily-digest': 'daily_digest',
  test: 'test',
};

/**
 * The JSON the generic webhook posts: an event as `watch` prints it, or for anything else
 * the notice with the events it gathers.
 */
export function noticeJson(notice: Notice): unknown {
  if (notice.kind === 'event' && notice.events.length === 1) return notice.events[0];
  return {
    type: JSON_TYPES[notice.kind],
    severity: notice.severity,
    time: notice.time,
    title: notice.title,
    message: notice.body,
    events: notice.events,
  };
}
