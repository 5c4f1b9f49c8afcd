// `netdeck mcp`: a Model Context Protocol server for agents, over stdio (or Streamable HTTP
// on loopback with --http), on the profile's API or the demo simulator as every command is.
// Its tools are netdeck's commands as an agent asks them (src/cli/mcp/); the SDK loads only
// here, after the command line has chosen it.
import type { Command } from 'commander';
import { DEFAULT_REFRESH_SECONDS } from '../../store/deps.ts';
import { DEFAULT_IDLE_HOURS, IDLE_HOURS_BOUNDS } from '../../store/idle.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, integerArg, numberArg } from '../options.ts';
import { UsageError } from '../output/exit-codes.ts';
import { serviceCommand } from './service-command.ts';
import { checkTokenFile } from './token-output.ts';

/** Requests a minute unless told (src/cli/mcp/request-bound.ts says why it is a bound). */
const DEFAULT_REQUESTS_PER_MINUTE = 60;
/** The least bound: one poll of the event watch (5 requests) must fit with room for the tools. */
const MIN_REQUESTS_PER_MINUTE = 10;

interface McpOptions extends CommonOptions {
  allowWrites?: boolean;
  requestsPerMinute?: number;
  http?: number;
  httpTokenFile?: string;
  refresh?: number;
  idleHours?: number;
}

export function registerMcp(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'mcp',
    description:
      'a Model Context Protocol server for agents (stdio, or --http on loopback): the fleet, providers, earnings, clients, places, devices and blocked countries as tools; actions only with --allow-writes',
    flags: (command) =>
      command
        .option(
          '--allow-writes',
          'list the tools that change the network too: remove stale clients, block and unblock countries, rename a device',
        )
        .option(
          '--requests-per-minute <n>',
          `send the service at most this many requests a minute, the event watch's included (default ${DEFAULT_REQUESTS_PER_MINUTE})`,
          integerArg({ min: MIN_REQUESTS_PER_MINUTE }),
        )
        .option(
          '--http <port>',
          'serve Streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio (0: a free port), behind a bearer token it prints once',
          integerArg({ min: 0, max: 65535 }),
        )
        .option('--http-token-file <path>', 'with --http: write the bearer token to this file (0600) instead')
        .option(
          '--refresh <seconds>',
          `watch the service for the events resource every this many seconds (default: the config's refresh_seconds, else ${DEFAULT_REFRESH_SECONDS})`,
          numberArg({ min: 0.1 }),
        )
        .option(
          '--idle-hours <n>',
          `a provider connected this many hours with no search, contract or transfer is idle (fleet_state, providers, provider_idle events; default: the config's idle_hours, else ${DEFAULT_IDLE_HOURS})`,
          numberArg(IDLE_HOURS_BOUNDS),
        ),
    outputOptions: false,
    examples: [
      ['netdeck mcp', 'for an MCP client that starts it (its stdout is the protocol)'],
      ['netdeck mcp --allow-writes', 'the actions too'],
      ['netdeck mcp --http 8808 --http-token-file ~/.mcp-token', 'http://127.0.0.1:8808/mcp'],
      ['npx @modelcontextprotocol/inspector --cli netdeck mcp --method tools/list', 'what an agent sees'],
    ],
    help: {
      after: `Its stdout carries only the protocol (JSON-RPC); notes and warnings go to stderr. An agent
cannot turn --allow-writes on. A tool past the bound answers an error saying when to try
again. The resources: netdeck://events (what netdeck watch reports) and netdeck://notes (the
units). docs/agents.md has the configuration for MCP clients.
`,
    },
    // One call is one request (no retries), so the bound counts exactly what is sent.
    longRunning: { retries: 0 },
    check: (options: McpOptions) => {
      if (options.httpTokenFile !== undefined && options.http === undefined)
        throw new UsageError('--http-token-file goes with --http PORT');
      checkTokenFile(options.httpTokenFile, '--http-token-file');
      return {
        allowWrites: options.allowWrites === true,
        perMinute: options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
        httpPort: options.http,
        httpTokenFile: options.httpTokenFile,
        idleHours: options.idleHours,
      };
    },
    run: async (session, request) => {
      const { serveMcp } = await import('../mcp/serve.ts');
      return serveMcp(context, session, request);
    },
  });
}
