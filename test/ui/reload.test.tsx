// `r` reloads everything a pane draws: in Devices and My providers the network's clients
// (the device names) as well as the pane's own list.
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** Renames, as `netdeck devices set-name` would, a device of the network that provides. */
async function renameElsewhere(a: Rendered, name: string): Promise<void> {
  const provider = a.stores.myProviders.getState().data?.providers?.find((p) => p.client_id);
  const client = a.stores.clients.getState().data?.clients?.find((c) => c.client_id === provider?.client_id);
  expect(client?.device_id).toBeDefined();
  await a.client.setDeviceName({ device_id: client!.device_id, device_name: name });
}

describe('r reloads every store the pane draws', () => {
  it('in Devices and in My providers a name set elsewhere shows at once', async () => {
    app = await renderApp({ cols: 160, rows: 60, pane: 'devices', sim: { era: 'current' } });
    await app.loaded();
    await renameElsewhere(app, 'renamed in devices');
    await app.press('r');
    await app.waitFor('renamed in devices');

    await app.press('4');
    await app.waitFor('renamed in devices');
    await renameElsewhere(app, 'renamed in mine');
    await app.press('r');
    await app.waitFor('renamed in mine');
  });
});
