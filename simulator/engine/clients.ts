// GET /network/clients and POST /device/set-name (reference behaviour, "The network's
// clients"): the caller network's clients with their device ids and names, provide mode
// 3 or absent, and their open connection; device names changed by device id.
import { BUSINESS_TEXT } from '../../src/contract/messages.ts';
import { PROVIDE_MODE_PUBLIC, ZERO_UUID } from '../../src/contract/schemas.ts';
import { deviceName, providersOf, type World } from '../world/index.ts';
import { hash2, uuidOf } from '../world/prng.ts';
import { activeClientsOf, createdAtOf, descriptionOf, recordOf } from './fleet.ts';
import { boundedName } from './limits.ts';
import { openAt, startTrack } from './tracks.ts';

const DEVICE_KEY = 0x6465_7669;
const CONNECTION_KEY = 0x636f_6e6e;

/** The device id of client i (of the client whose device it runs on): derived, stable for a seed. */
export function deviceIdOf(world: World, i: number): string {
  const h = hash2(world.seed ^ DEVICE_KEY, recordOf(world, i)?.device ?? i);
  return uuidOf(h, hash2(h, 1), hash2(h, 2), hash2(h, 3));
}

/** Provider i's open connections, as its track has them (the ones its uptime counts). */
function connectionsOf(world: World, i: number) {
  const h = hash2(world.seed ^ CONNECTION_KEY, i);
  const clientId = world.providers.ids.id(i);
  return openAt(startTrack(world, i, world.lastTick)).map((connectTime) => {
    const k = hash2(h, connectTime / 1000);
    return {
      client_id: clientId,
      connection_id: uuidOf(k, hash2(k, 1), hash2(k, 2), hash2(k, 3)),
      connect_time: new Date(connectTime).toISOString(),
      connection_host: `10.${(k >>> 8) & 255}.${(k >>> 16) & 255}.${k & 255}`,
      connection_service: 'connect',
      connection_block: `g${k % 4}`,
    };
  });
}

/**
 * `clients: null` for a network without clients (Go's nil slice), as the service sends.
 * Removed clients are left out; a client on another's device (`source_client_id`) shows
 * that device's id and name.
 */
export function networkClients(world: World, network: number) {
  const p = world.providers;
  const own = activeClientsOf(world, network);
  if (own.length === 0) return { clients: null };
  return {
    clients: own.map((i) => {
      const record = recordOf(world, i);
      const device = record?.device ?? i;
      const created = new Date(createdAtOf(world, i)).toISOString();
      return {
        client_id: p.ids.id(i),
        ...(record?.sourceClientId ? { source_client_id: record.sourceClientId } : {}),
        device_id: deviceIdOf(world, device),
        // The service's query does not read it: always the zero id.
        network_id: ZERO_UUID,
        description: descriptionOf(world, i),
        device_name: deviceName(world, device),
        device_spec: world.fleet.specs.get(device) ?? '',
        create_time: created,
        auth_time: record ? new Date(record.authAt).toISOString() : created,
        ...(record?.roles ? { roles: record.roles } : {}),
        ...(record?.principal ? { principal: record.principal } : {}),
        ...(p.mode[i] === PROVIDE_MODE_PUBLIC ? { provide_mode: PROVIDE_MODE_PUBLIC } : {}),
        // Issue 34: a proxy's client lists its proxy as stored, token and private key unmasked.
        ...(world.proxies.byClient.has(i) ? { proxy_client: world.proxies.byClient.get(i)!.stored } : {}),
        ...(p.connected[i] === 1 ? { connections: connectionsOf(world, i) } : {}),
      };
    }),
  };
}

/** Renames a device of the caller network, found by its device id (current era only). */
export function setDeviceName(
  world: World,
  network: number,
  body: { device_id?: string; device_name?: string },
): Record<string, never> | { error: { message: string } } {
  const i = providersOf(world, network).find((k) => deviceIdOf(world, k) === body.device_id);
  if (i === undefined) return { error: { message: BUSINESS_TEXT.deviceMissing } };
  world.deviceNames.set(recordOf(world, i)?.device ?? i, boundedName(body.device_name ?? ''));
  world.version++;
  return {};
}
