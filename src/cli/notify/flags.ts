// watch's flags for idle providers and alerts (issue 35), and what they come to with the
// profile's keys (flag > profile > default). Loaded with every command line (commander
// reads the flags): the sinks themselves load only when there is a URL to send to.
import { type Command, InvalidArgumentError } from 'commander';
import { isNotifyScheme, NOTIFY_SCHEMES, schemeOf } from '../../api/notify-urls.ts';
import { IDLE_HOURS_BOUNDS } from '../../store/idle.ts';
import { integerArg, numberArg } from '../options.ts';
import type { ResolvedConfig } from '../profile/config.ts';
import { FLAP_COUNT_BOUNDS, MAX_NOTIFY_URLS } from '../profile/watch-settings.ts';
import { DEFAULT_FLAP_COUNT } from './flapping.ts';
import {
  isTimeZone,
  parseQuietHours,
  parseTimeOfDay,
  QUIET_HOURS_RULE,
  type QuietHours,
  TIME_OF_DAY_RULE,
  ZONE_RULE,
} from './quiet-hours.ts';

export interface AlertFlags {
  idleHours?: number;
  notify?: string[];
  flapCount?: number;
  quietHours?: QuietHours;
  tz?: string;
  digest?: number;
}

/** What the alerts of one watch are, once flags and the profile are read. */
export interface AlertSettings {
  /** Idle providers are watched only when given (a cron check keeps its exit codes). */
  idleHours?: number;
  notify: string[];
  flapCount: number;
  quiet?: QuietHours;
  /** The zone quiet hours and the digest are read in (undefined: this machine's). */
  zone?: string;
  /** The daily digest's time, minutes after local midnight. */
  digestAt?: number;
}

/** A --notify URL: its scheme checked now (its form once the sinks load), collected. */
function collectNotifyUrl(value: string, previous: string[] = []): string[] {
  if (!isNotifyScheme(schemeOf(value)))
    throw new InvalidArgumentError(
      `takes a URL whose scheme is one of ${NOTIFY_SCHEMES.join(', ')} (see docs/operators.md).`,
    );
  if (previous.length >= MAX_NOTIFY_URLS) throw new InvalidArgumentError(`at most ${MAX_NOTIFY_URLS} URLs.`);
  return [...previous, value];
}

const parsed =
  <T>(parse: (text: string) => T | undefined, rule: string) =>
  (value: string): T => {
    const result = parse(value);
    if (result === undefined) throw new InvalidArgumentError(`takes ${rule}.`);
    return result;
  };

export function addAlertFlags(command: Command): Command {
  return command
    .option(
      '--idle-hours <n>',
      `report providers connected this many hours with no search, contract or transfer (provider_idle), and when they are active again (default: the config's idle_hours; unwatched without either)`,
      numberArg(IDLE_HOURS_BOUNDS),
    )
    .option(
      '--notify <url>',
      `push each event to this URL (repeatable): ${NOTIFY_SCHEMES.join(', ')}; docs/operators.md lists the forms (default: the config's notify)`,
      collectNotifyUrl,
    )
    .option(
      '--flap-count <k>',
      `a provider that goes down more than K times in an hour is pushed once as flapping, until stable for an hour (default ${DEFAULT_FLAP_COUNT})`,
      integerArg(FLAP_COUNT_BOUNDS),
    )
    .option(
      '--quiet-hours <from-to>',
      'push nothing between these times (e.g. 23:00-07:00), then one digest of what happened',
      parsed(parseQuietHours, QUIET_HOURS_RULE),
    )
    .option(
      '--tz <zone>',
      `the time zone of --quiet-hours and --digest: ${ZONE_RULE}`,
      parsed((zone) => (isTimeZone(zone) ? zone : undefined), ZONE_RULE),
    )
    .option(
      '--digest <HH:MM>',
      'push a summary once a day at this time: providers up, down and idle, what the network earned and was paid',
      parsed(parseTimeOfDay, TIME_OF_DAY_RULE),
    );
}

/** The flags, else the profile's keys, else the defaults. */
export function alertSettings(flags: AlertFlags, config: ResolvedConfig): AlertSettings {
  const file = config.watch.values;
  const quietText = file.quiet_hours;
  return {
    idleHours: flags.idleHours ?? file.idle_hours,
    notify: flags.notify ?? file.notify ?? [],
    flapCount: flags.flapCount ?? file.flap_count ?? DEFAULT_FLAP_COUNT,
    quiet: flags.quietHours ?? (quietText === undefined ? undefined : parseQuietHours(quietText)),
    zone: flags.tz ?? file.tz,
    digestAt: flags.digest ?? (file.digest === undefined ? undefined : parseTimeOfDay(file.digest)),
  };
}
