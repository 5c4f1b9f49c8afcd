import { describe, expect, it } from 'vitest';
import { fitHints, footerBindings } from '../../src/ui/frame/Footer.tsx';
import { helpLines } from '../../src/ui/frame/HelpOverlay.tsx';
import { type Binding, bindingFor, globalKeys, keymap, keymapConflicts } from '../../src/ui/keymap.ts';

describe('keymap', () => {
  it('has no key bound twice in one scope and no pane key that is also global', () => {
    expect(keymapConflicts()).toEqual([]);
  });

  it('reports both kinds of conflict', () => {
    const table: Binding[] = [
      ...globalKeys,
      { scope: 'discover', keys: ['z'], action: 'one', help: '' },
      { scope: 'discover', keys: ['z'], action: 'two', help: '' },
      { scope: 'providers', keys: ['q'], action: 'clash', help: '' },
    ];
    const problems = keymapConflicts(table);
    expect(problems).toContain("discover: 'z' is bound to both one and two");
    expect(problems).toContain("providers: 'q' (clash) is already a global key");
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
      'pgup',
      'pgdn',
      'enter',
      'space',
    ])
      expect(bindingFor('global', key), key).toBeDefined();
  });

  it('footer hints come from the table and keep help and quit when space is short', () => {
    const hints = fitHints(footerBindings('discover'), 40);
    expect(hints.join('  ').length).toBeLessThanOrEqual(40);
    expect(hints).toContain('? help: all keys');
    expect(hints.some((h) => h.startsWith('q/ctrl-c'))).toBe(true);
  });

  it('help lists every binding, grouped by scope, the active pane after the global keys', () => {
    const lines = helpLines('providers');
    const titles = lines.filter((l) => l.kind === 'title' && l.text).map((l) => l.text);
    expect(titles.slice(0, 3)).toEqual(['Everywhere', 'Pane Providers', 'Pane Discover']);
    expect(titles.at(-1)).toMatch(/^Dialog: /);
    expect(lines.filter((l) => l.kind === 'binding')).toHaveLength(keymap.length);
  });
});
