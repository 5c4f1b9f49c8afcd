// No two files of src/ and simulator/ import each other, directly or in a loop, type-only
// imports included: a loop makes the two ends one module in all but name (neither can be
// read, tested or moved without the other) and leaves what loads first to chance. The
// graph is read from the sources as they are (import-graph.ts): every import and
// export-from (type-only too), every `import('…')` and `require('…')` of a relative path,
// resolved to the file it names. A loop fails with its files in order.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ImportGraph, importGraph } from './import-graph.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The strongly connected parts of the graph that are loops (Tarjan): files that reach each other. */
function loopingParts(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || edges.get(file)?.includes(file)) parts.push(part.sort());
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) visit(file);
  return parts;
}

/** The shortest loop through the first file of a part, in import order (the first file again at the end). */
function loopThrough(part: string[], edges: Map<string, string[]>): string[] {
  const inPart = new Set(part);
  const start = part[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of edges.get(file) ?? []) {
      if (!inPart.has(next)) continue;
      if (next === start) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0])!);
        return [...loop, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return part;
}

/** One line per tangle of the graph: a loop in it, `a.ts -> b.ts -> a.ts`, and any more files it ties. */
function importLoops(graph: ImportGraph): string[] {
  return loopingParts(graph.edges)
    .map((part) => {
      const loop = loopThrough(part, graph.edges);
      const more = part.length - (loop.length - 1);
      return `${loop.join(' -> ')}${more > 0 ? ` (and ${more} more files in loops with these)` : ''}`;
    })
    .sort();
}

describe('import loops', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'netdeck-loops-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
  };

  it('finds a loop through a type-only import, an export-from and a lazy import, and a pair', () => {
    write({
      'src/a.ts': "import type { B } from './deep/b.ts';\nexport type A = B;\n",
      'src/deep/b.ts': "export * from '../c.tsx';\nexport type B = string;\n",
      'src/c.tsx': "// import { nothing } from './d.ts';\nexport const load = () => import('./a.ts');\n",
      'src/d.ts': "import {\n  type A,\n} from './a.ts';\nexport const d: A | undefined = undefined;\n",
      'src/e.ts': "export { f } from './f.ts';\nexport const e = 1;\n",
      'src/f.ts': "import { e } from './e.ts';\nexport const f = e;\n",
      'src/g.ts':
        "import { f } from './f';\nimport { nothing } from './none.ts';\nexport const g = f + nothing;\n",
    });
    const graph = importGraph(scratch, ['src']);
    expect(importLoops(graph)).toEqual([
      'src/a.ts -> src/deep/b.ts -> src/c.tsx -> src/a.ts',
      'src/e.ts -> src/f.ts -> src/e.ts',
    ]);
    expect(graph.edges.get('src/g.ts')).toEqual(['src/f.ts']);
    expect(graph.unresolved).toEqual(['src/g.ts: ./none.ts']);
  });

  it('are none in src/ and simulator/', () => {
    const graph = importGraph(ROOT, ['src', 'simulator']);
    // Every relative import was read to a file: the graph is whole.
    expect(graph.unresolved).toEqual([]);
    expect(graph.edges.size).toBeGreaterThan(100);
    expect(importLoops(graph)).toEqual([]);
  });
});
