// `netdeck mcp`'s work, loaded only when it runs (the SDK is not read at any other start):
// the bound of requests over the command's client, the event watch, and the servers over
// stdio (one) or Streamable HTTP (one per session), until the client goes or Ctrl-C.
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { systemClock } from '../../clock.ts';
import { replacePrivateFile } from '../../safe-files.ts';
import { DEFAULT_IDLE_HOURS } from '../../store/idle.ts';
import type { CliContext } from '../context.ts';
import { commandClock, stopSignal, untilAborted } from '../long-running/long-running.ts';
import { ExitCode } from '../output/exit-codes.ts';
import type { CommandSession } from '../run-command.ts';
import { watchEvents } from './event-watch.ts';
import { MCP_PATH, serveHttp } from './http.ts';
import { boundedClient, requestBound } from './request-bound.ts';
import { createServer } from './server.ts';

export interface McpRequest {
  allowWrites: boolean;
  perMinute: number;
  /** `--http PORT`: Streamable HTTP on loopback instead of stdio. */
  httpPort?: number;
  /** `--http-token-file PATH`: where the bearer token goes instead of stdout. */
  httpTokenFile?: string;
  /** `--idle-hours N`: the hours idle providers are judged over (else the config's, else the default). */
  idleHours?: number;
}

export async function serveMcp(
  context: CliContext,
  session: CommandSession,
  request: McpRequest,
): Promise<number> {
  const { out } = session;
  const bound = requestBound(request.perMinute, context.deps.clock ?? systemClock);
  const clock = commandClock(session);
  const idleHours = request.idleHours ?? session.config.watch.values.idle_hours ?? DEFAULT_IDLE_HOURS;
  const stop = stopSignal(context.deps);
  // The watch ends with the server, however it ends (Ctrl-C, the client gone).
  const served = new AbortController();
  const events = watchEvents({
    client: session.client,
    clock,
    token: session.token,
    bound,
    everyMs: session.config.refresh.value * 1000,
    idleHours,
    signal: AbortSignal.any([stop.signal, served.signal]),
  });
  const newServer = () =>
    createServer({
      session: { client: boundedClient(session.client, bound), clock, out, idleHours },
      events,
      allowWrites: request.allowWrites,
      perMinute: request.perMinute,
    });
  const writes = request.allowWrites ? 'actions allowed (--allow-writes)' : 'read-only (no --allow-writes)';
  const target = session.simulator ? 'the demo simulator' : (session.config.apiUrl?.value ?? '');
  try {
    if (request.httpPort !== undefined) {
      const token = randomBytes(32).toString('base64url');
      const server = await serveHttp(request.httpPort, token, newServer).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new Error(`127.0.0.1:${request.httpPort} is in use; pick another with --http PORT`);
        throw error;
      });
      // The token is where it is said to be before anyone is told where to send it.
      if (request.httpTokenFile) replacePrivateFile(request.httpTokenFile, `${token}\n`);
      out.line(`listening on ${server.url}${MCP_PATH}`);
      if (request.httpTokenFile) out.note(`the bearer token is in ${request.httpTokenFile} (0600)`);
      else out.line(`token: ${token}`);
      out.note(`serving ${target}, ${writes}, at most ${request.perMinute} requests a minute; Ctrl-C stops`);
      await untilAborted(stop.signal);
      await server.close();
      return ExitCode.ok;
    }
    const server = newServer();
    const closed = new Promise<void>((resolve) => {
      const before = server.server.onclose;
      server.server.onclose = () => {
        before?.();
        resolve();
      };
    });
    await server.connect(context.deps.mcpTransport?.() ?? stdio(context, () => void server.close()));
    out.note(`serving ${target} over stdio, ${writes}, at most ${request.perMinute} requests a minute`);
    await Promise.race([closed, untilAborted(stop.signal)]);
    await server.close();
    return ExitCode.ok;
  } finally {
    served.abort();
    stop.dispose();
  }
}

/** The transport over this process's stdin and stdout; the client closing stdin calls `ended`. */
function stdio({ io }: CliContext, ended: () => void): Transport {
  const stdin = io.stdin ?? process.stdin;
  stdin.once('end', ended);
  return new StdioServerTransport(stdin, io.stdout as unknown as Writable);
}
