// `netdeck wallet`: the payout wallet of the network; `wallet list` the network's
// wallets; `wallet add --chain SOL ADDRESS` adds one (the address checked as the service
// checks it before anything is sent); `wallet set ID` makes one the payout wallet;
// `wallet remove ID` removes one.
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.ts';
import type { AccountWallet } from '../../contract/schemas.ts';
import { chainOf, walletRefusal } from '../../contract/wallet-address.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { addServiceOptions, type CommonOptions, optionsOf, orUsage, uuidOf } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, flagField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import { runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

const WALLET_ID = '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47';

/** Why an address would be refused, in the service's words and then in ours; undefined when it is fine. */
function walletProblem(chain: string, address: string): string | undefined {
  const refusal = walletRefusal(chain, address);
  if (!refusal) return undefined;
  if (!chainOf(chain)) return `${refusal}: "${chain}" is not a chain the service knows`;
  return chainOf(chain) === 'TAO'
    ? `${refusal}: a TAO wallet's address is an ss58 address (5...)`
    : `${refusal}: the service wants a Solana address (base58 of 32 bytes, not the USDC mint) for every chain but TAO, also for MATIC and ETHEREUM`;
}

export function registerWallet(program: Command, context: CliContext): void {
  const wallet = program.command('wallet').description('the payout wallet of the network, and its wallets');
  addServiceOptions(wallet);
  wallet.addHelpText(
    'after',
    examples([
      ['netdeck wallet', 'the wallet that receives payouts'],
      ['netdeck wallet list', "the network's wallets, the payout wallet marked"],
      ['netdeck wallet add --chain SOL 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'add a wallet'],
      [`netdeck wallet set ${WALLET_ID}`, 'pay into another wallet of the network'],
    ]),
  );
  wallet.action(async (_flags, cmd: Command) => {
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.getPayoutWallet();
      // The client reads a null as absent; the service sends the key, null when none is set.
      if (out.json) out.printJson({ ...result, wallet_id: result.wallet_id ?? null });
      else out.line(result.wallet_id ? sanitize(result.wallet_id) : 'No payout wallet set.');
    });
  });

  const sub = (name: string, description: string, help: [string, string][], table = false) => {
    const command = wallet.command(name).description(description);
    addServiceOptions(command, { csv: table });
    command.addHelpText('after', examples(help));
    return command;
  };

  sub(
    'list',
    "the network's wallets: chain, address, which one is the payout wallet",
    [
      ['netdeck wallet list', 'one row per wallet'],
      ["netdeck wallet list --json | jq -r '.wallets[].wallet_address'", 'for scripts'],
    ],
    true,
  ).action(async (_flags, cmd: Command) => {
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const [list, payout] = await Promise.all([client.accountWallets(), client.getPayoutWallet()]);
      out.result({ ...list, payout_wallet_id: payout.wallet_id ?? null }, () =>
        walletsTable(list.wallets ?? [], payout.wallet_id, out.style),
      );
      if (!payout.wallet_id && list.wallets?.length && !out.json)
        out.note('no payout wallet set: netdeck wallet set WALLET_ID');
    });
  });

  sub('add', 'add a wallet to the network (the first one that is not TAO becomes the payout wallet)', [
    ['netdeck wallet add --chain SOL 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'prints the wallet id'],
    [
      'netdeck wallet add --chain TAO 5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      'a Bittensor wallet (never the payout wallet)',
    ],
  ])
    .argument('<address>', 'the wallet address')
    .requiredOption(
      '--chain <chain>',
      'SOL, MATIC, ETHEREUM or TAO (also SOLANA, POLY, POLYGON, ETH, BITTENSOR; any case)',
    )
    .option('--token-type <type>', 'the token it is paid in (default USDC)')
    .action(async (address: string, _flags, cmd: Command) => {
      const options = optionsOf<CommonOptions & { chain: string; tokenType?: string }>(cmd);
      const trimmed = address.trim();
      orUsage(cmd, () => {
        const problem = walletProblem(options.chain, trimmed);
        if (problem) throw new UsageError(problem);
      });
      await runWithClient(context, options, async ({ client, out }) => {
        const result = await client.createWallet({
          blockchain: options.chain,
          wallet_address: trimmed,
          ...(options.tokenType ? { default_token_type: options.tokenType } : {}),
        });
        const payout = await client.getPayoutWallet();
        if (out.json) return out.printJson(result);
        out.line(
          `Added wallet ${sanitize(result.wallet_id)} (${chainOf(options.chain)} ${sanitize(trimmed)}).`,
        );
        if (payout.wallet_id && payout.wallet_id === result.wallet_id)
          out.note('it is the payout wallet now');
      });
    });

  sub('set', 'make one of the network’s wallets the payout wallet', [
    [`netdeck wallet set ${WALLET_ID}`, 'prints the new payout wallet'],
  ])
    .argument('<wallet-id>', 'the wallet id (a UUID; netdeck wallet list shows them)')
    .action(async (walletId: string, _flags, cmd: Command) => {
      const id = orUsage(cmd, () => uuidOf(walletId, 'wallet id'));
      await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
        const result = await client.setPayoutWallet({ wallet_id: id });
        if (out.json) out.printJson(result);
        else out.line(`Payout wallet set to ${id}.`);
      });
    });

  sub('remove', 'remove a wallet from the network (if it was the payout wallet, none is set then)', [
    [`netdeck wallet remove ${WALLET_ID}`, 'the wallet is no longer listed'],
  ])
    .argument('<wallet-id>', 'the wallet id (a UUID; netdeck wallet list shows them)')
    .action(async (walletId: string, _flags, cmd: Command) => {
      const id = orUsage(cmd, () => uuidOf(walletId, 'wallet id'));
      await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
        const result = await client.removeWallet({ wallet_id: id });
        if (!result.success)
          throw new ApiError('business', `no wallet ${id} in this network: nothing removed`);
        if (out.json) out.printJson(result);
        else out.line(`Removed wallet ${id}.`);
      });
    });
}

function walletsTable(
  wallets: AccountWallet[],
  payoutId: string | undefined,
  style: Style,
): DataTable<AccountWallet> {
  const isPayout = (w: AccountWallet) => Boolean(w.wallet_id && w.wallet_id === payoutId);
  return {
    fields: [
      textField('WALLET ID', 'wallet_id', (w) => w.wallet_id, '-'),
      textField('CHAIN', 'chain', (w) => w.blockchain, '-'),
      textField('ADDRESS', 'address', (w) => w.wallet_address, '-'),
      textField('TOKEN', 'token', (w) => w.default_token_type, '-'),
      flagField('PAYOUT', 'payout', isPayout, style.good('★ payout')),
      {
        header: 'ADDED',
        name: 'added_at',
        value: (w) => isoTime(w.create_time),
        show: (w) => formatTimestamp(w.create_time),
      },
    ],
    rows: wallets,
    empty: 'This network has no wallets. Add one with: netdeck wallet add --chain SOL ADDRESS',
  };
}
