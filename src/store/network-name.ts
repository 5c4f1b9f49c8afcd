// The header's network name for an API key, which names none (a JWT's claims do): asked
// of the service once (GET /network/user: the name as it is now).
import type { StoreDeps } from './deps.ts';
import { send } from './request.ts';
import type { SessionStore } from './session.ts';

export function askNetworkName(deps: StoreDeps, session: SessionStore): void {
  send(deps, () => deps.client.networkUser()).then(
    (answer) => {
      const name = answer.network_user?.network_name;
      if (name && !session.getState().networkName) session.setState({ networkName: name });
    },
    // Not known: the header names none, as for a token that is not readable.
    () => {},
  );
}
