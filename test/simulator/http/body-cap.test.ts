// The 16 MiB body cap (server: router/handler_utils.go MaxJsonRequestBytes): a body over
// it gets `413 request body too large`, and the client reads that answer before the
// connection closes, however much it was still sending (a reset would lose the answer).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../simulator/http/body.ts';
import { type Harness, send, startFake } from './harness.ts';

const MiB = 1024 * 1024;
let h: Harness | undefined;
afterEach(async () => {
  await h?.sim.close();
  h = undefined;
});

/**
 * Sends a POST of `size` bytes over a plain socket, writing all of it before reading
 * anything (as a simple client does), and returns what came back before the close.
 */
function postOverSocket(
  url: string,
  size: number,
  chunked = false,
): Promise<{ text: string; error?: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('latin1'), error }));
    socket.on('connect', async () => {
      const head = chunked
        ? 'POST /network/find-providers2 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'
        : `POST /network/find-providers2 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
      socket.write(head);
      const piece = Buffer.alloc(MiB, 0x20);
      for (let sent = 0; sent < size && !socket.destroyed; sent += MiB) {
        const part = piece.subarray(0, Math.min(MiB, size - sent));
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
          : part;
        if (!socket.write(framed)) await new Promise((next) => socket.once('drain', next));
      }
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      if (!socket.destroyed) socket.end();
    });
  });
}

describe('the 16 MiB body cap', () => {
  it('is 16 MiB, as the service’s', () => {
    expect(MAX_BODY_BYTES).toBe(16 * MiB);
  });

  it('a body just over 4 MiB is taken (the cap is not 4 MiB)', async () => {
    h = await startFake();
    const body = Buffer.alloc(4 * MiB + 10, 0x20);
    body.write('{}');
    expect((await send(h.sim.url, 'POST', '/network/find-providers2', { body })).status).toBe(200);
  });

  it('a 17 MiB body gets a 413 the client reads before the connection closes, declared or chunked', async () => {
    h = await startFake();
    for (const chunked of [false, true]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const { text, error } = await postOverSocket(h.sim.url, 17 * MiB, chunked);
        expect(error, `chunked ${chunked}`).toBeUndefined();
        expect(text, `chunked ${chunked}`).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
        expect(text.endsWith('\r\n\r\nrequest body too large\n'), `chunked ${chunked}`).toBe(true);
      }
    }
    // Nothing of it reached the engine.
    expect(h.engine.calls).toHaveLength(0);
  });
});
