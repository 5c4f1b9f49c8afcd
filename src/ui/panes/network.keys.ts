// Keys of the network pane (see src/ui/keymap.ts for how bindings work).
import type { Binding } from '../keymap.ts';

export const networkKeys: Binding[] = [];
