// What a tool of `netdeck mcp` is, as the key and endpoint tables are rows: its name and
// words, its input and output as zod schemas (the SDK lists them as JSON Schema and checks
// both), its annotations, and its work over the client the commands use. The tables are
// tools.ts (what the network is) and actions.ts (what changes it, only with
// --allow-writes); server.ts registers them.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../clock.ts';
import type { Output } from '../output/writer.ts';

/** What a tool's work is given: the same client and clock a command's work is. */
export interface ToolSession {
  /** The client, its calls counted against the bound of requests a minute (request-bound.ts). */
  client: ApiClient;
  /** The service's clock (the demo simulator's, else the one its answers tell). */
  clock: Clock;
  /** Notes and warnings: on stderr, and to the agent beside the answer. */
  out: Pick<Output, 'note' | 'warn'>;
  /** The hours idle providers are judged over unless a tool is told (--idle-hours, idle_hours, 6). */
  idleHours: number;
}

/** An object schema: a tool's arguments and its structured result are objects. */
type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface McpTool<I extends ObjectSchema = ObjectSchema, O extends ObjectSchema = ObjectSchema> {
  /** snake_case, as MCP clients show tool names. */
  name: string;
  title: string;
  /** What it answers (or does), for the agent that picks it: units and where the figures come from. */
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /**
   * The structured result; for an action what it did in words (`said`), else the result's
   * JSON is the text; `failed`: an action that did nothing it was asked (a tool error).
   */
  run(
    session: ToolSession,
    args: z.output<I>,
  ): Promise<{ result: z.input<O>; said?: string; failed?: boolean }>;
}

/** A tool of the table, its types checked against its schemas. */
export const tool = <I extends ObjectSchema, O extends ObjectSchema>(spec: McpTool<I, O>): McpTool =>
  spec as unknown as McpTool;

/** What every tool that only reads says of itself. */
export const READS: ToolAnnotations = { readOnlyHint: true, openWorldHint: true };
