// What every store factory is given. Tests build fresh ones per test.
import type { ApiClient } from '../api/client.ts';
import type { Clock } from '../clock.ts';
import type { DemoAccess } from '../contract/admin.ts';
import type { ConnectionStore } from './connection.ts';
import type { ExportFile } from './export-table.ts';
import type { MutesFile } from './mutes.ts';
import type { ProfilesOpening } from './profile-opening.ts';

/** How often the live resources reload unless told otherwise (`--refresh`, `refresh_seconds`). */
export const DEFAULT_REFRESH_SECONDS = 60;
/**
 * The refresh period's bounds, seconds: often enough to watch, rare enough to spare the
 * service (`--refresh` and `refresh_seconds` are checked against them).
 */
export const REFRESH_BOUNDS = { min: 1, max: 86_400 } as const;

export interface StoreDeps {
  client: ApiClient;
  /** The simulator's clock in demo mode (so --speed speeds refreshes up), else the service's as its answers tell it (client.serverClock). */
  clock: Clock;
  /** Every request's outcome is reported here; the header shows it. */
  connection: ConnectionStore;
  /** How often the live resources reload, in ms of the store clock (default DEFAULT_REFRESH_SECONDS). */
  refreshEveryMs?: number;
  /** In-process simulator access in demo mode only. */
  demo?: DemoAccess;
  /** Keeps a token the console's login got, for the profile (as `netdeck login` does). */
  saveLogin?: (token: string) => void | Promise<void>;
  /** Writes a pane's export as the export dialog asked (file-export.ts); returns where, or throws saying why not. */
  writeExport?: (file: ExportFile, at: number) => string;
  /** The hours a provider must be connected and carry nothing to be idle (`idle_hours`); default DEFAULT_IDLE_HOURS. */
  idleHours?: number;
  /** Where the muted providers are kept (`netdeck mute`'s file); default a file in memory only. */
  mutesFile?: MutesFile;
  /**
   * Every profile of the configuration (or `--profiles`), each opened with its own client,
   * for the views merged over them (src/store/every-profile.ts); none: there is no merged view.
   */
  openProfiles?: () => ProfilesOpening;
}

/** The refresh period the deps ask for. */
export const refreshPeriod = (deps: Pick<StoreDeps, 'refreshEveryMs'>): number =>
  deps.refreshEveryMs ?? DEFAULT_REFRESH_SECONDS * 1000;
