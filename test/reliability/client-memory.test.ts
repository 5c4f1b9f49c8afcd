// The client on an answer far larger than it reads: a server streaming 600 MB (or
// announcing it), or 60 MiB of empty objects, ends in the 'oversized' error. What the
// calling process's peak resident memory grows by (no more than the cap of 64 MiB over a
// small answer's) is a figure bench/test-figures.ts holds: it depends on the machine's
// load too (test/bench-figures.ts).
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { figure } from '../bench-figures.ts';
import { answerObjects } from '../hostile.ts';

const fixture = fileURLToPath(new URL('./fixtures/oversized-call.ts', import.meta.url));
const MB = 1024 * 1024;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server answering 200 with `size` bytes of JSON-ish text, streamed in 1 MB chunks. */
async function serving(size: number, announce: boolean): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(announce ? { 'content-length': String(size) } : {}),
    });
    const chunk = Buffer.alloc(MB, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(MB, size - sent));
        sent += piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function call(url: string, operation?: string): Promise<{ kind: string; peakMb: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--max-old-space-size=1024', '--import', 'tsx', fixture, url, ...(operation ? [operation] : [])],
      { timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

describe('client memory on oversized answers', () => {
  it('a 600 MB answer, streamed or announced, ends in "oversized"', async () => {
    const small = await call(await serving(100, false));
    await new Promise((resolve) => server!.close(resolve));
    const streamed = await call(await serving(600 * MB, false));
    await new Promise((resolve) => server!.close(resolve));
    const announced = await call(await serving(600 * MB, true));
    expect(small.kind).toBe('shape');
    expect(streamed.kind).toBe('oversized');
    expect(announced.kind).toBe('oversized');
    // The cap is 64 MiB of body; a string of it and the chunks may both be alive for a moment.
    figure(
      'client: peak RSS over a small answer, 600 MB streamed',
      streamed.peakMb - small.peakMb,
      160,
      'MB',
    );
    figure(
      'client: peak RSS over a small answer, 600 MB announced',
      announced.peakMb - small.peakMb,
      20,
      'MB',
    );
  }, 120_000);
});

describe('client memory on answers small in bytes and huge in objects', () => {
  it('60 MiB of [{},{},…] (21 million objects) ends in "oversized"', async () => {
    server = createServer((_req, res) => answerObjects(res, 'locations'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const small = await call(url.replace(/:\d+$/, ':9'), 'findProviderLocations');
    const objects = await call(url, 'findProviderLocations');
    expect(objects.kind).toBe('oversized');
    // Refused after some 3 MB, as it arrived: nothing of it was parsed.
    figure('client: peak RSS over a refused call, 60 MiB of [{},…]', objects.peakMb - small.peakMb, 60, 'MB');
  }, 120_000);
});
