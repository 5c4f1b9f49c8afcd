// The console against a service whose answers are small in bytes but huge in objects
// (60 MiB of `[{},{},…]`, 21 million objects): the answer is refused as it arrives, the
// pane says why, and q or a hang-up end the console at once (on a console that parsed it
// whole, both waited minutes while gigabytes were built).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { timed } from '../bench-figures.ts';
import { answerObjects } from '../hostile.ts';
import { type Session, spawnNetdeck } from './harness.ts';

let server: Server | undefined;
let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = session = undefined;
});

/** Answers every request with `{"locations":[{},{},…]}`, 60 MiB of it; resolves `asked` at the first. */
async function objectsService() {
  let asked: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    asked = resolve;
  });
  server = createServer((_req, res) => {
    asked();
    answerObjects(res, 'locations');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, first };
}

describe('the console on answers huge in objects', () => {
  /**
   * The console's exit code once `end` (a key or a signal) ends it; how long that took is a
   * figure held to a second. A console busy parsing the answer would take minutes: the
   * wait's 15 s stop it.
   */
  const ended = (how: string, end: () => Promise<void> | void): Promise<number> =>
    timed(`console on a 60 MiB answer of objects: ended by ${how}`, 1_000, async () => {
      await end();
      return session!.exited(15_000);
    });

  /** A console whose service has sent its answer whole: a console that parsed it would be busy now. */
  async function busyConsole() {
    const { url, first } = await objectsService();
    session = await spawnNetdeck({ env: { NETDECK_API_URL: url } });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }

  it('says the answer has too many items; q ends it', async () => {
    await busyConsole();
    expect(await ended('q', () => session!.keys('q'))).toBe(0);
    expect(session!.raw).toContain('too many items');
  });

  it('ctrl-c ends it', async () => {
    await busyConsole();
    expect(await ended('ctrl-c', () => session!.keys('ctrl-c'))).toBe(0);
  });

  it('a hang-up ends it', async () => {
    await busyConsole();
    expect(await ended('a hang-up', () => session!.signal('SIGHUP'))).toBe(128 + 1);
  });
});
