import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStateFile, statePath, writeStateFile } from '../../../src/cli/console/state-file.ts';
import { tempDir } from '../harness.ts';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.cleanup());

describe('the state file', () => {
  it('lives in $XDG_STATE_HOME/netdeck, else ~/.local/state/netdeck', () => {
    expect(statePath({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/netdeck/state.json');
    expect(statePath({ HOME: '/h' })).toBe('/h/.local/state/netdeck/state.json');
    // XDG: a relative path is to be ignored.
    expect(statePath({ XDG_STATE_HOME: 'rel', HOME: '/h' })).toBe('/h/.local/state/netdeck/state.json');
  });

  it('is written 0600 in a new 0700 folder and read back', () => {
    const path = join(dir.path, 'state', 'netdeck', 'state.json');
    expect(writeStateFile(path, { pane: 'devices', providersBatchSize: 50 })).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir.path, 'state', 'netdeck')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ pane: 'devices', providersBatchSize: 50 });
    expect(readStateFile(path)).toEqual({ pane: 'devices', providersBatchSize: 50 });
  });

  it('replaces a link at its name instead of writing through it', () => {
    const target = join(dir.path, 'elsewhere');
    writeFileSync(target, 'theirs');
    const path = join(dir.path, 'state.json');
    symlinkSync(target, path);
    expect(writeStateFile(path, { pane: 'network' })).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    expect(readStateFile(path)).toEqual({ pane: 'network' });
  });

  it('reads as a fresh start when missing, not JSON, not an object, a folder or a FIFO; bad fields are dropped', () => {
    const path = join(dir.path, 'state.json');
    expect(readStateFile(path)).toEqual({});
    for (const text of ['{', 'null', '[1]', '"x"', '']) {
      writeFileSync(path, text);
      expect(readStateFile(path)).toEqual({});
    }
    writeFileSync(path, JSON.stringify({ pane: 'devices', discoverySort: 42, extra: true }));
    expect(readStateFile(path)).toEqual({ pane: 'devices' });
    const folder = join(dir.path, 'folder');
    mkdirSync(folder);
    expect(readStateFile(folder)).toEqual({});
    if (process.platform !== 'win32') {
      const fifo = join(dir.path, 'fifo');
      execFileSync('mkfifo', [fifo]);
      expect(readStateFile(fifo)).toEqual({});
    }
  });

  it('says false, and throws nothing, where it cannot be written', () => {
    const blocker = join(dir.path, 'file');
    writeFileSync(blocker, '');
    expect(writeStateFile(join(blocker, 'netdeck', 'state.json'), { pane: 'devices' })).toBe(false);
  });
});
