// Reads a response body up to a limit: past it the client stops reading (the rest is
// never buffered) and says so, so a huge or endless answer cannot take the memory.
import type { Dispatcher } from 'undici';

export type BodyRead = { ok: true; text: string } | { ok: false; bytes: number };

/**
 * The body as text, or `{ok: false}` once more than `limit` bytes came (or were
 * announced in Content-Length); the stream is then destroyed. With `keepHead` the first
 * `limit` bytes are returned as text instead of failing (enough of an error body to show).
 */
export async function readBody(
  response: Dispatcher.ResponseData,
  limit: number,
  keepHead = false,
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
    chunks.push(chunk);
    size += chunk.length;
  }
  return { ok: true, text: Buffer.concat(chunks, size).toString('utf8') };
}
