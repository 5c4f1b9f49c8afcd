// What a profile may say about watching (issue 35): the idle hours (the exporter reads them
// too), the notification URLs, the flapping count, quiet hours and their zone, the daily
// digest. Keys of the config file, spread into its schema (config.ts): checked as strictly
// as the flags that override them, and a bad value says what is accepted, never the value
// (a notification URL holds its secret).
import * as z from 'zod';
import { isNotifyScheme, NOTIFY_SCHEMES, schemeOf } from '../../api/notify-urls.ts';
import { IDLE_HOURS_BOUNDS } from '../../store/idle.ts';
import {
  isTimeZone,
  parseQuietHours,
  parseTimeOfDay,
  QUIET_HOURS_RULE,
  TIME_OF_DAY_RULE,
  ZONE_RULE,
} from '../notify/quiet-hours.ts';

/** The most notification URLs one watch sends to. */
export const MAX_NOTIFY_URLS = 20;
/** A flapping provider goes down and up more than this many times in an hour; at most this. */
export const FLAP_COUNT_BOUNDS = { min: 1, max: 100 } as const;

export const NOTIFY_RULE = `a notification URL whose scheme is one of ${NOTIFY_SCHEMES.join(', ')} (docs/operators.md lists their forms)`;
const IDLE_RULE = `takes a number of hours, ${IDLE_HOURS_BOUNDS.min} to ${IDLE_HOURS_BOUNDS.max}`;
const FLAP_RULE = `takes a whole number, ${FLAP_COUNT_BOUNDS.min} to ${FLAP_COUNT_BOUNDS.max}`;

/** Whether `text` names a scheme `--notify` takes (its form is checked when the sinks load). */
export const knownNotifyScheme = (text: string) => isNotifyScheme(schemeOf(text));

/** A text `check` accepts: any other value, or none that is text, says it takes `rule`. */
const checkedText = (rule: string, check: (text: string) => boolean) =>
  z.string({ error: `takes ${rule}` }).refine(check, { error: `takes ${rule}` });

/** A number within `bounds`: one outside them, or no number, says `rule`. */
const bounded = <N extends z.ZodNumber>(number: N, bounds: { min: number; max: number }, rule: string) =>
  number.min(bounds.min, { error: rule }).max(bounds.max, { error: rule });

const notifyUrl = checkedText(NOTIFY_RULE, knownNotifyScheme);

export const WATCH_KEYS = {
  idle_hours: bounded(z.number({ error: IDLE_RULE }), IDLE_HOURS_BOUNDS, IDLE_RULE).optional(),
  /** One URL, or a list of them. */
  notify: z
    .union(
      [
        notifyUrl,
        z.array(notifyUrl).max(MAX_NOTIFY_URLS, { error: `takes at most ${MAX_NOTIFY_URLS} URLs` }),
      ],
      {
        error: `takes ${NOTIFY_RULE}, or a list of them`,
      },
    )
    .optional(),
  flap_count: bounded(z.int({ error: FLAP_RULE }), FLAP_COUNT_BOUNDS, FLAP_RULE).optional(),
  quiet_hours: checkedText(QUIET_HOURS_RULE, (text) => parseQuietHours(text) !== undefined).optional(),
  tz: checkedText(ZONE_RULE, isTimeZone).optional(),
  digest: checkedText(TIME_OF_DAY_RULE, (text) => parseTimeOfDay(text) !== undefined).optional(),
};

/** The values a profile gave (the notification URLs always as a list). */
export interface WatchFileValues {
  idle_hours?: number;
  notify?: string[];
  flap_count?: number;
  quiet_hours?: string;
  tz?: string;
  digest?: string;
}

/** The watch keys of a profile as read, the keys it does not set left out. */
export function watchValuesOf(
  profile: { [K in keyof typeof WATCH_KEYS]?: z.infer<(typeof WATCH_KEYS)[K]> },
): WatchFileValues {
  const { notify, ...rest } = profile;
  const values: WatchFileValues = Object.fromEntries(
    Object.entries(rest).filter(([key, value]) => key in WATCH_KEYS && value !== undefined),
  );
  if (notify !== undefined) values.notify = typeof notify === 'string' ? [notify] : notify;
  return values;
}
