// Writing answers the way the real (Go) service does: error bodies are plain text ending
// in a newline (Go's http.Error), only 200 bodies are JSON.
import type { ServerResponse } from 'node:http';

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

export function sendJsonBytes(res: ServerResponse, body: Buffer | string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  res.end(bytes);
}

export function sendJson(res: ServerResponse, value: unknown): void {
  sendJsonBytes(res, JSON.stringify(value));
}
