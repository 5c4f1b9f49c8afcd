// One MCP server of `netdeck mcp` (the official SDK's), for one connection: the tools of
// the tables (the actions only with --allow-writes), the resources, and the events of the
// watch as log messages. A tool's failure is a tool error in the words a command would
// print (explainError for the commands), its notes beside its answer.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { EventSource, Severity } from '../../store/events/event-source.ts';
import { explain } from '../run-command.ts';
import { netdeckVersion } from '../version.ts';
import { ACTIONS } from './actions.ts';
import { serveResources } from './resources.ts';
import type { McpTool, ToolSession } from './tool.ts';
import { TOOLS } from './tools.ts';

export interface ServerParts {
  session: ToolSession;
  events: EventSource;
  allowWrites: boolean;
  /** The bound of requests a minute, for the notes. */
  perMinute: number;
}

const INSTRUCTIONS =
  'netdeck answers what an operator of a URnetwork provider network asks: which providers are up, down or idle (connected and carrying nothing), what they relayed and earned, the payouts, reliability and rank, stale clients, places and their providers, devices, blocked countries. Read netdeck://notes for the units before reading figures, and netdeck://events for what changed recently. Requests to the service are bounded per minute.';

/** How loud an event is as a log message. */
const LEVEL: Record<Severity, LoggingLevel> = { info: 'info', warning: 'warning', critical: 'critical' };

export function createServer({ session, events, allowWrites, perMinute }: ServerParts): McpServer {
  const server = new McpServer(
    { name: 'netdeck', version: netdeckVersion() },
    { capabilities: { logging: {} }, instructions: INSTRUCTIONS },
  );
  for (const entry of allowWrites ? [...TOOLS, ...ACTIONS] : TOOLS) addTool(server, entry, session);
  serveResources(server, events, { perMinute, idleHours: session.idleHours });
  // What `netdeck watch` would print, to a client that shows the server's log.
  const unsubscribe = events.subscribe((event) => {
    if (server.isConnected())
      void server
        .sendLoggingMessage({ level: LEVEL[event.severity], logger: 'events', data: event })
        .catch(() => {});
  });
  const closed = server.server.onclose;
  server.server.onclose = () => {
    unsubscribe();
    closed?.();
  };
  return server;
}

function addTool(server: McpServer, entry: McpTool, session: ToolSession): void {
  server.registerTool(
    entry.name,
    {
      title: entry.title,
      description: entry.description,
      inputSchema: entry.input,
      outputSchema: entry.output,
      annotations: { title: entry.title, ...entry.annotations },
    },
    async (args: unknown): Promise<CallToolResult> => {
      const notes: string[] = [];
      const out = {
        note: (text: string) => {
          session.out.note(text);
          notes.push(`note: ${text}`);
        },
        warn: (text: string) => {
          session.out.warn(text);
          notes.push(`warning: ${text}`);
        },
      };
      const beside = () => notes.map((text) => ({ type: 'text' as const, text }));
      try {
        const { result, said, failed } = await entry.run({ ...session, out }, args as never);
        const structured = result as Record<string, unknown>;
        return {
          content: [{ type: 'text', text: said ?? JSON.stringify(structured) }, ...beside()],
          structuredContent: structured,
          ...(failed ? { isError: true } : {}),
        };
      } catch (error) {
        return { content: [{ type: 'text', text: explain(error) }, ...beside()], isError: true };
      }
    },
  );
}
