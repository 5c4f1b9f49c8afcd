// Sentences name keys through one object (src/ui/keys/key-names.ts), built from the key
// table the console runs on: the user's keys, never the defaults once remapped. Which
// actions a sentence may name the compiler checks (KeyNames has exactly the table's).
import { describe, expect, it } from 'vitest';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { actionName, remapKeys } from '../../src/ui/keys/remap.ts';

describe('key names', () => {
  it('names the default key of an action, by the names the configuration uses', () => {
    const keys = keyNamesOf(keymap);
    expect(keys.refresh).toBe('r');
    expect(keys['devices.staleView']).toBe('O');
    expect(keys.login).toBe('L');
    expect(keys['discover.expand']).toBe('→');
    expect(Object.keys(keys).sort()).toEqual(keymap.map(actionName).sort());
  });

  it("names the user's key once remapped, and says so for an action left without one", () => {
    const { table } = remapKeys(keymap, { refresh: ['R'], 'discover.send': ['S', 'p'], 'devices.qr': [] });
    const keys = keyNamesOf(table);
    expect(keys.refresh).toBe('R');
    expect(keys['discover.send']).toBe('S');
    expect(keys['devices.qr']).toBe('(devices.qr: no key)');
  });
});
