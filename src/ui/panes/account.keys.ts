// Keys of the account pane (see src/ui/keymap.ts for how bindings work).
import type { Binding } from '../keymap.ts';

export const accountKeys: Binding[] = [];
