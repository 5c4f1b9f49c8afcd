// GET /network/clients and POST /device/set-name, engine only.
import { describe, expect, it } from 'vitest';
import type { SimError } from '../../../simulator/engine/index.ts';
import { rig } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the network clients', () => {
  it('lists the demo network own devices with names, device ids, mode 3 or none, connections', () => {
    const { engine, demo } = rig({ era: 'current' });
    const { clients } = engine.handle('networkClients', undefined, demo);
    const own = engine.world.networkProviders.get(0)!;
    expect(clients).toHaveLength(own.length);
    const p = engine.world.providers;
    for (const [k, client] of clients!.entries()) {
      const i = own[k];
      expect(client.client_id).toBe(p.ids.id(i));
      expect(client.device_id).toMatch(UUID);
      expect(client.device_id).not.toBe(client.client_id);
      expect(client.network_id).toBe('00000000-0000-0000-0000-000000000000');
      expect(client.device_name).toMatch(/\S/);
      if (p.mode[i] === 3) expect(client.provide_mode).toBe(3);
      else expect(client).not.toHaveProperty('provide_mode');
      // Its open connections: one, or two while a reconnect overlaps the old one.
      if (p.connected[i]) {
        expect(client.connections?.length).toBeGreaterThanOrEqual(1);
        for (const connection of client.connections!)
          expect(connection).toMatchObject({ client_id: client.client_id, connection_service: 'connect' });
      } else expect(client).not.toHaveProperty('connections');
    }
    expect(new Set(clients!.map((c) => c.device_id)).size).toBe(clients!.length);
  });

  it('answers clients: null for a network without clients', () => {
    const { engine } = rig({ era: 'current' });
    const empty = engine.ensureNetwork('empty-net');
    expect(
      engine.handle('networkClients', undefined, { networkId: empty.id, networkName: empty.name }),
    ).toEqual({
      clients: null,
    });
  });

  it('renames a device by its device id, only in its own network, names kept to 256 characters', () => {
    const { engine, demo } = rig({ era: 'current' });
    const [first] = engine.handle('networkClients', undefined, demo).clients!;
    expect(
      engine.handle('setDeviceName', { device_id: first.device_id, device_name: 'Attic router' }, demo),
    ).toEqual({});
    const renamed = engine
      .handle('networkClients', undefined, demo)
      .clients!.find((c) => c.client_id === first.client_id);
    expect(renamed?.device_name).toBe('Attic router');
    const missing = { error: { message: 'Device does not exist.' } };
    // A client id is not a device id.
    expect(engine.handle('setDeviceName', { device_id: first.client_id, device_name: 'x' }, demo)).toEqual(
      missing,
    );
    const other = engine.ensureNetwork('other-net');
    expect(
      engine.handle(
        'setDeviceName',
        { device_id: first.device_id, device_name: 'x' },
        { networkId: other.id, networkName: other.name },
      ),
    ).toEqual(missing);
    engine.handle('setDeviceName', { device_id: first.device_id, device_name: 'y'.repeat(5000) }, demo);
    expect(engine.handle('networkClients', undefined, demo).clients![0].device_name).toBe('y'.repeat(256));
  });

  it('has no set-name in the seed era (404)', () => {
    const { engine, demo } = rig({ era: 'seed' });
    let status: number | undefined;
    try {
      engine.handle('setDeviceName', { device_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }, demo);
    } catch (error) {
      status = (error as SimError).status;
    }
    expect(status).toBe(404);
  });
});
