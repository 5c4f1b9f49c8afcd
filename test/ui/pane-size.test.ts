// No pane's main component (the function its definition names) grows past 150 lines: what
// a pane shows and why its keys cannot act belong in its view (<pane>-view.ts), its
// handlers in a hook beside it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PANES } from '../../src/ui/panes/registry.ts';

const MAX_LINES = 150;

const PANES_DIR = 'src/ui/panes';
const sources = readdirSync(PANES_DIR, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.tsx'))
  .map((name) => ({
    file: join(PANES_DIR, name),
    lines: readFileSync(join(PANES_DIR, name), 'utf8').split('\n'),
  }));

/** Lines of the top-level function `name`, from its first line to its closing brace. */
function linesOf(name: string): number {
  for (const { file, lines } of sources) {
    const start = lines.findIndex((line) => new RegExp(`^(export )?function ${name}\\(`).test(line));
    if (start < 0) continue;
    const end = lines.findIndex((line, i) => i > start && line === '}');
    if (end < 0) throw new Error(`${file}: no closing brace for ${name}`);
    return end - start + 1;
  }
  throw new Error(`no function ${name} under ${PANES_DIR}`);
}

describe('pane components', () => {
  it.each(PANES.map((pane) => [pane.id, pane.Component.name] as const))(
    '%s: its component %s is at most 150 lines',
    (id, name) => {
      const lines = linesOf(name);
      expect(lines, `${name} (${id}) is ${lines} lines`).toBeLessThanOrEqual(MAX_LINES);
    },
  );

  it('counts a function whole', () => {
    expect(linesOf('Discover')).toBeGreaterThan(40);
    expect(() => linesOf('NoSuchPane')).toThrow('no function NoSuchPane');
  });
});
