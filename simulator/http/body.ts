// Reads a request body up to a limit. Past the limit it stops collecting (nothing is
// buffered beyond the limit) and reports `too-large`.
import type { IncomingMessage } from 'node:http';

/** 16 MiB, the service's cap (server: router/handler_utils.go MaxJsonRequestBytes; the load balancer's too). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type BodyResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.pause();
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () =>
      finish({ ok: true, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size) });
    const onError = () => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
  });
}

/**
 * After a 413 the rest of an oversized body is read and thrown away (so the client,
 * still sending, gets to read the answer), up to `cap` bytes; past that the connection
 * is cut.
 */
export function discardRest(req: IncomingMessage, cap = 4 * MAX_BODY_BYTES): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > cap) req.socket.destroy();
  });
  req.on('error', () => {});
  req.resume();
}
