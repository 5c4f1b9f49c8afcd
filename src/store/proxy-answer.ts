// What netdeck takes from a hosted proxy the service made or listed, before it prints,
// copies or stores any of it: every token, key and URL passes the one check of values from
// the service (checkFromService); then the URLs a client uses (the token as the user name,
// ready for `curl -x`) and the shell line that sets them.
import { checkFromService } from '../api/auth.ts';
import type { ProxyClient } from '../contract/schemas.ts';

/** A proxy's usable parts, checked. Absent: the service sent none (SOCKS off, no WireGuard). */
export interface CheckedProxy {
  token: string;
  /** `http://TOKEN@HOST:PORT` */
  http?: string;
  /** `socks5h://TOKEN@HOST:PORT` */
  socks?: string;
  /** as sent: `https://<token>.HOST:PORT` (or without the token, when it wants Proxy-Authorization) */
  https?: string;
  /** the wg-quick file, when the proxy has WireGuard */
  wgConfig?: string;
  host?: string;
}

/** `http://HOST:PORT` with `token` as its user name (the proxies ignore the password). */
export function urlWithToken(url: string, token: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)/i, `$1${token}@`);
}

/** A wg-quick file from the service: each of its words passes the check (the lines are netdeck's to join). */
function checkWgFile(config: string): string {
  const lines = config.split('\n');
  for (const line of lines)
    for (const word of line.split(/[ =]+/).filter(Boolean))
      checkFromService(word, 'a WireGuard configuration');
  return lines.join('\n');
}

/** The proxy's parts, each checked; throws (saying nothing was printed or kept) on one that is not usable. */
export function checkProxy(proxy: ProxyClient): CheckedProxy {
  const token = checkFromService(proxy.auth_token, "a proxy's token");
  const url = (value: string | undefined, what: string) =>
    value ? checkFromService(value, what) : undefined;
  const http = url(proxy.http_proxy_url, "a proxy's HTTP URL");
  const socks = url(proxy.socks_proxy_url, "a proxy's SOCKS URL");
  const wg = proxy.wg_config;
  if (wg?.client_private_key) checkFromService(wg.client_private_key, 'a WireGuard private key');
  return {
    token,
    http: http && urlWithToken(http, token),
    socks: socks && urlWithToken(socks, token),
    https: url(proxy.https_proxy_url, "a proxy's HTTPS URL"),
    wgConfig: wg?.config ? checkWgFile(wg.config) : undefined,
    host: url(proxy.proxy_host, "a proxy's host"),
  };
}

/** `export HTTPS_PROXY=http://TOKEN@… ALL_PROXY=socks5h://TOKEN@…` (ALL_PROXY the HTTP one without SOCKS). */
export function exportLine(proxy: CheckedProxy): string | undefined {
  if (!proxy.http && !proxy.socks) return undefined;
  const https = proxy.http ?? proxy.socks;
  return `export HTTPS_PROXY=${https} ALL_PROXY=${proxy.socks ?? proxy.http}`;
}

/** A proxy host on this machine: the simulator's (the real service's proxies are never loopback). */
export const isLocalProxyHost = (host: string | undefined): boolean =>
  !!host && /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i.test(host.replace(/\.$/, ''));
