// What the examples fix so that they print the same every run: the instant the world
// starts at (the manual clock's, the tests' too), the key tokens are signed with (so the
// tokens and the demo user's password are the same), the admin routes' secret, the home
// folder as it is written, and the ports.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../src/clock.ts';

/** 2026-01-01T00:00:00Z: where every example's world starts. */
export const START_TIME = new Date(ManualClock.EPOCH).toISOString().replace('.000Z', 'Z');

/** Any fixed key would do; this one is named after what it is for. */
export const SIGNING_KEY_HEX = createHash('sha256').update('netdeck docs examples').digest('hex');

/** The admin routes' secret the examples' simulators have (the sim prints it). */
export const ADMIN_SECRET = 'fdW_Ryj71RGanGHhPyPXc2sq';

/** The home folder as the pages write it. */
export const WRITTEN_HOME = '/home/me';

/** The simulator a page's examples run against, as the pages write its port (`npm run sim`'s). */
export const SIM_PORT = 8080;

/**
 * Its proxies' ports as the pages write them (squid's and SOCKS's usual ones): fixed, so
 * that a proxy's URLs and `export HTTPS_PROXY=… ALL_PROXY=…` line are shown whole.
 */
export const SIM_PROXY_PORTS = { http: 3128, socks: 1080 } as const;

/** A key file of the fixed key (0600, as `netdeck sim --key-file` wants it), in a folder of its own. */
export function writeKeyFile(): { path: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'netdeck-docs-key-'));
  const path = join(folder, 'sim.key');
  writeFileSync(path, `${SIGNING_KEY_HEX}\n`, { mode: 0o600 });
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A fresh home whose path is as long as /home/me (/tmp and three letters): a table that
 * shows a path keeps its columns where they are when the path is written as /home/me.
 */
export function makeHome(): { path: string; remove(): void } {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (let tries = 0; tries < 100; tries++) {
    const path = `/tmp/${Array.from(randomBytes(3), (byte) => letters[byte % letters.length]).join('')}`;
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
  }
  throw new Error('no free folder /tmp/xxx for the examples’ home');
}

/**
 * A free port on loopback with as many digits as `written` (so that a line showing it keeps
 * its columns when it is written as `written`).
 */
export async function freePortLike(written: number): Promise<number> {
  const digits = String(written).length;
  const low = Math.max(1024, 10 ** (digits - 1));
  const high = Math.min(65535, 10 ** digits - 1);
  for (let tries = 0; tries < 200; tries++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port of ${digits} digits on 127.0.0.1`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
