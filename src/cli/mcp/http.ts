// `netdeck mcp --http PORT`: the Streamable HTTP transport (the SDK's) on loopback, at
// /mcp. Every request must carry the bearer token netdeck printed (or wrote) at the start,
// and come from the loopback names in Host and Origin, at any port: a web page that points
// a name of its own at 127.0.0.1 (DNS rebinding) sends that name, and is refused before the
// token is looked at. Each client's session is a server of its own over the same client,
// bound and event watch; the oldest session goes when there are too many.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { hostCheck, LOOPBACK_NAMES, normalHostName } from '../../net/host-check.ts';
import { type Listening, listen } from '../../net/listen.ts';
import type { createServer } from './server.ts';

export const MCP_PATH = '/mcp';
/** Sessions kept at once; a new one beyond them closes the one used least recently. */
const MAX_SESSIONS = 32;
/** The largest request body read. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

type NewServer = () => ReturnType<typeof createServer>;

/** Whether an Origin header is a page of this machine's own (or none: not a browser). */
function loopbackOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    const name = normalHostName(url.hostname);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.includes(name ?? '');
  } catch {
    return false;
  }
}

/** Whether the request carries the bearer token, compared in constant time. */
function bearerOf(token: string): (header: string | undefined) => boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  return (header) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** The request's body as JSON: undefined for none, or an error saying what is wrong with it. */
async function readJson(req: IncomingMessage): Promise<{ body?: unknown; problem?: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { problem: `the body is larger than ${MAX_BODY_BYTES} bytes` };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { problem: 'the body is not JSON' };
  }
}

export async function serveHttp(port: number, token: string, newServer: NewServer): Promise<Listening> {
  const hostAllowed = hostCheck({ bound: '127.0.0.1' });
  const authorized = bearerOf(token);
  /** Open sessions by id, the one used last at the end. */
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const use = (id: string, transport: StreamableHTTPServerTransport) => {
    sessions.delete(id);
    sessions.set(id, transport);
  };

  const start = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        use(id, transport);
        if (sessions.size > MAX_SESSIONS) void sessions.values().next().value?.close();
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await newServer().connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req.headers.host) || !loopbackOrigin(req.headers.origin))
      return refuse(res, 403, 'Forbidden: netdeck mcp answers the loopback names only (Host and Origin)');
    if (!authorized(req.headers.authorization))
      return refuse(res, 401, 'Unauthorized: send the bearer token netdeck mcp gave at its start', {
        'www-authenticate': 'Bearer',
      });
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH)
      return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const { body, problem } = req.method === 'POST' ? await readJson(req) : {};
    if (problem) return refuse(res, 400, `Bad request: ${problem}`);
    const id = req.headers['mcp-session-id'];
    const transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport) {
      use(id as string, transport);
      return transport.handleRequest(req, res, body);
    }
    if (id !== undefined) return refuse(res, 404, 'Not found: no such session (start another)');
    if (req.method === 'POST' && isInitializeRequest(body)) return start(req, res, body);
    return refuse(res, 400, 'Bad request: no session (send initialize first)');
  };

  const listening = await listen(
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) refuse(res, 500, `Internal error: ${(error as Error).message}`);
        else res.end();
      });
    },
    '127.0.0.1',
    port,
  );
  return {
    ...listening,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await listening.close();
    },
  };
}
