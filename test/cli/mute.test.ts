// `netdeck mute` and `unmute` (issue 35): a mute kept in the state folder's private file,
// listed until it ends by itself, ended by unmute; the store the console will read says
// the same (src/store/mutes.ts).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { mutesFile } from '../../src/cli/profile/mutes-file.ts';
import { ManualClock } from '../../src/clock.ts';
import { createMutesStore } from '../../src/store/mutes.ts';
import { run } from './harness.ts';

const state = mkdtempSync(join(tmpdir(), 'netdeck-mutes-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));
const ID = '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47';

describe('netdeck mute', () => {
  it('mutes a provider for a time in a private file of the state folder, lists it until it ends, and unmute ends it', async () => {
    const clock = new ManualClock();
    const netdeck = (...argv: string[]) => run(argv, { env: { XDG_STATE_HOME: state }, deps: { clock } });
    const muted = await netdeck('mute', ID.toUpperCase(), '--for', '90m');
    expect(muted.code, muted.stderr).toBe(ExitCode.ok);
    expect(muted.stdout).toBe(
      `muted ${ID} for 90m, until 2026-01-01 01:30 UTC: watch --notify does not push its events\n`,
    );
    const path = join(state, 'netdeck', 'mutes.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse((await netdeck('mute', '--json')).stdout)).toEqual({
      mutes: [{ client_id: ID, until: '2026-01-01T01:30:00.000Z' }],
    });
    // The store the console will read.
    const store = createMutesStore(mutesFile(path), clock);
    expect(store.getState().mutedUntil(ID)).toBe(Date.parse('2026-01-01T01:30:00Z'));
    await clock.advance(91 * 60_000);
    expect(store.getState().mutedUntil(ID)).toBeUndefined();
    expect((await netdeck('mute')).stdout).toBe('no provider is muted\n');

    await netdeck('mute', ID);
    expect((await netdeck('unmute', ID)).stdout).toBe(`unmuted ${ID}\n`);
    expect((await netdeck('unmute', ID)).stdout).toBe(`${ID} was not muted\n`);
  });
});
