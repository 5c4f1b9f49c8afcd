// What one store's action starts in others: flows across stores live here, as store
// actions, so that a pane's key handler only calls one of them.
import type { Stores } from './index.ts';

/**
 * Sends the places chosen in Discover (the marks, else the cursor's row) to the Providers
 * pane, which starts sampling them, and shows that pane. False when there is nothing to send.
 */
export function sendChosenToProviders(stores: Pick<Stores, 'discovery' | 'providers' | 'session'>): boolean {
  const chosen = stores.discovery.getState().chosen();
  if (chosen.length === 0) return false;
  stores.session.getState().setPane('providers');
  void stores.providers.getState().choose(chosen);
  return true;
}
