// The layers of docs/architecture.md as the build enforces them: biome.json's
// noRestrictedImports overrides make `biome check` (and so `npm run lint`) fail on a file
// whose import points the wrong way. Each forbidden pair of the rules is one case: a copy
// of biome.json in a temporary folder, one file per layer with one import a line, and
// Biome must flag exactly the forbidden lines (the allowed ones beside them prove that the
// rules do not simply refuse everything).
// And the command line keeps its top level small (at most 12 files).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** A file standing for each layer (a folder's file is new; a one-file layer is that file). */
const FILE = {
  contract: 'src/contract/layer-check.ts',
  clock: 'src/clock.ts',
  format: 'src/format/layer-check.ts',
  sanitize: 'src/sanitize.ts',
  safeFiles: 'src/safe-files.ts',
  safeFolders: 'src/safe-folders.ts',
  net: 'src/net/layer-check.ts',
  api: 'src/api/layer-check.ts',
  store: 'src/store/layer-check.ts',
  ui: 'src/ui/layer-check.tsx',
  keys: 'src/ui/keys/layer-check.ts',
  view: 'src/ui/panes/check/check-view.ts',
  cli: 'src/cli/layer-check.ts',
  mount: 'src/cli/console/tui.tsx',
  exporter: 'src/cli/exporter/layer-check.ts',
  mcp: 'src/cli/mcp/layer-check.ts',
  simulator: 'simulator/layer-check.ts',
} as const;
type Layer = keyof typeof FILE;

/** What an import of a layer names (a file of it). */
const TARGET: Partial<Record<Layer, string>> = {
  contract: 'src/contract/endpoints.ts',
  format: 'src/format/numbers.ts',
  net: 'src/net/listen.ts',
  api: 'src/api/client.ts',
  store: 'src/store/index.ts',
  ui: 'src/ui/app.tsx',
  keys: 'src/ui/keys/keymap.ts',
  cli: 'src/cli/main.ts',
  simulator: 'simulator/index.ts',
};

const LAYERS = Object.keys(FILE) as Layer[];
const BOTTOM: Layer[] = ['contract', 'clock', 'format', 'sanitize', 'safeFiles', 'safeFolders', 'net'];
const but = (...allowed: Layer[]) => LAYERS.filter((layer) => !allowed.includes(layer));

/** The rules, as (importer, what it may not import): a package or another layer. */
const FORBIDDEN: [Layer[], string[]][] = [
  // react and ink only in src/ui and the console's mount; not in the key tables or a pane's view.
  [but('ui', 'mount'), ['react', 'ink']],
  // undici only in src/api; Faker only in simulator/.
  [but('api'), ['undici']],
  [but('simulator'), ['@faker-js/faker']],
  // The simulator imports nothing of src/api, src/store, src/ui (nor the command line).
  [['simulator'], ['layer:api', 'layer:store', 'layer:ui', 'layer:cli']],
  // The stores import neither ui nor cli.
  [['store'], ['layer:ui', 'layer:cli', 'layer:simulator']],
  // Contract, clock and the other bottom modules import nothing above them.
  [BOTTOM, ['layer:api', 'layer:store', 'layer:ui', 'layer:cli', 'layer:simulator']],
  // src/net is a leaf.
  [['net'], ['layer:contract', 'layer:format']],
  // An arrow only points up: the client is below the stores, the console below the command line.
  [['api'], ['layer:store', 'layer:ui', 'layer:cli', 'layer:simulator']],
  [
    ['ui', 'keys', 'view'],
    ['layer:cli', 'layer:simulator'],
  ],
  // The exporter and netdeck mcp import nothing from simulator/.
  [['exporter', 'mcp'], ['layer:simulator']],
];

/** Imports the rules allow, beside the forbidden ones. */
const ALLOWED: [Layer, string[]][] = [
  ['ui', ['react', 'ink', 'zustand', 'layer:store', 'layer:api', 'layer:contract', 'layer:keys']],
  ['keys', ['layer:contract', 'layer:format']],
  ['view', ['layer:store', 'layer:keys', 'layer:format', 'layer:api']],
  ['mount', ['react', 'ink', 'layer:ui', 'layer:store']],
  ['api', ['undici', 'layer:contract']],
  ['store', ['zustand/vanilla', 'layer:api', 'layer:contract', 'layer:format']],
  ['cli', ['commander', 'layer:simulator', 'layer:store', 'layer:api']],
  ['exporter', ['layer:net', 'layer:api', 'layer:contract']],
  ['mcp', ['layer:net', 'layer:api', 'layer:store', 'layer:cli']],
  ['simulator', ['@faker-js/faker', 'layer:contract', 'layer:format', 'layer:net']],
  ['format', ['layer:contract']],
  ['net', ['node:http']],
];

/** The specifier `layer` writes for `what`: a package as it is, a layer relative to its file. */
function specifier(layer: Layer, what: string): string {
  if (!what.startsWith('layer:')) return what;
  const target = TARGET[what.slice('layer:'.length) as Layer]!;
  const relative = posix.relative(posix.dirname(FILE[layer]), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

interface Case {
  layer: Layer;
  what: string;
  forbidden: boolean;
  line: number;
}
const cases: Case[] = [];
const lines = new Map<Layer, string[]>();
const add = (layer: Layer, what: string, forbidden: boolean) => {
  const own = lines.get(layer) ?? [];
  own.push(`import '${specifier(layer, what)}';`);
  lines.set(layer, own);
  cases.push({ layer, what, forbidden, line: own.length });
};
for (const [layers, imports] of FORBIDDEN)
  for (const layer of layers) for (const what of imports) add(layer, what, true);
for (const [layer, imports] of ALLOWED) for (const what of imports) add(layer, what, false);

let dir: string;
/** The lines Biome flags, by file: `path:line`. */
let flagged: Set<string>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netdeck-layers-'));
  copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
  for (const [layer, own] of lines) {
    mkdirSync(join(dir, dirname(FILE[layer])), { recursive: true });
    writeFileSync(join(dir, FILE[layer]), `${own.join('\n')}\n`);
  }
  // Exit status 1: there are errors (the forbidden imports); the report is what counts.
  const run = spawnSync(process.execPath, [BIOME, 'lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
  };
  flagged = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the layers biome.json enforces', () => {
  it.each(cases.filter((c) => c.forbidden).map((c) => [FILE[c.layer], specifier(c.layer, c.what), c]))(
    '%s may not import %s',
    (_layer, _what, c) => {
      expect(flagged.has(`${FILE[c.layer]}:${c.line}`)).toBe(true);
    },
  );

  it.each(cases.filter((c) => !c.forbidden).map((c) => [FILE[c.layer], specifier(c.layer, c.what), c]))(
    '%s may import %s',
    (_layer, _what, c) => {
      expect(flagged.has(`${FILE[c.layer]}:${c.line}`)).toBe(false);
    },
  );

  it('fails `biome check FILE` on a file with a forbidden import, and passes it without', () => {
    const check = (file: string, text: string) => {
      writeFileSync(join(dir, file), text);
      return spawnSync(process.execPath, [BIOME, 'check', file], { cwd: dir, encoding: 'utf8' });
    };
    const bad = check('src/store/uses-ink.ts', "import 'ink';\n");
    expect(bad.status).toBe(1);
    expect(bad.stdout + bad.stderr).toContain('lint/style/noRestrictedImports');
    expect(bad.stdout + bad.stderr).toContain('react and ink');
    expect(check('src/store/uses-zod.ts', "import 'zod';\n").status).toBe(0);
  });
});

describe('the command line in wings', () => {
  it('keeps at most 12 files at the top of src/cli: groups have folders of their own', () => {
    const files = readdirSync(join(ROOT, 'src/cli'), { withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeLessThanOrEqual(12);
  });
});
