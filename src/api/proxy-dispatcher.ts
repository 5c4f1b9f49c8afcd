// A dispatcher that sends the client's requests through a hosted proxy's HTTP URL (issue
// 34: `netdeck ip --via`), the proxy's token as the Basic user name, as the service's
// proxies take it. Loaded only by what asks through a proxy: undici's proxy agent is not
// part of every start (src/api/undici.ts).
import type { Dispatcher } from 'undici';

/** The proxy's HTTP URL (`http://HOST:PORT`, no credentials) and its token. */
export async function proxyDispatcher(httpProxyUrl: string, token: string): Promise<Dispatcher> {
  const { default: ProxyAgent } = await import('undici/lib/dispatcher/proxy-agent.js');
  return new ProxyAgent({
    uri: httpProxyUrl,
    token: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
  });
}
