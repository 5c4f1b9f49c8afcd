// `netdeck balance`: the network's data balance in bytes (GET /subscription/balance: what
// its clients and proxies may still transfer; not the wallet's USDC); `balance codes` the
// codes it redeemed that still run (secrets masked unless --show-secrets); `balance
// redeem CODE` checks a code (check-balance-code), asks on a terminal, then redeems it.
import type { Command } from 'commander';
import type { BalanceCodes, RedeemedBalanceCode, SubscriptionBalance } from '../../contract/schemas.ts';
import { formatBytes, formatTimestamp } from '../../format/numbers.ts';
import { balanceCodeProblem, maskBalanceCode } from '../../store/balance-code.ts';
import type { CliContext } from '../context.ts';
import type { CommonOptions } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import { askYesNo } from '../profile/prompt.ts';
import { type SecretsOption, SHOW_SECRETS_HELP } from './secrets.ts';
import { serviceCommand } from './service-command.ts';

const NOT_USDC =
  "the network's data balance in bytes: what its clients and proxies may still transfer (not the wallet's USDC: netdeck earnings)";

const bytesField = (header: string, name: string, pick: (b: SubscriptionBalance) => number | undefined) => ({
  header,
  name,
  align: 'right' as const,
  value: pick,
  show: (b: SubscriptionBalance) => (pick(b) === undefined ? '-' : `${formatBytes(pick(b))}`),
});

function balanceTable(balance: SubscriptionBalance): DataTable<SubscriptionBalance> {
  const plan = (b: SubscriptionBalance) => b.current_subscription?.plan;
  return {
    fields: [
      bytesField('START', 'start_balance_bytes', (b) => b.start_balance_byte_count),
      bytesField('BALANCE', 'balance_bytes', (b) => b.balance_byte_count),
      bytesField('OPEN TRANSFER', 'open_transfer_bytes', (b) => b.open_transfer_byte_count),
      textField('SUBSCRIPTION', 'subscription', plan, 'none'),
      {
        header: 'BALANCES',
        name: 'active_transfer_balances',
        value: (b) => b.active_transfer_balances?.length ?? 0,
      },
    ],
    rows: [balance],
    pairs: true,
  };
}

function codesTable(codes: RedeemedBalanceCode[], show: boolean): DataTable<RedeemedBalanceCode> {
  return {
    fields: [
      // A mask is no data: the CSV's secret is empty unless asked for.
      {
        header: 'CODE',
        name: 'secret',
        value: (c) => (show ? c.secret : undefined),
        show: (c) => (show ? c.secret : maskBalanceCode(c.secret)) ?? '',
      },
      {
        header: 'BYTES',
        name: 'balance_bytes',
        align: 'right',
        value: (c) => c.balance_byte_count,
        show: (c) => formatBytes(c.balance_byte_count),
      },
      {
        header: 'REDEEMED',
        name: 'redeem_time',
        value: (c) => isoTime(c.redeem_time),
        show: (c) => formatTimestamp(c.redeem_time),
      },
      {
        header: 'ENDS',
        name: 'end_time',
        value: (c) => isoTime(c.end_time),
        show: (c) => formatTimestamp(c.end_time),
      },
      textField('ID', 'balance_code_id', (c) => c.balance_code_id),
    ],
    rows: codes,
    empty: 'This network has redeemed no balance code that still runs.',
  };
}

/** The codes answer as printed: each secret masked unless asked for (and hidden from every line). */
function codesAsAsked(answer: BalanceCodes, show: boolean, hide: (s: string) => void): BalanceCodes {
  if (show || !answer.balance_codes) return answer;
  for (const c of answer.balance_codes) if (c.secret) hide(c.secret);
  return {
    ...answer,
    balance_codes: answer.balance_codes.map((c) => ({ ...c, secret: maskBalanceCode(c.secret) })),
  };
}

export function registerBalance(program: Command, context: CliContext): void {
  const balance = serviceCommand(program, context, {
    name: 'balance',
    description: NOT_USDC,
    csv: true,
    examples: [
      ['netdeck balance', 'start, balance left, bytes in open transfers, subscription'],
      ['netdeck balance codes', 'the balance codes redeemed that still run'],
      ['netdeck balance redeem CODE', 'add a balance code (asks first)'],
      ['netdeck balance --json', "the service's answer"],
    ],
    help: { after: 'Bytes with binary prefixes (GiB, TiB). USDC earned as a provider: netdeck earnings.\n' },
    run: async ({ client, out }) => {
      const answer = await client.subscriptionBalance();
      out.result(answer, () => balanceTable(answer));
    },
  });

  serviceCommand(balance, context, {
    name: 'codes',
    description:
      'the balance codes the network redeemed that still run (secrets masked unless --show-secrets)',
    flags: (command) => command.option('--show-secrets', SHOW_SECRETS_HELP),
    csv: true,
    examples: [['netdeck balance codes --json', "the service's answer, secrets masked"]],
    run: async ({ client, out }, options: CommonOptions & SecretsOption) => {
      const show = options.showSecrets === true;
      const answer = codesAsAsked(await client.balanceCodes(), show, (s) => out.hide(s));
      out.result({ ...answer, balance_codes: answer.balance_codes ?? null }, () =>
        codesTable(answer.balance_codes ?? [], show),
      );
    },
  });

  serviceCommand(balance, context, {
    name: 'redeem',
    description: 'redeem a balance code: checked first, then (after a question on a terminal) redeemed',
    args: [['<code>', 'the code (26 characters as the service makes them; its case matters)']],
    flags: (command) => command.option('--yes', 'do not ask (needed without a terminal)'),
    examples: [
      ['netdeck balance redeem ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'shows what it holds, asks, redeems'],
      ['netdeck balance redeem "$CODE" --yes --json', 'from a script'],
    ],
    check: (options: CommonOptions & { yes?: boolean }, [code]: [string]) => {
      const problem = balanceCodeProblem(code);
      if (problem) throw new UsageError(problem);
      const asking = !options.yes;
      if (asking && !context.io.stdin?.isTTY)
        throw new UsageError('no terminal to ask on: add --yes to redeem without a question');
      return { code, asking };
    },
    run: async ({ client, out }, { code, asking }) => {
      out.hide(code);
      const held = (await client.checkBalanceCode({ secret: code })).balance;
      const what = `${formatBytes(held?.balance_byte_count)} until ${formatTimestamp(held?.end_time)}`;
      if (asking) {
        const yes = await askYesNo(context.io, `The code holds ${what}. Redeem it for this network?`);
        if (!yes) {
          out.note('nothing redeemed');
          return ExitCode.ok;
        }
      }
      const answer = await client.redeemBalanceCode({ secret: code });
      const made = answer.transfer_balance;
      out.outcome(
        answer,
        `redeemed: ${formatBytes(made?.balance_byte_count)} added to the data balance (balance ${made?.transfer_balance_id ?? '?'})`,
      );
      out.hint('netdeck balance shows the new balance');
    },
  });
}
