// The profiles the console's merged views read (`a` in My providers and Earnings): those
// `--profiles` names, else every profile of the configuration as it is when `a` is pressed
// (a profile made meanwhile is among them). Each is resolved as `--profile NAME` would be,
// with a client of its own on the console's client settings and its own idle hours; one
// that cannot be used is handed on with why, and the merged views say it beside the others.
// Nothing is printed: the console has the screen, and what a profile lacks shows in its line.
import type { ProfilesOpening } from '../../store/profile-opening.ts';
import type { CliContext } from '../context.ts';
import { ALL_PROFILES, profileNames, resolveProfiles } from '../profile/profiles.ts';
import { CONSOLE_CLIENT_DEFAULTS } from './console-options.ts';

/** How the merged views open the profiles: `given` is `--profiles` (undefined: all there are). */
export function profilesOpener(context: CliContext, given: string | undefined): () => ProfilesOpening {
  return () => {
    const names = profileNames(context, given ?? ALL_PROFILES);
    const resolved = resolveProfiles(context, names, {
      clientDefaults: () => CONSOLE_CLIENT_DEFAULTS,
      hide: () => {},
      note: () => {},
      warn: () => {},
    });
    return {
      profiles: resolved.profiles.map((p) =>
        p.ok
          ? {
              name: p.name,
              client: p.client,
              clock: p.clock,
              network: p.network || undefined,
              idleHours: p.config.watch.values.idle_hours,
            }
          : { name: p.name, error: p.error },
      ),
      close: resolved.close,
    };
  };
}
