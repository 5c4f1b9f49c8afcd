// Keys of the myProviders pane (see src/ui/keymap.ts for how bindings work).
import type { Binding } from '../keymap.ts';

export const myProvidersKeys: Binding[] = [];
