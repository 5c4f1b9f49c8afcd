// The import graph of netdeck's sources, read from the files as they are, for the tests
// that read it: no import loops (import-cycles.test.ts), and what every start loads
// (cli/mcp-lazy.test.ts). Relative imports are resolved to the files they name.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sourceFiles } from './source-files.ts';

const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** `import … from 'x'`, `import type … from 'x'`, `export … from 'x'` (over several lines), `import 'x'`. */
const STATIC = /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*(['"])(.+?)\1|^[ \t]*import\s*(['"])(.+?)\3/gm;
/** `import('x')`, `typeof import('x')`, `require('x')` with the path written out. */
const CALLED = /\b(import|require)\(\s*(['"])(.+?)\2\s*\)/g;

/**
 * Which imports count: every one (a loop through a type or a lazy import is a loop all the
 * same), or only those that load a module when the file loads (`loadedAtOnce`: no
 * `import type`, no `export type`, no `import()`).
 */
export interface GraphOptions {
  loadedAtOnce?: boolean;
}

/** What a file imports, comments left out: relative paths and packages. */
function specifiers(text: string, { loadedAtOnce = false }: GraphOptions): string[] {
  const found = [...text.matchAll(STATIC)]
    .filter((m) => !loadedAtOnce || !/^\s*(import|export)\s+type\b/.test(m[0]))
    .map((m) => m[2] ?? m[4]);
  for (const line of text.split('\n')) {
    if (/^\s*(\/\/|\/\*|\*)/.test(line)) continue;
    for (const m of line.matchAll(CALLED)) if (!loadedAtOnce || m[1] === 'require') found.push(m[3]);
  }
  return found;
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file a relative import names: as written, else with the extension TypeScript would try. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const tried = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.jsx$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
  ];
  return [...tried, join(base, 'index.ts')].find(isFile);
}

export interface ImportGraph {
  /** Each file's imports of files, by path from the root. */
  edges: Map<string, string[]>;
  /** Each file's imports of packages (`zod`, `@modelcontextprotocol/sdk/server/mcp.js`). */
  packages: Map<string, string[]>;
  /** `file: specifier` of a relative import that names no file. */
  unresolved: string[];
}

export function importGraph(root: string, dirs: readonly string[], options: GraphOptions = {}): ImportGraph {
  const edges = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const unresolved: string[] = [];
  const name = (path: string) => relative(root, path).split('\\').join('/');
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir), SOURCE))) {
    const targets = new Set<string>();
    const used = new Set<string>();
    for (const specifier of specifiers(readFileSync(file, 'utf8'), options)) {
      if (!specifier.startsWith('.')) {
        used.add(specifier);
        continue;
      }
      const target = resolveImport(file, specifier);
      if (target) targets.add(name(target));
      else unresolved.push(`${name(file)}: ${specifier}`);
    }
    edges.set(name(file), [...targets]);
    packages.set(name(file), [...used]);
  }
  return { edges, packages, unresolved };
}
