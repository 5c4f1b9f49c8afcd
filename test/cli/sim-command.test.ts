// `netdeck sim`'s flags for who may use the simulator: --admin and its secret on a host
// other machines reach, --key-file (the signing key kept across restarts), --token-file
// (the demo token written privately), the bounds of --latency, and --start-time with
// --speed 0 (a world that answers the same every run).
import { chmodSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { runSimulatorCommand, type SimulatorCommandOptions } from '../../simulator/main.ts';
import { run, SMALL_WORLD, tempDir } from './harness.ts';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.cleanup());

/** Runs `netdeck sim ...` with the simulator replaced: what it would have been started with. */
async function sim(argv: string[]) {
  const started: SimulatorCommandOptions[] = [];
  const result = await run(['sim', ...argv], {
    env: { XDG_CONFIG_HOME: dir.path },
    deps: { runSimulatorCommand: async (options) => void started.push(options) },
  });
  return { ...result, options: started[0] };
}

const SECRET = 'correct-horse-battery-staple';

describe('--admin on a host other machines reach', () => {
  it('needs an explicit --admin-secret: a usage error without one', async () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const result = await sim(['--host', host, '--admin']);
      expect(result.code, host).toBe(2);
      expect(result.stderr).toContain(
        `--admin on --host ${host} serves the admin routes to other machines: give their secret with --admin-secret VALUE`,
      );
      expect(result.options).toBeUndefined();
    }
  });

  it('with one, starts and warns', async () => {
    const result = await sim(['--host', '0.0.0.0', '--admin', '--admin-secret', SECRET]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'netdeck: warning: the admin routes (reset, tokens, faults) are reachable from other machines through 0.0.0.0',
    );
    expect(result.options).toMatchObject({ host: '0.0.0.0', admin: true, adminSecret: SECRET });
  });

  it('on loopback needs no secret and says nothing; --admin-secret alone turns the admin routes on', async () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      const result = await sim(['--host', host, '--admin']);
      expect(result.code, host).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.options).toMatchObject({ admin: true, adminSecret: undefined });
    }
    expect((await sim(['--admin-secret', SECRET])).options).toMatchObject({
      admin: true,
      adminSecret: SECRET,
    });
  });

  it('refuses a short secret or one with spaces', async () => {
    for (const secret of ['short', 'a secret with spaces in it']) {
      const result = await sim(['--admin-secret', secret]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        '--admin-secret must be at least 16 printable characters, without spaces',
      );
    }
  });
});

describe('the proxies on a host other machines reach (issue 34)', () => {
  it('warns that a proxy token sends traffic out through this machine; loopback says nothing', async () => {
    const exposed = await sim(['--host', '0.0.0.0']);
    expect(exposed.code).toBe(0);
    expect(exposed.stderr).toBe(
      'netdeck: warning: the proxies listen on 0.0.0.0 too: anyone who reaches that address with a proxy token can send traffic out through this machine\n',
    );
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect((await sim(['--host', host])).stderr, host).toBe('');
  });

  it('--proxy-allow-local passes on; the proxies take free ports unless given theirs', async () => {
    const started = await sim(['--port', '9000', '--proxy-allow-local']);
    expect(started.options.proxyAllowLocal).toBe(true);
    expect(started.options.proxyPorts).toEqual({ http: undefined, socks: undefined });
    expect((await sim([])).options.proxyAllowLocal).toBe(false);
    const placed = await sim(['--http-proxy-port', '9001', '--socks-proxy-port', '9002']);
    expect(placed.options.proxyPorts).toEqual({ http: 9001, socks: 9002 });
  });
});

describe('--key-file', () => {
  it('creates a private key file when missing, then reads the same key back', async () => {
    const path = join(dir.path, 'sim.key');
    const first = await sim(['--key-file', path]);
    expect(first.code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    const again = await sim(['--key-file', path]);
    expect(Buffer.from(again.options.signingKey!).toString('hex')).toBe(readFileSync(path, 'utf8').trim());
    expect(again.options.signingKey).toEqual(first.options.signingKey);
  });

  it('warns about a key file others can read, and refuses one that holds no key or is no file', async () => {
    const path = join(dir.path, 'sim.key');
    writeFileSync(path, `${'ab'.repeat(32)}\n`);
    chmodSync(path, 0o644);
    const open = await sim(['--key-file', path]);
    expect(open.code).toBe(0);
    expect(open.stderr).toContain(`key file ${path} can be read by other users (mode 644)`);
    writeFileSync(path, 'not a key');
    const garbage = await sim(['--key-file', path]);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('does not hold a key');
    const device = await sim(['--key-file', '/dev/zero']);
    expect(device.code).toBe(2);
    expect(device.stderr).toContain('not a regular file');
  });
});

describe('--token-file', () => {
  const fakeSimulator = { token: 'header.claims.signature' } as Simulator;

  it('writes the demo token to a private file, replacing a link rather than writing through it', async () => {
    const victim = join(dir.path, 'victim');
    writeFileSync(victim, 'keep\n');
    const path = join(dir.path, 'sim.jwt');
    symlinkSync(victim, path);
    const result = await sim(['--token-file', path]);
    result.options.started?.(fakeSimulator);
    expect(readFileSync(victim, 'utf8')).toBe('keep\n');
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('header.claims.signature\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("is never the program's --token-file (a token to read), which sim leaves alone", async () => {
    const result = await run(['--token-file', join(dir.path, 'mine.jwt'), 'sim'], {
      env: { XDG_CONFIG_HOME: dir.path },
      deps: { runSimulatorCommand: async (options) => expect(options.started).toBeUndefined() },
    });
    expect(result.code).toBe(0);
  });
});

describe('--latency', () => {
  it('is bounded: a timer cannot hold any delay', async () => {
    const result = await sim(['--latency', '99999999999']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must be at most 600000');
  });
});

describe('--allow-host and --cors', () => {
  it('are repeatable and reach the simulator normalised', async () => {
    const flags = {
      '--allow-host': ['Sim.LAN', '::1'],
      '--cors': ['http://localhost:5173', 'HTTPS://App.Example/'],
    };
    const result = await sim(
      Object.entries(flags).flatMap(([flag, values]) => values.flatMap((v) => [flag, v])),
    );
    expect(result.code).toBe(0);
    expect(result.options).toMatchObject({
      allowHosts: ['sim.lan', '[::1]'],
      cors: ['http://localhost:5173', 'https://app.example'],
    });
    expect((await sim(['--cors', '*'])).options).toMatchObject({ cors: ['*'] });
  });

  it('a name with a port, or an origin with a path, is a usage error', async () => {
    for (const [flag, value, message] of [
      ['--allow-host', 'sim.lan:8080', 'expects a host name or an IP address, without a port'],
      ['--allow-host', 'http://sim.lan', 'expects a host name or an IP address, without a port'],
      ['--cors', 'http://localhost:5173/app', 'expects an origin'],
      ['--cors', 'localhost:5173', 'expects an origin'],
      ['--cors', 'null', 'expects an origin'],
    ]) {
      const result = await sim([flag, value]);
      expect(result.code, value).toBe(2);
      expect(result.stderr, value).toContain(message);
      expect(result.options).toBeUndefined();
    }
  });
});

describe('--start-time and --speed 0', () => {
  it('start the world at that instant, on a clock that stands still', async () => {
    const result = await sim(['--start-time', '2026-01-01T00:00:00Z', '--speed', '0']);
    expect(result.code).toBe(0);
    expect(result.options).toMatchObject({ startAt: Date.parse('2026-01-01T00:00:00Z'), speed: 0 });
    // An offset is that instant too: the world's start does not follow the machine's TZ.
    const offset = await sim(['--start-time', '2026-01-01T02:00:00+02:00']);
    expect(offset.options.startAt).toBe(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('an instant without its zone, or none at all, is a usage error', async () => {
    for (const value of ['2026-01-01T00:00:00', '2026-01-01', 'tomorrow', '2026-13-45T00:00:00Z']) {
      const result = await sim(['--start-time', value]);
      expect(result.code, value).toBe(2);
      expect(result.stderr, value).toContain('expects an instant in ISO 8601 with its zone');
      expect(result.options).toBeUndefined();
    }
  });

  it('speed 0 is for sim alone: a console or a command on a still clock would wait for ever', async () => {
    const result = await run(['--speed', '0', 'stats', 'network'], { env: { XDG_CONFIG_HOME: dir.path } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must be at least 0.001');
  });
});

describe('a simulator on a clock that stands still', () => {
  it('answers at its start instant until the admin route moves it, and the same key gives the same token', async () => {
    const startAt = Date.parse('2026-01-01T00:00:00Z');
    const options = {
      speed: 0,
      startAt,
      admin: true,
      signingKey: new Uint8Array(32).fill(7),
      ...SMALL_WORLD,
    };
    const first = await createSimulator(options);
    const again = await createSimulator(options);
    try {
      expect(first.token).toBe(again.token);
      const dateOf = async () => (await fetch(`${first.url}/stats/last-90`)).headers.get('date');
      expect(await dateOf()).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(first.clock.now()).toBe(startAt);
      await first.admin.advance(90);
      expect(await dateOf()).toBe('Thu, 01 Jan 2026 00:01:30 GMT');
    } finally {
      await Promise.all([first.close(), again.close()]);
    }
  });
});

describe('netdeck sim run inside another program', () => {
  it('prints its banner where it is told and stops on its signal, leaving the process alone', async () => {
    const printed: string[] = [];
    const stop = new AbortController();
    const exitCode = process.exitCode;
    const running = runSimulatorCommand({
      ...SMALL_WORLD,
      port: 0,
      print: (text) => printed.push(text),
      stop: stop.signal,
    });
    await vi.waitFor(() =>
      expect(printed.join('')).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\ntoken: /),
    );
    stop.abort();
    await running;
    expect(process.exitCode).toBe(exitCode);
  });
});
