// The MCP SDK loads only when `netdeck mcp` runs: no file that every start loads (the core's
// entry and the command line with all its commands) imports it, or src/cli/mcp/, but
// through a lazy `import()`. The start budget (`npm run bench -- tui-start`) counts on it.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { importGraph } from '../import-graph.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = ['src/cli/main.ts', 'src/cli/program.ts'];

it('leaves the SDK and src/cli/mcp/ out of what every start loads', () => {
  const graph = importGraph(ROOT, ['src', 'simulator'], { loadedAtOnce: true });
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const next of graph.edges.get(file) ?? []) visit(next);
  };
  for (const file of START) visit(file);
  // The commands are there, mcp's among them.
  expect(loaded).toContain('src/cli/commands/mcp.ts');
  expect([...loaded].filter((file) => file.startsWith('src/cli/mcp/'))).toEqual([]);
  const sdk = [...loaded].filter((file) =>
    graph.packages.get(file)?.some((name) => name.startsWith('@modelcontextprotocol/')),
  );
  expect(sdk).toEqual([]);
  // What `netdeck mcp` loads when it runs does take the SDK.
  expect(graph.packages.get('src/cli/mcp/server.ts')).toContain('@modelcontextprotocol/sdk/server/mcp.js');
});
