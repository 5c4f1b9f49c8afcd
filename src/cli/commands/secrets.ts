// --show-secrets, for the commands that list what holds a secret the service keeps in the
// clear (a hosted proxy's token and WireGuard private key, a balance code): masked unless
// asked, and even then hidden from everything but the data itself (notes and errors).
import { clientSecrets, maskClientSecrets, maskProxy } from '../../api/proxy-secrets.ts';
import type { NetworkClients } from '../../contract/schemas.ts';
import { checkProxy } from '../../store/proxy-answer.ts';
import type { Output } from '../output/writer.ts';

export const SHOW_SECRETS_HELP =
  "show hosted proxies' tokens and WireGuard private keys (and balance codes) in full; masked otherwise";

export interface SecretsOption {
  showSecrets?: boolean;
}

/**
 * The clients answer as it is printed: every proxy's secrets masked, and hidden by the
 * writer in every line too (whatever field or case they turn up in). With --show-secrets
 * each proxy as sent once its token, key and URLs pass the check of values from the
 * service; one that does not stays masked, and a warning says why.
 */
export function secretsAsAsked(out: Output, answer: NetworkClients, show: boolean): NetworkClients {
  if (!show) {
    for (const secret of clientSecrets(answer)) out.hide(secret);
    return maskClientSecrets(answer);
  }
  if (!answer.clients) return answer;
  return {
    ...answer,
    clients: answer.clients.map((client) => {
      if (!client.proxy_client) return client;
      try {
        checkProxy(client.proxy_client);
        return client;
      } catch (error) {
        out.warn(`the proxy of client ${client.client_id ?? '?'} stays masked: ${(error as Error).message}`);
        return { ...client, proxy_client: maskProxy(client.proxy_client) };
      }
    }),
  };
}
