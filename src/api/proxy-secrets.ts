// A hosted proxy's secrets (issue 34), kept out of every list of the network's clients.
// The service lists a proxy client with its proxy as it stored it: the token the proxies
// take (`auth_token`, and lower-cased as the first host label of `https_proxy_url`) and
// the WireGuard private key (`client_private_key`, and the `PrivateKey` line of `config`).
// Anyone holding the token sends traffic as the network, so `clients`, `watch`, the event
// log and Devices show them masked; only what makes or lists proxies on request shows them.
import type { NetworkClient, NetworkClients, ProxyClient, WgConfig } from '../contract/schemas.ts';
import { maskToken } from './auth.ts';

/** A client the service made for a hosted proxy: never a provider, never stale. */
export const isProxyClient = (client: NetworkClient | undefined): boolean => Boolean(client?.proxy_client);

/** The HTTPS URL with its first host label (the token, when it carries one) hidden. */
function maskHttpsUrl(url: string | undefined, token: string | undefined): string | undefined {
  if (!url || !token) return url;
  return url.replace(/^(https:\/\/)([^./:]+)\./i, (whole, scheme: string, label: string) =>
    label.toUpperCase() === token.toUpperCase() ? `${scheme}***.` : whole,
  );
}

/** A wg-quick file with the value of its `PrivateKey` line masked. */
export const maskWgFile = (config: string): string =>
  config.replace(
    /^(\s*PrivateKey\s*=\s*)(\S+)/gim,
    (_, lead: string, key: string) => `${lead}${maskToken(key)}`,
  );

function maskWg(wg: WgConfig | null | undefined): WgConfig | null | undefined {
  if (!wg) return wg;
  return {
    ...wg,
    ...(wg.client_private_key ? { client_private_key: maskToken(wg.client_private_key) } : {}),
    ...(wg.config ? { config: maskWgFile(wg.config) } : {}),
  };
}

/** The proxy with its token and private key masked; its URLs, ports and public keys as sent. */
export function maskProxy<P extends ProxyClient>(proxy: P): P {
  const token = proxy.auth_token;
  return {
    ...proxy,
    ...(token ? { auth_token: maskToken(token) } : {}),
    ...(proxy.https_proxy_url ? { https_proxy_url: maskHttpsUrl(proxy.https_proxy_url, token) } : {}),
    ...(proxy.wg_config ? { wg_config: maskWg(proxy.wg_config) } : {}),
  };
}

/** The clients answer with every proxy's secrets masked (the same object when it has no proxy). */
export function maskClientSecrets(answer: NetworkClients): NetworkClients {
  if (!answer.clients?.some(isProxyClient)) return answer;
  return {
    ...answer,
    clients: answer.clients.map((c) =>
      c.proxy_client ? { ...c, proxy_client: maskProxy(c.proxy_client) } : c,
    ),
  };
}

/**
 * The secrets of a proxy as they may appear in a text: the token as sent and lower-cased
 * (the HTTPS URL's form), the private key. For the writer's last line of defence.
 */
export function proxySecrets(proxy: ProxyClient | null | undefined): string[] {
  const token = proxy?.auth_token;
  const key = proxy?.wg_config?.client_private_key;
  return [...(token ? [token, token.toLowerCase(), token.toUpperCase()] : []), ...(key ? [key] : [])];
}

/** Every proxy secret in a clients answer. */
export const clientSecrets = (answer: NetworkClients | undefined): string[] =>
  (answer?.clients ?? []).flatMap((c) => proxySecrets(c.proxy_client));
