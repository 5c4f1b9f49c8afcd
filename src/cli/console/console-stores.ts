// The console's stores and their first loads, apart from Ink and React: the console
// command starts them while the TUI's modules are still loading, so the Discover answer
// is often in before the first frame (which then shows data instead of a spinner).
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import type { DemoAccess } from '../../contract/admin.ts';
import { createConnectionStore } from '../../store/connection.ts';
import type { StoreDeps } from '../../store/deps.ts';
import { createStores, type Stores, type StoresOptions, startStores, stopStores } from '../../store/index.ts';
import { applyRemembered, type Remembered, watchRemembered } from '../../store/remembered.ts';
import { exportWriter } from './export-writer.ts';

export interface ConsoleStores {
  stores: Stores;
  /** Settles when the Discover request has been answered (or has failed). */
  discovered: Promise<void>;
  /** Cancels every timer and request in flight; idempotent. */
  stop(): void;
}

export interface ConsoleStoresOptions {
  client: ApiClient;
  clock: Clock;
  demo?: DemoAccess;
  target: NonNullable<StoresOptions['target']>;
  /** The configuration's profile in use (the header names it). */
  profile?: string;
  token?: string;
  /** Keeps a token the console's login got (api mode: the profile's login file). */
  saveLogin?: (token: string) => void;
  /** Writes the panes' exports (`e`); default beside the console or where the dialog asks. */
  writeExport?: StoreDeps['writeExport'];
  /** How often the live resources reload (store clock ms); default the stores'. */
  refreshEveryMs?: number;
  /** My providers' idle hours (`idle_hours`); default the stores'. */
  idleHours?: number;
  /** Where the muted providers are kept (`netdeck mute`'s file); default in memory. */
  mutesFile?: StoreDeps['mutesFile'];
  /** Every profile, for the merged views (`a`); none: they cannot be shown. */
  openProfiles?: StoreDeps['openProfiles'];
  /** The merged views are shown from the start (`--profiles`), once Discover has answered. */
  everyProfile?: boolean;
  /**
   * The choices kept from the last run (pane, sorts, batch size) and where changed ones
   * go (state-file.ts); without it nothing is read or written.
   */
  remember?: { initial: Remembered; save(remembered: Remembered): void };
}

/**
 * Builds the stores and sends the Discover request at once; the other panes' requests
 * wait until it has answered, so their responses (parsed on this same thread, which in
 * demo mode also runs the simulator) do not hold up the first useful frame.
 */
export function startConsoleStores(options: ConsoleStoresOptions): ConsoleStores {
  const stores = createStores(
    {
      client: options.client,
      clock: options.clock,
      connection: createConnectionStore(),
      demo: options.demo,
      saveLogin: options.saveLogin,
      writeExport: options.writeExport ?? exportWriter(),
      refreshEveryMs: options.refreshEveryMs,
      idleHours: options.idleHours,
      mutesFile: options.mutesFile,
      openProfiles: options.openProfiles,
    },
    { target: options.target, profile: options.profile, token: options.token },
  );
  // Before the first frame: the console opens as it was left. runTui checks the pane still exists.
  if (options.remember) applyRemembered(stores, options.remember.initial);
  const watch = options.remember ? watchRemembered(stores, options.remember.save) : undefined;
  let stopped = false;
  const discovered = stores.discovery
    .getState()
    .start()
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      if (stopped) return;
      void startStores(stores);
      if (options.everyProfile) stores.everyProfile.getState().toggle();
    });
  return {
    stores,
    discovered,
    stop() {
      if (stopped) return;
      stopped = true;
      watch?.stop();
      stopStores(stores);
    },
  };
}
