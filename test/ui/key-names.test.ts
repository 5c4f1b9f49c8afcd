// Sentences name keys through keyOf (src/ui/keys/key-names.ts): every action they name exists
// in the key table, so a hint never names an action that was renamed or removed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyOf } from '../../src/ui/keys/key-names.ts';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

describe('keyOf', () => {
  it('names the default key of an action, by the names the configuration uses', () => {
    expect(keyOf('refresh')).toBe('r');
    expect(keyOf('devices.staleView')).toBe('O');
    expect(keyOf('login')).toBe('L');
    expect(() => keyOf('devices.nothing')).toThrow(/no action "devices.nothing"/);
  });

  it('every action a sentence names exists (literal names, and the stale view’s per pane)', () => {
    const named = new Set<string>();
    for (const file of sources('src/ui')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/keyOf\('([^']+)'\)|copyAction="([^"]+)"|openedBy: \[([^\]]+)\]/g)) {
        const names = match[3]
          ? [...match[3].matchAll(/'([^']+)'/g)].map((m) => m[1])
          : [match[1] ?? match[2]];
        for (const name of names) named.add(name);
      }
    }
    for (const view of ['devices', 'myProviders'])
      for (const action of ['staleView', 'staleRemove']) named.add(`${view}.${action}`);
    expect(named.size).toBeGreaterThan(30);
    for (const name of named) expect(() => keyOf(name), name).not.toThrow();
  });
});
