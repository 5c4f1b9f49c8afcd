// One version: what --version prints is what a new device's spec tells the service.
import { describe, expect, it } from 'vitest';
import { deviceSpec } from '../../src/cli/commands/token-output.ts';
import { run } from './harness.ts';

describe('the version', () => {
  it('--version and the device spec of clients add and adopt say the same', async () => {
    const shown = await run(['--version']);
    expect(shown.code).toBe(0);
    const version = shown.stdout.trim();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(deviceSpec()).toBe(`netdeck/${version} (${process.platform}; ${process.arch})`);
  });
});
