// The console against a service whose answers are small in bytes but huge in objects
// (60 MiB of `[{},{},…]`, 21 million objects): the answer is refused as it arrives, the
// pane says why, and q or a hang-up end the console at once (on a console that parsed it
// whole, both waited minutes while gigabytes were built).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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
  /** How long the console takes to end after `end` (a key or a signal), in ms. */
  async function endsWithin(end: () => Promise<void> | void): Promise<{ code: number; ms: number }> {
    const started = performance.now();
    await end();
    const code = await session!.exited(5_000);
    return { code, ms: performance.now() - started };
  }

  /** A console whose service has sent its answer whole: a console that parsed it would be busy now. */
  async function busyConsole() {
    const { url, first } = await objectsService();
    session = await spawnNetdeck({ env: { NETDECK_API_URL: url } });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }

  it('says the answer has too many items; q ends it within a second', async () => {
    await busyConsole();
    const { code, ms } = await endsWithin(() => session!.keys('q'));
    expect(code).toBe(0);
    expect(ms).toBeLessThan(1_000);
    expect(session!.raw).toContain('too many items');
  });

  it('ctrl-c ends it within a second', async () => {
    await busyConsole();
    const { code, ms } = await endsWithin(() => session!.keys('ctrl-c'));
    expect(code).toBe(0);
    expect(ms).toBeLessThan(1_000);
  });

  it('a hang-up ends it within a second', async () => {
    await busyConsole();
    const { code, ms } = await endsWithin(() => session!.signal('SIGHUP'));
    expect(code).toBe(128 + 1);
    expect(ms).toBeLessThan(1_000);
  });
});
