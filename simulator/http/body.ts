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
 * Before a 413 the rest of an oversized body is read and thrown away, up to `cap` bytes,
 * so that nothing the client sent is left unread when the answer goes out and the
 * connection closes: a clean close, not a reset that can lose the answer while the
 * client is still sending. Resolves once the body has ended (true) or passed `cap`
 * (false: the connection will be cut), or the client has gone.
 */
export function drainRest(req: IncomingMessage, cap = 4 * MAX_BODY_BYTES): Promise<boolean> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve(true);
    let dropped = 0;
    const done = (ended: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > cap) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(req.readableEnded);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', () => {});
    req.resume();
  });
}
