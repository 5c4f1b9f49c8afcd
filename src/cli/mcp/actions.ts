// The tools of `netdeck mcp` that change the network, listed only with --allow-writes
// (a flag of the command line: nothing an agent sends turns it on). Each takes the ids it
// acts on, never "all" by default, runs the function its command runs, and answers what
// it did in the command's own sentence.
import * as z from 'zod';
import { Udid } from '../../contract/schemas.ts';
import { formatPeriod } from '../../format/numbers.ts';
import { block, type CountryOutcome, unblock } from '../commands/blocked.ts';
import { findStale, removeTargets } from '../commands/clients.ts';
import { setDeviceName } from '../commands/devices.ts';
import { explain } from '../run-command.ts';
import { PROXY_ACTIONS } from './proxy-actions.ts';
import { type McpTool, type ToolSession, tool } from './tool.ts';
import { stalePeriod } from './tools.ts';

/** One country's outcome: what block or unblock printed for it, or why it failed. */
const CountryDone = z.object({
  country: z.string().describe('as given'),
  outcome: z.string().optional().describe('what was done, as `netdeck block` or `unblock` says it'),
  error: z.string().optional().describe('why nothing was done for it'),
  location_id: z.string().optional(),
  name: z.string().optional(),
  country_code: z.string().optional(),
  blocked: z.boolean().optional().describe('blocked now'),
  changed: z.boolean().optional(),
});
type CountryDone = z.infer<typeof CountryDone>;

/**
 * block_countries and unblock_countries: each country in turn, one failing (an unknown
 * name, a city) not stopping the others; a failure only when none was done.
 */
function countriesTool(
  name: string,
  title: string,
  description: string,
  act: (client: ToolSession['client'], given: string) => Promise<CountryOutcome>,
): McpTool {
  return tool({
    name,
    title,
    description,
    input: z.strictObject({
      countries: z
        .array(z.string().min(1))
        .min(1)
        .max(50)
        .describe('countries, each a two-letter code (de), a name (Germany) or a location id'),
    }),
    output: z.object({ outcomes: z.array(CountryDone) }),
    // Doing it twice does what doing it once did.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ client }, { countries }) => {
      const outcomes: CountryDone[] = [];
      for (const country of countries) {
        try {
          const done = await act(client, country);
          outcomes.push({
            country,
            outcome: done.sentence,
            location_id: done.target.id,
            name: done.target.name,
            country_code: done.target.code,
            blocked: done.blocked,
            changed: done.changed,
          });
        } catch (error) {
          outcomes.push({ country, error: explain(error) });
        }
      }
      return {
        result: { outcomes },
        said: outcomes.map((o) => o.outcome ?? `${o.country}: ${o.error}`).join('\n'),
        failed: outcomes.every((o) => o.error !== undefined),
      };
    },
  });
}

export const ACTIONS = [
  tool({
    name: 'remove_stale_clients',
    title: 'Remove stale clients',
    description:
      'Removes the clients named, each of which must be stale for the period (stale_clients lists them): as `netdeck clients remove ID...` does, it leaves the lists and statistics and its token stops working. A client that is not stale is refused and nothing is removed.',
    input: z.strictObject({
      client_ids: z.array(Udid).min(1).max(10_000).describe('the client ids to remove, from stale_clients'),
      stale_for: stalePeriod,
    }),
    output: z.looseObject({
      client_ids: z.array(z.string()),
      route: z.string().describe('the route of the service that removed them'),
      outcome: z.string().describe('what came of it, as `netdeck clients remove` says it'),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ client, clock }, { client_ids, stale_for }) => {
      const found = await findStale(client, stale_for, clock.now());
      const stale = new Map(found.stale.map((s) => [s.client.client_id, s]));
      const ids = [...new Set(client_ids)];
      const fresh = ids.filter((id) => !stale.has(id));
      if (fresh.length)
        throw new Error(
          `not stale for ${formatPeriod(stale_for)} (connected, seen since, or no client of this network): ${fresh.join(', ')}; nothing removed`,
        );
      const targets = ids.map((clientId) => ({
        clientId,
        name: stale.get(clientId)?.client.device_name,
        lastSeen: stale.get(clientId)?.lastSeen,
      }));
      const { outcome, json } = await removeTargets(client, targets);
      return { result: { ...json, outcome: outcome.text }, said: outcome.text, failed: !outcome.ok };
    },
  }),

  countriesTool(
    'block_countries',
    'Block countries',
    "Stops offering the network's providers to consumers in each country named, as `netdeck block COUNTRY` does; a region or a city is refused (the service matches consumers by country only).",
    block,
  ),

  countriesTool(
    'unblock_countries',
    'Unblock countries',
    "Offers the network's providers to consumers in each country named again, as `netdeck unblock COUNTRY` does.",
    unblock,
  ),

  tool({
    name: 'rename_device',
    title: 'Rename a device',
    description:
      'Gives one of the network’s devices a new name, by its device id (not its client id: the clients tool lists both), as `netdeck devices set-name DEVICE_ID NAME` does.',
    input: z.strictObject({
      device_id: Udid.describe('the device id'),
      name: z.string().trim().min(1).max(200).describe('the new name'),
    }),
    output: z.object({
      device_id: z.string(),
      name: z.string(),
      answer: z.unknown().describe('what the service answered'),
      outcome: z.string().describe('what was done, as `netdeck devices set-name` says it'),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ client }, { device_id, name }) => {
      const { answer, sentence } = await setDeviceName(client, device_id, name);
      return { result: { device_id, name, answer, outcome: sentence }, said: sentence };
    },
  }),

  ...PROXY_ACTIONS,
];
