// --show-secrets, for the commands that list what holds a secret the service keeps in the
// clear (a hosted proxy's token and WireGuard private key, a balance code): masked unless
// asked, and even then hidden from everything but the data itself (notes and errors).
import { clientSecrets, maskClientSecrets } from '../../api/proxy-secrets.ts';
import type { NetworkClients } from '../../contract/schemas.ts';
import type { Output } from '../output/writer.ts';

export const SHOW_SECRETS_HELP =
  "show hosted proxies' tokens and WireGuard private keys (and balance codes) in full; masked otherwise";

export interface SecretsOption {
  showSecrets?: boolean;
}

/**
 * The clients answer as it is printed: every proxy's secrets masked, and hidden by the
 * writer in every line too (whatever field or case they turn up in); with --show-secrets
 * the answer as sent.
 */
export function secretsAsAsked(out: Output, answer: NetworkClients, show: boolean): NetworkClients {
  if (show) return answer;
  for (const secret of clientSecrets(answer)) out.hide(secret);
  return maskClientSecrets(answer);
}
