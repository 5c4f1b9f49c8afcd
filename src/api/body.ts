// Reads a response body up to a limit: past it the client stops reading (the rest is
// never buffered) and says so, so a huge or endless answer cannot take the memory. A
// meter may look at each chunk as it comes (answer-shape.ts) and stop the reading too.
import type { Dispatcher } from 'undici';
import type { ShapeProblem } from './answer-shape.ts';

export type BodyRead =
  | { ok: true; text: string }
  | { ok: false; bytes: number }
  | { ok: false; shape: ShapeProblem };

/**
 * The body as text, or `{ok: false}` once more than `limit` bytes came (or were
 * announced in Content-Length), or once `meter` finds a chunk past its limits; the stream
 * is then destroyed. With `keepHead` the first `limit` bytes are returned as text instead
 * of failing (enough of an error body to show).
 */
export async function readBody(
  response: Dispatcher.ResponseData,
  limit: number,
  keepHead = false,
  meter?: (chunk: Uint8Array) => ShapeProblem | undefined,
): Promise<BodyRead> {
  const body = response.body;
  const declared = Number(response.headers['content-length']);
  if (!keepHead && Number.isFinite(declared) && declared > limit) {
    body.destroy();
    return { ok: false, bytes: declared };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      if (keepHead) chunks.push(chunk.subarray(0, limit - size));
      size += chunk.length;
      body.destroy();
      if (keepHead) return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
      return { ok: false, bytes: size };
    }
    const shape = meter?.(chunk);
    if (shape) {
      body.destroy();
      return { ok: false, shape };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { ok: true, text: Buffer.concat(chunks, size).toString('utf8') };
}
