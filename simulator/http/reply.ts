// Writing answers the way the real (Go) service does: error bodies are plain text ending
// in a newline (Go's http.Error), only 200 bodies are JSON.
import type { ServerResponse } from 'node:http';
import { HTTP_TEXT } from '../../src/contract/messages.ts';

export function sendText(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(`${message}\n`);
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'content-length': String(body.length),
    ...headers,
  });
  res.end(body);
}

/**
 * What Go's server answers to a request line it cannot parse (a bad escape in the path),
 * before any handler: `400 Bad Request`, without a newline, and the connection closed.
 */
export function sendBadRequest(res: ServerResponse): void {
  const body = Buffer.from(HTTP_TEXT.badRequest);
  res.writeHead(400, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
    connection: 'close',
  });
  res.end(body);
}

export function sendJsonBytes(res: ServerResponse, body: Buffer | string): void {
  sendBytes(res, 'application/json', typeof body === 'string' ? Buffer.from(body) : body);
}

/** A 200 answer of `type` (JSON, a PNG). */
export function sendBytes(res: ServerResponse, type: string, bytes: Buffer): void {
  res.writeHead(200, { 'content-type': type, 'content-length': String(bytes.length) });
  res.end(bytes);
}

export function sendJson(res: ServerResponse, value: unknown): void {
  sendJsonBytes(res, JSON.stringify(value));
}
