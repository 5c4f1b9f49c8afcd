// What the console's My providers joins and the statistics lack, for `stats providers`
// and `stats provider`: each provider's device name and provide mode from /network/clients.
import type { ApiClient } from '../../api/client.ts';
import type { NetworkClients } from '../../contract/schemas.ts';
import type { Output } from '../output/writer.ts';
import { explain } from '../run-command.ts';

/** What a command's loading needs of its session: the client, and where a warning goes. */
export interface Loading {
  client: ApiClient;
  out: Pick<Output, 'warn'>;
}

/**
 * The answer of `load` and the network's clients, asked together. The answer's failure
 * is the command's; the clients' only costs the names (a warning says so).
 */
export async function withNetworkClients<T>(
  { client, out }: Loading,
  load: Promise<T>,
): Promise<[T, NetworkClients | undefined]> {
  const clients = client.networkClients().then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  const answer = await load;
  const joined = await clients;
  if ('error' in joined) {
    out.warn(`device names and provide modes left out: ${explain(joined.error)}`);
    return [answer, undefined];
  }
  return [answer, joined.answer];
}
