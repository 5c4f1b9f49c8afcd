// What `netdeck config` shows of a profile's watch keys (issue 35): each one the profile
// sets, with where; a notification URL masked by its parts (api/notify-urls.ts), as the
// token is, for it holds a topic, a webhook token or a bot's secret.
import { maskSecretUrl } from '../../api/notify-urls.ts';
import type { WatchFileValues } from '../profile/watch-settings.ts';

/** The settings' names for people, in the order they are shown. */
const SETTINGS: { [K in keyof WatchFileValues]-?: string } = {
  idle_hours: 'idle hours',
  notify: 'notify',
  flap_count: 'flap count',
  quiet_hours: 'quiet hours',
  tz: 'time zone',
  digest: 'digest',
};

/** A value as shown and as --json has it: notification URLs masked. */
const shownValue = <K extends keyof WatchFileValues>(key: K, value: WatchFileValues[K]) =>
  key === 'notify' ? (value as string[]).map(maskSecretUrl) : value;

/** The keys the profile sets, as --json lists them: `{value, source, origin}` each. */
export function watchSettingsJson({ values, origin }: { values: WatchFileValues; origin: string }) {
  return Object.fromEntries(
    (Object.keys(SETTINGS) as (keyof WatchFileValues)[])
      .filter((key) => values[key] !== undefined)
      .map((key) => [key, { value: shownValue(key, values[key]), source: 'file', origin }]),
  );
}

/** The table's rows of the keys the profile sets (a row per notification URL). */
export function watchSettingRows({ values, origin }: { values: WatchFileValues; origin: string }) {
  return (Object.keys(SETTINGS) as (keyof WatchFileValues)[]).flatMap((key) => {
    const value = values[key];
    if (value === undefined) return [];
    const shown = shownValue(key, value);
    const texts = Array.isArray(shown) ? shown : [String(shown)];
    return texts.map((text) => ({ setting: SETTINGS[key], key, value: text, from: origin }));
  });
}
