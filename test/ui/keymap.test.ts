import { describe, expect, it } from 'vitest';
import { fitHints, footerBindings } from '../../src/ui/frame/footer.tsx';
import { helpLines } from '../../src/ui/frame/help-overlay.tsx';
import { bindingFor } from '../../src/ui/input/dispatcher.tsx';
import type { Binding } from '../../src/ui/keys/bindings.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { globalTable, keymap } from '../../src/ui/keys/keymap.ts';
import { keymapConflicts, remapKeys } from '../../src/ui/keys/remap.ts';
import { paneById } from '../../src/ui/panes/registry.ts';

describe('keymap', () => {
  it('has no key bound twice in one scope and no pane key that is also global', () => {
    expect(keymapConflicts(keymap)).toEqual([]);
  });

  it('reports both kinds of conflict', () => {
    const table: Binding[] = [
      ...globalTable,
      { scope: 'discover', keys: ['z'], action: 'one', help: '' },
      { scope: 'discover', keys: ['z'], action: 'two', help: '' },
      { scope: 'providers', keys: ['q'], action: 'clash', help: '' },
    ];
    const problems = keymapConflicts(table);
    expect(problems).toContain("'z' is bound to both discover.one and discover.two");
    expect(problems).toContain("'q' of providers.clash is the global key of quit");
  });

  it('a remap with a clash, an unknown action and a bad key names all three at once', () => {
    const { problems } = remapKeys(keymap, {
      'devices.share': ['a'],
      'devices.nothing': ['z'],
      'devices.qr': ['F12'],
    });
    expect(problems).toEqual([
      'no action "devices.nothing"',
      expect.stringMatching(/^devices.qr: "F12" is not a key/),
      "'a' is bound to both devices.addCode and devices.share",
    ]);
  });

  it('has every global key design.md lists', () => {
    for (const key of [
      '1',
      '6',
      'tab',
      'shift-tab',
      '?',
      'q',
      'ctrl-c',
      'r',
      '/',
      'esc',
      'j',
      'k',
      'up',
      'down',
      'g',
      'G',
      'home',
      'end',
      'pgup',
      'pgdn',
      'enter',
      'space',
    ])
      expect(bindingFor(keymap, 'global', key), key).toBeDefined();
  });

  it('footer hints come from the table and keep help and quit when space is short', () => {
    const hints = fitHints(footerBindings(paneById('discover')), 40);
    expect(hints.join('  ').length).toBeLessThanOrEqual(40);
    expect(hints).toContain('? help');
    expect(hints.some((h) => h.startsWith('q/ctrl-c'))).toBe(true);
  });

  it('the footer says the global keys in short words, so a 120-column Discover offers sort too', () => {
    const hints = fitHints(footerBindings(paneById('discover')), 118);
    expect(hints).toEqual(expect.arrayContaining(['/ search', 'o sort', 'r refresh', '? help']));
    // The help and the palette keep the whole words.
    expect(bindingFor(keymap, 'global', 'o')?.help).toBe(
      'sort by a column: its letter next, or again for the next column',
    );
  });

  it('help lists every binding, grouped by scope, the active pane after the global keys', () => {
    const lines = helpLines(paneById('providers'), keymap, keyNamesOf(keymap));
    const titles = lines.filter((l) => l.kind === 'title' && l.text).map((l) => l.text);
    expect(titles.slice(0, 3)).toEqual(['Everywhere', 'Pane Providers', 'Pane Discover']);
    // Dialogs by what people read, never by their ids.
    expect(titles.at(-1)).not.toMatch(/Dialog: |[a-z][A-Z]/);
    expect(titles).toContain('Sharing a device (Devices, s)');
    expect(lines.filter((l) => l.kind === 'binding')).toHaveLength(keymap.length);
  });
});
