// GET /network/peers (server: model/peer_model.go GetNetworkPeersForSession, PEERS.md): the
// network's connected top-level clients, and disconnect markers for those that left in the
// last 5 minutes. A live read, not cached. A client token sees every peer but itself, and
// only when it is an active top-level client ("Not allowed." otherwise, on a 200). A network
// of more than 100 clients registers no peers at all (NetworkPeersEnabled): its list is
// empty however many are connected, and so are the bench's big networks.
import { PROVIDE_MODE_PUBLIC } from '../../src/contract/schemas.ts';
import { deviceName, type World } from '../world/index.ts';
import type { Caller } from './caller.ts';
import { activeClientsOf, clientIndex, isActive, recordOf } from './fleet.ts';

/** The server's LimitTopLevelClientIdsPerNetwork: past it a network has no peer registry. */
export const PEERS_CLIENT_LIMIT = 100;
/** The server's NetworkPeerDisconnectedWindow: how long a disconnect marker is listed. */
export const DISCONNECTED_WINDOW_MS = 5 * 60_000;
const NOT_ALLOWED = 'Not allowed.';

/** A client on another client's device (`source_client_id`) is no peer: only top-level ones are. */
const isTopLevel = (world: World, i: number) => !recordOf(world, i)?.sourceClientId;

/** When client i last disconnected, as its track has it (untracked clients: unknown). */
function lastDisconnect(world: World, i: number): number | undefined {
  const events = world.tracks.get(i)?.events ?? [];
  for (let k = events.length - 1; k >= 0; k--) if (!events[k].connected) return events[k].time;
  return undefined;
}

function peerOf(world: World, i: number) {
  const record = recordOf(world, i);
  const device = record?.device ?? i;
  const spec = world.fleet.specs.get(device);
  return {
    client_id: world.providers.ids.id(i),
    ...(world.providers.mode[i] === PROVIDE_MODE_PUBLIC ? { provide_modes: [PROVIDE_MODE_PUBLIC] } : {}),
    ...(record?.principal ? { principal: record.principal } : {}),
    ...(record?.roles ? { roles: record.roles } : {}),
    device_name: deviceName(world, device),
    ...(spec ? { device_spec: spec } : {}),
  };
}

export function networkPeers(world: World, network: number, caller: Caller, now: number) {
  let self = -1;
  if (caller.clientId) {
    self = clientIndex(world, caller.clientId);
    const allowed =
      self >= 0 &&
      world.providers.network[self] === network &&
      isActive(world, self) &&
      isTopLevel(world, self);
    // Peers stay unset on that path of the server: `null`.
    if (!allowed) return { peers: null, disconnected_count: 0, error: { message: NOT_ALLOWED } };
  }
  const clients = activeClientsOf(world, network).filter((i) => isTopLevel(world, i));
  if (clients.length > PEERS_CLIENT_LIMIT) return { peers: [], disconnected_count: 0 };
  const peers = [];
  const disconnected = [];
  for (const i of clients) {
    if (i === self) continue;
    if (world.providers.connected[i] === 1) {
      peers.push(peerOf(world, i));
      continue;
    }
    const at = lastDisconnect(world, i);
    if (at !== undefined && now - at <= DISCONNECTED_WINDOW_MS)
      disconnected.push({
        client_id: world.providers.ids.id(i),
        disconnect_time: new Date(at).toISOString(),
      });
  }
  return {
    peers,
    ...(disconnected.length ? { disconnected } : {}),
    disconnected_count: disconnected.length,
  };
}
