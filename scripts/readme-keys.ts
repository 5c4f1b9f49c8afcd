// `npm run readme-keys`: writes the key tables of docs/keys.md (between `<!-- keys:NAME -->` and
// `<!-- /keys -->`) from the key table, so they list every key and no other. The words
// are the bindings' `help`, or the longer ones in scripts/readme-key-words.ts.
// `--check` writes nothing and exits 1 when docs/keys.md differs (test/docs/readme-keys.test.ts
// does the same). A key added to a keys.ts: run `npm run readme-keys`, and add longer
// words to readme-key-words.ts if its `help` is not enough.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dialogTitle } from '../src/ui/frame/help-overlay.tsx';
import { type Binding, isDialogScope } from '../src/ui/keys/bindings.ts';
import { keyNamesOf } from '../src/ui/keys/key-names.ts';
import { keyLabel, keymap, paneSwitchKeys } from '../src/ui/keys/keymap.ts';
import { PANES } from '../src/ui/panes/registry.ts';
import { DIALOG_WORDS, KEY_WORDS, PANE_GLOBALS } from './readme-key-words.ts';

export const KEYS_DOC = fileURLToPath(new URL('../docs/keys.md', import.meta.url));

const keysText = (keys: readonly string[]) => keys.map((key) => `\`${keyLabel(key)}\``).join(' ');
const wordsOf = (b: Binding) => KEY_WORDS[`${b.scope} ${b.action}`] ?? b.help;
const cell = (text: string) => text.replaceAll('|', '\\|');

function table(header: [string, string], rows: [string, string][]): string {
  return [
    `| ${header[0]} | ${header[1]} |`,
    '|---|---|',
    ...rows.map(([keys, words]) => `| ${cell(keys)} | ${cell(words)} |`),
  ].join('\n');
}

/** Every table, by the name its markers give it: `global`, each pane's id, `dialogs`. */
export function keyTables(table_: readonly Binding[] = keymap): Record<string, string> {
  const digits = paneSwitchKeys.map((b) => b.keys[0]);
  const global: [string, string][] = [
    [`\`${digits[0]}\` … \`${digits.at(-1)}\``, `show ${PANES.map((pane) => pane.title).join(', ')}`],
    ...table_
      .filter((b) => b.scope === 'global' && !b.action.startsWith('pane:'))
      .map((b): [string, string] => [keysText(b.keys), wordsOf(b)]),
  ];
  const tables: Record<string, string> = { global: table(['Key', 'Action'], global) };
  for (const pane of PANES) {
    const own = table_.filter((b) => b.scope === pane.id);
    tables[pane.id] = table(
      ['Key', 'Action'],
      [...(PANE_GLOBALS[pane.id] ?? []), ...own.map((b): [string, string] => [keysText(b.keys), wordsOf(b)])],
    );
  }
  const names = keyNamesOf(table_);
  const dialogs = [...new Set(table_.map((b) => b.scope).filter(isDialogScope))];
  tables.dialogs = table(
    ['Dialog', 'Keys'],
    dialogs.map((scope) => {
      const id = scope.slice('dialog:'.length);
      const keys = table_.filter((b) => b.scope === scope).map((b) => `${keysText(b.keys)} ${wordsOf(b)}`);
      return [dialogTitle(id, names), [DIALOG_WORDS[id], ...keys].filter(Boolean).join('; ')];
    }),
  );
  return tables;
}

const BLOCK = /(<!-- keys:([\w-]+) -->\n)[\s\S]*?(\n<!-- \/keys -->)/g;

/** The keys page with every key table written anew; throws on a table without markers, or markers without a table. */
export function withKeyTables(readme: string, tables = keyTables()): string {
  const seen = new Set<string>();
  const out = readme.replace(BLOCK, (_whole, open: string, name: string, close: string) => {
    if (!(name in tables)) throw new Error(`docs/keys.md: <!-- keys:${name} --> names no key table`);
    seen.add(name);
    return `${open}${tables[name]}${close}`;
  });
  const missing = Object.keys(tables).filter((name) => !seen.has(name));
  if (missing.length) throw new Error(`docs/keys.md: no <!-- keys:NAME --> block for ${missing.join(', ')}`);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const before = readFileSync(KEYS_DOC, 'utf8');
  const after = withKeyTables(before);
  if (process.argv.includes('--check')) {
    if (before !== after) {
      console.error('docs/keys.md key tables are out of date: run npm run readme-keys');
      process.exit(1);
    }
    console.log('docs/keys.md key tables are up to date');
  } else {
    writeFileSync(KEYS_DOC, after);
    console.log(
      before === after ? 'docs/keys.md key tables were up to date' : 'wrote docs/keys.md key tables',
    );
  }
}
