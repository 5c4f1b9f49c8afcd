// Who may use a proxy (issue 34): the prefixes of `lock_caller_ip` and `lock_ip_list`, read
// as the server reads them (model/network_client_model.go AuthNetworkClient: netip.ParseAddr,
// else netip.ParsePrefix, kept as written) and matched as its proxies match a caller
// (proxy/proxy_device.go subnetContains: a v4-mapped IPv6 caller matches a v4 prefix, and
// the other way round; node:net's BlockList does both).
import { BlockList, isIP } from 'node:net';
import type { LockSubnet } from '../world/index.ts';

const V4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** netip.ParseAddr: an IPv4 (no leading zeros) or IPv6 address; a zone (`%eth0`) is read and dropped. */
function parseAddr(text: string): LockSubnet | undefined {
  const [address, zone] = text.split('%', 2);
  const family = isIP(address);
  if (family === 4 && zone === undefined) return { address, bits: 32, family: 'ipv4' };
  if (family === 6 && zone !== '') return { address, bits: 128, family: 'ipv6' };
  return undefined;
}

/** netip.ParsePrefix: `address/bits`, no zone, the bits in decimal without leading zeros; not masked. */
function parsePrefix(text: string): LockSubnet | undefined {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return undefined;
  const address = text.slice(0, slash);
  const bitsText = text.slice(slash + 1);
  const family = address.includes('%') ? 0 : isIP(address);
  if (!family || !/^(0|[1-9]\d{0,2})$/.test(bitsText)) return undefined;
  const bits = Number(bitsText);
  if (bits > (family === 4 ? 32 : 128)) return undefined;
  return { address, bits, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** One `lock_ip_list` entry as the service reads it (an address is a /32 or /128), or undefined when neither parses. */
export const parseLock = (text: string): LockSubnet | undefined => parseAddr(text) ?? parsePrefix(text);

/** The caller's own address as a lock (`lock_caller_ip`): a v4-mapped address is its IPv4 one. */
export function callerLock(address: string): LockSubnet | undefined {
  return parseAddr(address.match(V4_MAPPED)?.[1] ?? address);
}

/** Whether `address` (a socket's remote address) is inside one of `locks`; no locks: anyone. */
export function mayUse(locks: readonly LockSubnet[], address: string | undefined): boolean {
  if (locks.length === 0) return true;
  const family = address === undefined ? 0 : isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const lock of locks) list.addSubnet(lock.address, lock.bits, lock.family);
  return list.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}
