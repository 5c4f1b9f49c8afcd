// Hosted proxies (issue 34; docs/service-notes.md "Hosted proxies"): auth-client's
// `proxy_config` makes one for the new client, as the server does (2c9e92b4:
// model/network_client_model.go AuthNetworkClient, model/network_client_proxy_model.go
// CreateProxyClient, SignProxyId). What the proxy servers of simulator/proxy ask is here
// too: whether a token is a live proxy and whether a caller may use it.
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { BUSINESS_TEXT, lockIpError, REFUSALS_AS_500 } from '../../src/contract/messages.ts';
import type { ProxyConfigRequest } from '../../src/contract/schemas.ts';
import type { LockSubnet, ProxyRecord, World } from '../world/index.ts';
import { base32hex } from './api-keys.ts';
import { SimError } from './errors.ts';
import { goTime } from './go-time.ts';
import { callerLock, parseLock } from './ip-locks.ts';
import { ownString } from './limits.ts';

/** Where the simulator's proxies listen (createSimulator starts them): what proxy_config_result names. */
export interface ProxyService {
  /** `proxy_host`: `localhost`, or the name the simulator was started under; never an IP */
  readonly host: string;
  readonly httpPort: number;
  readonly socksPort: number;
  /** the HTTPS proxy's port: it refuses, naming the HTTP and SOCKS URLs (simulator/proxy/https-refusal.ts) */
  readonly httpsPort: number;
  /** the simulator's own API: `api_base_url` */
  readonly apiUrl: string;
}

/** (choice) The block every proxy of the simulator is in (the service draws a host and a block from its proxy.yml). */
const BLOCK = 'sim';
/**
 * (choice) The WireGuard port the configurations name: WireGuard's own. Nothing of the
 * simulator listens there: it carries no WireGuard traffic.
 */
export const WG_PORT = 51820;
/** (choice) Proxies a network may have, whatever their clients' state: the simulator's memory stays bounded. */
const MAX_PROXIES_PER_NETWORK = 1000;

/** The deployment's WireGuard key pair: one for every proxy (the service's proxy.yml wg.public_key). */
export const newWgServerKey = () => x25519KeyPair().publicKey;

/** An X25519 key pair in standard base64, as `wg genkey` / `wg pubkey` write them (node:crypto: real, clamped keys). */
function x25519KeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  // The raw key is the last 32 bytes of its DER (PKCS #8, SPKI).
  const raw = (der: Buffer) => der.subarray(der.length - 32).toString('base64');
  return {
    privateKey: raw(privateKey.export({ format: 'der', type: 'pkcs8' })),
    publicKey: raw(publicKey.export({ format: 'der', type: 'spki' })),
  };
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The key proxy ids are signed with: the simulator's secret, never the public seed. */
export const proxySigningKey = (secret: Uint8Array, seed: number) =>
  createHmac('sha256', secret).update(`netdeck proxy ids, seed ${seed}`).digest();

/**
 * The signed proxy id, the proxy's token (server: SignProxyId): base32hex, unpadded, upper
 * case, of the id's 16 bytes and their HMAC-SHA1: 58 characters, one DNS label.
 */
function signProxyId(key: Uint8Array, proxyId: string): string {
  const id = uuidBytes(proxyId);
  return base32hex(Buffer.concat([id, createHmac('sha1', key).update(id).digest()]));
}

const BASE32HEX_VALUE = new Map([...'0123456789ABCDEFGHIJKLMNOPQRSTUV'].map((char, value) => [char, value]));

/** The proxy id of a token, in any case (server: ParseSignedProxyId upper-cases first), or undefined. */
export function parseProxyToken(key: Uint8Array, token: string): string | undefined {
  const text = token.toUpperCase();
  if (text.length !== 58) return undefined;
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text) {
    const digit = BASE32HEX_VALUE.get(char);
    if (digit === undefined) return undefined;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const all = Buffer.from(bytes);
  const id = all.subarray(0, 16);
  const signature = createHmac('sha1', key).update(id).digest();
  return all.length === 36 && signature.equals(all.subarray(16)) ? uuidText(id) : undefined;
}

/** A country of the world by its code (server: GetConnectLocationForCountryCode: lower case, `""` is none). */
function countryPlace(world: World, code: string) {
  const { geo } = world;
  const c = code === '' ? -1 : geo.countryCode.indexOf(code.toLowerCase());
  if (c < 0) return undefined;
  return { country_code: geo.countryCode[c], country: geo.countryName[c], region: '', city: '' };
}

/**
 * The place a location id of the world names: the service's proxy connects to providers in
 * the location its id names, so the caller's address through it is there, whatever names
 * the location object carries beside the id (the server's own MCP sends an id and a name).
 */
function placeOfLocationId(world: World, id: string | null | undefined) {
  const { geo } = world;
  const hit = id ? geo.byId.get(id) : undefined;
  if (!hit || hit.kind === 'group') return undefined;
  const city = hit.kind === 'city' ? hit.index : -1;
  const region = city >= 0 ? geo.cityRegion[city] : hit.kind === 'region' ? hit.index : -1;
  const country = region >= 0 ? geo.regionCountry[region] : hit.index;
  return {
    country_code: geo.countryCode[country],
    country: geo.countryName[country],
    region: region >= 0 ? geo.regionName[region] : '',
    city: city >= 0 ? geo.cityName[city] : '',
  };
}

/** A free WireGuard address of the block (server: the proxy_client_ipv4 pool, private ranges less common LAN subnets). */
function clientIpv4(world: World): string {
  const taken = new Set<string>();
  for (const proxy of world.proxies.byId.values()) {
    const wg = proxy.stored.wg_config as { client_ipv4?: string } | null;
    if (wg?.client_ipv4) taken.add(wg.client_ipv4);
  }
  const rng = world.proxyRng;
  for (;;) {
    // 10.1.0.0 - 10.254.255.255: 10.0.0.0/24 and the rest of 10.0/16 are common LAN subnets.
    const address = `10.${1 + rng.int(254)}.${rng.int(256)}.${1 + rng.int(254)}`;
    if (!taken.has(address)) return address;
  }
}

/** A wg-quick file exactly as the service writes it (no trailing newline). */
const wgQuickConfig = (privateKey: string, address: string, serverKey: string, endpoint: string) =>
  [
    '[Interface]',
    `PrivateKey = ${privateKey}`,
    `Address = ${address}/32`,
    'DNS = 1.1.1.1',
    '',
    '[Peer]',
    `PublicKey = ${serverKey}`,
    `Endpoint = ${endpoint}`,
    'AllowedIPs = 0.0.0.0/0',
    'PersistentKeepalive = 25',
  ].join('\n');

export interface ProxyContext {
  /** the caller's address (lock_caller_ip) */
  address?: string;
  /** where the proxies listen; none: the service's `No proxy hosts available` */
  service?: ProxyService;
  /** signs proxy ids */
  key: Uint8Array;
  /** the deployment's WireGuard public key */
  wgServerKey: string;
  now: number;
}

/**
 * Makes client i's proxy (server: AuthNetworkClient after the client is made): the locks
 * (a bad entry is a 500: the client stays, its token is not sent), then the place (`error`
 * beside the token when there is none), then the proxy. Returns what the answer adds.
 */
export function makeProxy(
  world: World,
  client: number,
  network: number,
  config: ProxyConfigRequest,
  context: ProxyContext,
): { proxy_config_result: object } | { error: { client_limit_exceeded: false; message: string } } {
  const locks: LockSubnet[] = [];
  if (config.lock_caller_ip) {
    const own = context.address === undefined ? undefined : callerLock(context.address);
    if (!own) throw new SimError(500, REFUSALS_AS_500.lockCallerIp);
    locks.push(own);
  }
  for (const entry of config.lock_ip_list ?? []) {
    const lock = parseLock(entry);
    if (!lock) throw new SimError(500, lockIpError(ownString(entry)));
    locks.push({ ...lock, address: ownString(lock.address) });
  }
  const state = config.initial_device_state ?? {};
  const location = state.location;
  const place = location
    ? (placeOfLocationId(world, location.connect_location_id?.location_id) ?? {
        country_code: ownString((location.country_code ?? '').toLowerCase()),
        country: ownString(location.country ?? ''),
        region: ownString(location.region ?? ''),
        city: ownString(location.city ?? ''),
      })
    : countryPlace(world, state.country_code ?? '');
  const refusal = (message: string) => ({ error: { client_limit_exceeded: false as const, message } });
  if (!place) return refusal(BUSINESS_TEXT.invalidLocation);
  const { service } = context;
  let count = 0;
  for (const proxy of world.proxies.byId.values()) if (proxy.network === network) count++;
  // No proxy host (an engine without proxies), or past the simulator's bound: the service's words.
  if (!service || count >= MAX_PROXIES_PER_NETWORK) return refusal(BUSINESS_TEXT.proxyNotCreated);

  const rng = world.proxyRng;
  const proxyId = rng.uuid();
  const token = signProxyId(context.key, proxyId);
  const { host } = service;
  const wg = config.enable_wg ? x25519KeyPair() : undefined;
  const wgAddress = wg ? clientIpv4(world) : '';
  const stored = {
    create_time: goTime(context.now),
    proxy_id: proxyId,
    client_id: world.providers.ids.id(client),
    instance_id: rng.uuid(),
    socks_proxy_url: `socks5h://${host}:${service.socksPort}`,
    http_proxy_url: `http://${host}:${service.httpPort}`,
    https_proxy_url: config.https_require_auth
      ? `https://${host}:${service.httpsPort}`
      : `https://${token.toLowerCase()}.${host}:${service.httpsPort}`,
    api_base_url: service.apiUrl,
    auth_token: token,
    proxy_host: host,
    block: BLOCK,
    http_proxy_port: service.httpPort,
    https_proxy_port: service.httpsPort,
    socks_proxy_port: service.socksPort,
    api_port: Number(new URL(service.apiUrl).port),
    wg_config: wg
      ? {
          wg_proxy_port: WG_PORT,
          client_private_key: wg.privateKey,
          client_public_key: wg.publicKey,
          proxy_public_key: context.wgServerKey,
          client_ipv4: wgAddress,
          config: wgQuickConfig(wg.privateKey, wgAddress, context.wgServerKey, `${host}:${WG_PORT}`),
        }
      : null,
  };
  const record: ProxyRecord = {
    proxyId,
    client,
    network,
    stored,
    changeId: ++world.proxies.changes,
    lockSubnets: locks,
    place,
  };
  world.proxies.byId.set(proxyId, record);
  world.proxies.byClient.set(client, record);
  world.version++;
  return { proxy_config_result: { keepalive_seconds: 0, change_id: record.changeId, ...stored } };
}
