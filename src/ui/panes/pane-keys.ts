// Each pane's bindings (its own scope and its dialogs'), by pane id and apart from React:
// the key table (src/ui/keymap.ts) is put together from these, and the configuration's
// check of remapped keys (src/cli/profile/config.ts) reads it long before Ink loads. A pane
// of the list (list.ts) without an entry here does not compile.
import type { Binding } from '../input/bindings.ts';
import { accountKeys } from './account/keys.ts';
import { devicesKeys } from './devices/keys.ts';
import { discoverKeys } from './discover/keys.ts';
import { earningsKeys } from './earnings/keys.ts';
import type { PaneId } from './list.ts';
import { myProvidersKeys } from './my-providers/keys.ts';
import { networkKeys } from './network/keys.ts';
import { providersKeys } from './providers/keys.ts';

export const PANE_KEYS: { readonly [Id in PaneId]: readonly Binding[] } = {
  discover: discoverKeys,
  providers: providersKeys,
  devices: devicesKeys,
  myProviders: myProvidersKeys,
  network: networkKeys,
  account: accountKeys,
  earnings: earningsKeys,
};
