// The actions of `netdeck mcp` on what the network uses rather than provides (issue 34):
// make and remove a hosted proxy, redeem a balance code. Listed only with --allow-writes,
// as every action (actions.ts); each runs the work its command runs, its checks before any
// request included, and answers in the command's words. A proxy's token acts as the
// network: the answers carry it masked unless the server runs with --show-secrets.
import * as z from 'zod';
import { redact } from '../../api/auth.ts';
import { maskProxy, proxySecrets } from '../../api/proxy-secrets.ts';
import {
  CheckBalanceCodeResult,
  ProxyConfigResult,
  RedeemBalanceCodeResult,
  Udid,
} from '../../contract/schemas.ts';
import { balanceCodeProblem } from '../../store/balance-code.ts';
import { redeemCode } from '../commands/balance.ts';
import { removeProxy } from '../commands/proxy.ts';
import {
  checkProxyAsked,
  madeLines,
  makeProxy,
  type ProxyArgNames,
  simulatorProxyNote,
} from '../commands/proxy-create.ts';
import { UsageError } from '../output/exit-codes.ts';
import { tool } from './tool.ts';

/** The fields a refusal of create_proxy names, where `proxy create` names its flags. */
const FIELDS: ProxyArgNames = { country: 'country', location: 'location_id', lockIp: 'lock_ips' };

/** An action that changes the service, and done twice does it twice (two proxies; a code refused). */
const CHANGES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

export const PROXY_ACTIONS = [
  tool({
    name: 'create_proxy',
    title: 'Create a hosted proxy',
    description:
      "Makes a hosted proxy in a country or a location, as `netdeck proxy create` does: traffic sent through its HTTP and SOCKS5 URLs (and WireGuard, when asked) leaves through the network's providers there, spending the data balance. A country netdeck does not know, an id that is no UUID or a lock entry that is no address is refused before anything is sent. Its token is masked in the answer unless this server runs with --show-secrets (`netdeck proxy list --show-secrets` shows it to the operator).",
    input: z.strictObject({
      country: z
        .string()
        .optional()
        .describe('two letters of ISO 3166-1 (de, us, jp); give this or location_id'),
      location_id: z
        .string()
        .optional()
        .describe('a country, region or city id from search_places; give this or country'),
      wireguard: z.boolean().default(false).describe('also a WireGuard configuration'),
      lock_ips: z
        .array(z.string())
        .max(100)
        .default([])
        .describe('only these addresses or prefixes may use it (203.0.113.7, 10.0.0.0/8)'),
      lock_caller_ip: z
        .boolean()
        .default(false)
        .describe('only the address this server’s requests come from may use it'),
      https_require_auth: z
        .boolean()
        .default(false)
        .describe('its HTTPS URL without the token: it wants Proxy-Authorization'),
      name: z.string().trim().min(1).max(200).optional().describe('its name, before its place'),
    }),
    output: z.object({
      place: z.string().describe('where its traffic leaves from, as netdeck records it in its client’s name'),
      client_id: z.string().optional().describe('its client id: what remove_proxy takes'),
      proxy_id: z.string().optional(),
      proxy: ProxyConfigResult.describe(
        'the service’s proxy_config_result: URLs, ports, WireGuard; the token and private key masked unless --show-secrets',
      ),
      outcome: z.string().describe('what was made, as `netdeck proxy create` says it'),
    }),
    annotations: CHANGES,
    run: async (session, args) => {
      const asked = checkProxyAsked(
        {
          country: args.country,
          location: args.location_id,
          wg: args.wireguard,
          lockIp: args.lock_ips,
          lockCallerIp: args.lock_caller_ip,
          httpsRequireAuth: args.https_require_auth,
          name: args.name,
        },
        FIELDS,
      );
      const made = await makeProxy(session, asked);
      const secrets = session.showSecrets ? [] : proxySecrets(made.made);
      const lines = madeLines(
        made,
        {
          asked: args.wireguard,
          where: `in proxy.wg_config${secrets.length ? ' (its private key masked)' : ''}`,
          howToAsk: 'wireguard: true',
        },
        (text) => text,
      );
      if (secrets.length)
        lines.push(
          'Its token is masked here (netdeck mcp runs without --show-secrets): `netdeck proxy list --show-secrets` shows the URLs with it.',
        );
      if (made.proxy.simulator) session.out.note(simulatorProxyNote(made.place, false));
      const outcome = secrets.reduce(redact, lines.join('\n'));
      return {
        result: {
          place: made.place.text,
          client_id: made.made.client_id,
          proxy_id: made.made.proxy_id,
          proxy: session.showSecrets ? made.made : maskProxy(made.made),
          outcome,
        },
        said: outcome,
      };
    },
  }),

  tool({
    name: 'remove_proxy',
    title: 'Remove a hosted proxy',
    description:
      'Removes one hosted proxy by its client id (the proxies tool lists them), as `netdeck proxy remove CLIENT_ID` does: its client goes and its URLs stop working. A client that is not a proxy’s is refused (remove_stale_clients removes those).',
    input: z.strictObject({ client_id: Udid.describe('the proxy’s client id, from the proxies tool') }),
    output: z.object({
      client_id: z.string(),
      outcome: z.string().describe('what was done, as `netdeck proxy remove` says it'),
    }),
    annotations: { ...CHANGES, destructiveHint: true },
    run: async (session, { client_id }) => {
      const { sentence } = await removeProxy(session, client_id);
      return { result: { client_id, outcome: sentence }, said: sentence };
    },
  }),

  tool({
    name: 'redeem_balance_code',
    title: 'Redeem a balance code',
    description:
      'Redeems a balance code for the network, as `netdeck balance redeem CODE` does: checked first (what it holds), then redeemed; its bytes join the data balance (the balance tool) until the code’s end. Its case matters. A code that cannot be one (empty, not printable, over 128 characters) is refused before anything is sent; an unknown or redeemed one in the service’s words.',
    input: z.strictObject({
      code: z.string().describe('the balance code, as given (26 characters as the service makes them)'),
    }),
    output: z.object({
      held: CheckBalanceCodeResult.shape.balance.describe('what the code held, as checked before redeeming'),
      transfer_balance: RedeemBalanceCodeResult.shape.transfer_balance.describe('the data balance it made'),
      outcome: z.string().describe('what was done, as `netdeck balance redeem` says it'),
    }),
    annotations: CHANGES,
    run: async ({ client }, { code }) => {
      const problem = balanceCodeProblem(code);
      if (problem) throw new UsageError(problem);
      // No question (so always an answer): the MCP client asks its user before an action
      // that changes the service, as --yes leaves it to the script.
      const { held, answer, sentence } = (await redeemCode(client, code))!;
      return {
        result: { held, transfer_balance: answer.transfer_balance, outcome: sentence },
        said: sentence,
      };
    },
  }),
];
