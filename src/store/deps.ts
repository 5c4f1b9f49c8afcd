// What every store factory is given. Tests build fresh ones per test.
import type { ApiClient } from '../api/client.ts';
import type { Clock } from '../clock.ts';
import type { DemoAccess } from '../contract/admin.ts';
import type { ConnectionStore } from './connection.ts';

export interface StoreDeps {
  client: ApiClient;
  /** The simulator's clock in demo mode (so --speed speeds refreshes up), else systemClock. */
  clock: Clock;
  /** Every request's outcome is reported here; the header shows it. */
  connection: ConnectionStore;
  /** In-process simulator access in demo mode only. */
  demo?: DemoAccess;
  /** Keeps a token the console's login got, for the profile (as `netdeck login` does). */
  saveLogin?: (token: string) => void | Promise<void>;
}
