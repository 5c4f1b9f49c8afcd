// What the stores are given of several profiles (`--profiles`, or every profile of the
// configuration): each profile that could be opened with its client and clock, each that
// could not with why. src/cli/console/every-profile.ts resolves them; the stores of each
// (profile-stores.ts) and the merged views (every-profile.ts) read this. A file of its own:
// the deps (deps.ts) and the profile stores both name it.
import type { ApiClient } from '../api/client.ts';
import type { Clock } from '../clock.ts';

/** A profile as the stores need it (src/cli/profile/profiles.ts resolves them). */
export interface StoreProfile {
  name: string;
  client: ApiClient;
  clock: Clock;
  /** The network its token names, if it names one. */
  network?: string;
  /** Its idle hours (its configuration's idle_hours); default DEFAULT_IDLE_HOURS. */
  idleHours?: number;
}

/** A profile that could not be opened (its token file gone, no API named), and why. */
export interface UnopenedProfile {
  name: string;
  error: Error;
}

export interface ProfilesOpening {
  /** In the order the configuration or `--profiles` gives them. */
  profiles: (StoreProfile | UnopenedProfile)[];
  /** Closes every client; never throws. */
  close(): Promise<void>;
}

export const isOpened = (profile: StoreProfile | UnopenedProfile): profile is StoreProfile =>
  'client' in profile;
