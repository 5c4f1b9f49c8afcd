// Times of day for `watch`'s alerts: quiet hours (`--quiet-hours 23:00-07:00`), the daily
// digest (`--digest 08:00`), and the zone they are read in (`--tz`, else the machine's).
// Minute resolution, read on the clock netdeck runs on: a day that skips or repeats an hour
// (daylight saving) is read as its local clock reads, with no arithmetic across it.

export interface QuietHours {
  /** Minutes after local midnight the quiet hours begin and end (end before begin: they span midnight). */
  from: number;
  to: number;
  /** As given, for messages: `23:00-07:00`. */
  text: string;
}

/** What a time of day and a range take, for usage errors. */
export const TIME_OF_DAY_RULE = 'a time of day as HH:MM, 00:00 to 23:59 (e.g. 08:00)';
export const QUIET_HOURS_RULE =
  'a range of times of day as HH:MM-HH:MM (e.g. 23:00-07:00; it may span midnight)';
export const ZONE_RULE =
  'an IANA time zone such as Europe/Berlin or America/New_York (default: this machine’s)';

/** Minutes after midnight of `HH:MM` (or `H:MM`), else undefined. */
export function parseTimeOfDay(text: string): number | undefined {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

/** `HH:MM-HH:MM` as quiet hours, else undefined (also for a range of no time: 07:00-07:00). */
export function parseQuietHours(text: string): QuietHours | undefined {
  const [first, second, ...rest] = text.split('-');
  if (second === undefined || rest.length) return undefined;
  const from = parseTimeOfDay(first);
  const to = parseTimeOfDay(second);
  if (from === undefined || to === undefined || from === to) return undefined;
  return { from, to, text: `${clockText(from)}-${clockText(to)}` };
}

/** `07:05` from minutes after midnight. */
export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whether `zone` is a time zone this machine knows (Intl's list). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** What a local clock shows at `at` in `zone` (the machine's when none): its date and minutes after midnight. */
export function localClock(at: number, zone?: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** Whether a local time of day (minutes after midnight) falls within the quiet hours. */
export function isQuietAt(quiet: QuietHours, minutes: number): boolean {
  return quiet.from < quiet.to
    ? minutes >= quiet.from && minutes < quiet.to
    : minutes >= quiet.from || minutes < quiet.to;
}
