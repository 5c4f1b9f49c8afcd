// Who may use a proxy now (issue 34): what the simulator's proxy servers ask the engine
// about a token and a caller (server: proxy/proxy_device.go ValidCaller, and the platform's
// refusal of a removed client, which stops its proxy device).
import type { ProxyRecord, World } from '../world/index.ts';
import { isActive } from './fleet.ts';
import { parseProxyToken } from './proxies.ts';

/** Whether a proxy still carries traffic: its client not removed, its network not deleted. */
export const isProxyLive = (world: World, proxy: ProxyRecord) =>
  isActive(world, proxy.client) && !world.networks.isRemoved(world.networks.ids[proxy.network]);

/** The proxy a token names (any case), if it still carries traffic. */
export function liveProxy(world: World, key: Uint8Array, token: string): ProxyRecord | undefined {
  const proxyId = parseProxyToken(key, token);
  const proxy = proxyId === undefined ? undefined : world.proxies.byId.get(proxyId);
  return proxy && isProxyLive(world, proxy) ? proxy : undefined;
}
