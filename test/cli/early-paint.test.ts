// The demo console's first frame painted before the commands load (src/cli/console/early-paint.ts):
// only for a command line that is sure to start the demo console on a terminal, and taken
// over by the console command, which then paints nothing of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../simulator/index.ts';
import { paintEarly, takeEarlyPaint } from '../../src/cli/console/early-paint.ts';
import { ENTER_ALT_SCREEN } from '../../src/cli/console/terminal-screen.ts';
import type { CliIo } from '../../src/cli/output/io.ts';
import { runCli } from '../../src/cli/program.ts';
import { ManualClock } from '../../src/clock.ts';
import { SMALL_WORLD } from './harness.ts';

const home = mkdtempSync(join(tmpdir(), 'netdeck-early-'));

function terminalIo(env: Record<string, string> = {}, tty = true) {
  const out = { text: '' };
  const io: CliIo = {
    stdout: { write: (chunk: string) => (out.text += chunk), isTTY: tty, columns: 100, rows: 30 },
    stderr: { write: (chunk: string) => (out.text += chunk), isTTY: tty },
    env: { HOME: home, XDG_CONFIG_HOME: home, XDG_STATE_HOME: home, ...env },
    stdin: { isTTY: tty } as NodeJS.ReadStream,
  };
  return { io, out };
}

afterEach(() => {
  takeEarlyPaint()?.paint.handOver();
  process.removeAllListeners('SIGINT');
});

describe('the early first paint', () => {
  it.each([
    [[]],
    [['--seed', '7', '--no-mouse', '--refresh', '15']],
    [['--era', 'seed', '--providers', '9000']],
  ])('paints the demo console of %j and hands it to the console command', (argv) => {
    const { io, out } = terminalIo();
    expect(paintEarly(argv, io)).toBe(true);
    const seed = argv.includes('7') ? 7 : 1;
    expect(stripVTControlCharacters(out.text)).toContain(`netdeck · SIMULATOR seed ${seed}`);
    expect(out.text).toContain('building the demo world…');
    const early = takeEarlyPaint();
    expect(early?.config.mode).toBe('demo');
    expect(takeEarlyPaint()).toBeUndefined();
  });

  it.each([
    ['a command', ['providers'], {}, true],
    ['help', ['--help'], {}, true],
    ['the version', ['-V'], {}, true],
    ['a bad value', ['--seed', 'seven'], {}, true],
    ['an unknown flag', ['--sede', '7'], {}, true],
    ['an API to talk to', [], { NETDECK_API_URL: 'http://127.0.0.1:9' }, true],
    ['no terminal', [], {}, false],
  ])('paints nothing for %s', (_what, argv, env, tty) => {
    const { io, out } = terminalIo(env, tty);
    expect(paintEarly(argv, io)).toBe(false);
    expect(out.text).toBe('');
    expect(takeEarlyPaint()).toBeUndefined();
  });

  it("is the console command's first frame: it paints no other", async () => {
    const { io, out } = terminalIo();
    paintEarly([], io);
    let places: number | undefined;
    const code = await runCli([], io, {
      createSimulator: (options) => createSimulator({ ...options, ...SMALL_WORLD, clock: new ManualClock() }),
      runTui: async (options) => {
        // The console waits a moment for Discover's answer before its first frame, and goes
        // on without it on a busy machine: the answer is awaited here, not raced.
        await options.stores?.discovered;
        places = options.stores?.stores.discovery.getState().data?.locations?.length;
        return 0;
      },
    });
    expect(code).toBe(0);
    expect(places).toBeGreaterThan(0);
    expect(out.text.split(ENTER_ALT_SCREEN)).toHaveLength(2);
    expect(out.text).toContain('loading provider locations…');
  });
});
