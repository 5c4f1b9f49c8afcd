// Devices (3): pending adoptions, shares both ways, this network's own devices, and the
// dialogs that add, share, confirm, remove and rename them.
import { PANE_TITLES } from '../titles.ts';
import { definePane } from '../types.ts';
import { Devices } from './devices-pane.tsx';
import { devicesKeys } from './keys.ts';

export const devicesPane = definePane({
  id: 'devices',
  ...PANE_TITLES.devices,
  keys: devicesKeys,
  store: 'devices',
  Component: Devices,
  count: (stores) => {
    const data = stores.devices.getState().data;
    if (!data) return undefined;
    return (
      (data.pending_adoption_devices?.length ?? 0) +
      (data.incoming_shared_devices?.length ?? 0) +
      (data.outgoing_shared_devices?.length ?? 0)
    );
  },
  onEnter: (stores) => void stores.devices.getState().refresh(),
});
