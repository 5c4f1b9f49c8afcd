// Where the simulator's proxies may send traffic (issue 34). The service's providers drop
// packets to destinations that are not public unicast (connect: ip_security.go
// isPublicUnicast: Go's IsPrivate, IsLoopback, IsLinkLocalUnicast, IsMulticast and
// IsUnspecified ranges), and the connection just fails; the simulator's proxies refuse such
// a destination at once, in their own words, unless started to allow it
// (`--proxy-allow-local`: tests and loopback demos). Its own API is always reachable.
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [address, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['0.0.0.0', 32],
] as const)
  NOT_PUBLIC.addSubnet(address, bits, 'ipv4');
for (const [address, bits] of [
  ['fc00::', 7],
  ['::1', 128],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::', 128],
] as const)
  NOT_PUBLIC.addSubnet(address, bits, 'ipv6');

/** Whether a destination address is public unicast (a v4-mapped IPv6 address counts as its IPv4 one). */
export function isPublicUnicast(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
