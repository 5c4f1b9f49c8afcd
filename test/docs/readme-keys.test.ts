// The key tables of docs/keys.md are the key table's (src/ui/keys/keymap.ts): every key listed, none
// extra. They are written by `npm run readme-keys` (scripts/readme-keys.ts); when this
// fails after a key was added or changed, run it and look at docs/keys.md's diff.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIALOG_WORDS, KEY_WORDS, PANE_GLOBALS } from '../../scripts/readme-key-words.ts';
import { KEYS_DOC, keyTables, withKeyTables } from '../../scripts/readme-keys.ts';
import { isDialogScope } from '../../src/ui/keys/bindings.ts';
import { keyLabel, keymap } from '../../src/ui/keys/keymap.ts';
import { PANES } from '../../src/ui/panes/registry.ts';

const readme = readFileSync(KEYS_DOC, 'utf8');

describe('docs/keys.md key tables', () => {
  it('the tables are what npm run readme-keys writes', () => {
    expect(
      withKeyTables(readme) === readme,
      'docs/keys.md key tables are out of date: run npm run readme-keys',
    ).toBe(true);
  });

  it('every binding of every scope is in a table, with all its keys', () => {
    const tables = keyTables();
    for (const b of keymap) {
      if (b.action.startsWith('pane:')) continue;
      const name = isDialogScope(b.scope) ? 'dialogs' : b.scope;
      expect(tables[name], `${b.scope} ${b.action}`).toContain(
        b.keys.map((k) => `\`${keyLabel(k)}\``).join(' '),
      );
    }
    expect(tables.global).toContain(`\`1\` … \`${PANES.length}\``);
  });

  it("the longer words name only bindings there are, and a pane's own global keys are global", () => {
    const actions = new Set(keymap.map((b) => `${b.scope} ${b.action}`));
    expect(Object.keys(KEY_WORDS).filter((key) => !actions.has(key))).toEqual([]);
    const dialogs = new Set(
      keymap
        .map((b) => b.scope)
        .filter(isDialogScope)
        .map((s) => s.slice(7)),
    );
    expect(Object.keys(DIALOG_WORDS).filter((id) => !dialogs.has(id))).toEqual([]);
    const panes = new Set(PANES.map((pane) => pane.id as string));
    const globalKeys = new Set(
      keymap.filter((b) => b.scope === 'global').flatMap((b) => b.keys.map(keyLabel)),
    );
    for (const [pane, rows] of Object.entries(PANE_GLOBALS)) {
      expect(panes.has(pane), pane).toBe(true);
      for (const [keys] of rows)
        for (const key of [...keys.matchAll(/`([^`]+)`/g)].map((m) => m[1]))
          expect(globalKeys.has(key), `${pane}: ${key} is not a global key`).toBe(true);
    }
  });

  it("a page without a table's markers, or with markers of no table, is refused", () => {
    expect(() => withKeyTables(readme.replace('<!-- keys:network -->', ''))).toThrow(/network/);
    expect(() => withKeyTables(`${readme}\n<!-- keys:nope -->\nx\n<!-- /keys -->\n`)).toThrow(/nope/);
  });
});
