// `netdeck wallet`: the payout wallet of the network; `wallet list` the network's
// wallets; `wallet add --chain SOL ADDRESS` adds one (the address checked as the service
// checks it before anything is sent); `wallet set ID` makes one the payout wallet;
// `wallet remove ID` removes one.
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { AccountWallet } from '../../contract/schemas.ts';
import { chainOf, walletRefusal } from '../../contract/wallet-address.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, uuidOf } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, flagField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import { serviceCommand } from './service-command.ts';

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

interface WalletAddOptions extends CommonOptions {
  chain: string;
  tokenType?: string;
}

export function registerWallet(program: Command, context: CliContext): void {
  const wallet = serviceCommand(program, context, {
    name: 'wallet',
    description: 'the payout wallet of the network, and its wallets',
    examples: [
      ['netdeck wallet', 'the wallet that receives payouts'],
      ['netdeck wallet list', "the network's wallets, the payout wallet marked"],
      ['netdeck wallet add --chain SOL 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'add a wallet'],
      [`netdeck wallet set ${WALLET_ID}`, 'pay into another wallet of the network'],
    ],
    run: async ({ client, out }) => {
      const result = await client.getPayoutWallet();
      // The client reads a null as absent; the service sends the key, null when none is set.
      out.outcome(
        { ...result, wallet_id: result.wallet_id ?? null },
        result.wallet_id ? sanitize(result.wallet_id) : 'No payout wallet set.',
      );
    },
  });

  serviceCommand(wallet, context, {
    name: 'list',
    description: "the network's wallets: chain, address, which one is the payout wallet",
    csv: true,
    examples: [
      ['netdeck wallet list', 'one row per wallet'],
      ["netdeck wallet list --json | jq -r '.wallets[].wallet_address'", 'for scripts'],
    ],
    run: async ({ client, out }) => {
      const [list, payout] = await Promise.all([client.accountWallets(), client.getPayoutWallet()]);
      out.result({ ...list, payout_wallet_id: payout.wallet_id ?? null }, () =>
        walletsTable(list.wallets ?? [], payout.wallet_id, out.style),
      );
      if (!payout.wallet_id && list.wallets?.length)
        out.hint('no payout wallet set: netdeck wallet set WALLET_ID');
    },
  });

  serviceCommand(wallet, context, {
    name: 'add',
    description: 'add a wallet to the network (the first one that is not TAO becomes the payout wallet)',
    args: [['<address>', 'the wallet address']],
    examples: [
      ['netdeck wallet add --chain SOL 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'prints the wallet id'],
      [
        'netdeck wallet add --chain TAO 5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
        'a Bittensor wallet (never the payout wallet)',
      ],
    ],
    check: (options: WalletAddOptions, [address]: [string]) => {
      const trimmed = address.trim();
      const problem = walletProblem(options.chain, trimmed);
      if (problem) throw new UsageError(problem);
      return { ...options, address: trimmed };
    },
    run: async ({ client, out }, { chain, address, tokenType }) => {
      const result = await client.createWallet({
        blockchain: chain,
        wallet_address: address,
        ...(tokenType ? { default_token_type: tokenType } : {}),
      });
      const payout = await client.getPayoutWallet();
      out.outcome(
        result,
        `Added wallet ${sanitize(result.wallet_id)} (${chainOf(chain)} ${sanitize(address)}).`,
      );
      if (payout.wallet_id && payout.wallet_id === result.wallet_id) out.hint('it is the payout wallet now');
    },
  })
    // After the shared flags in --help, where they have always been.
    .requiredOption(
      '--chain <chain>',
      'SOL, MATIC, ETHEREUM or TAO (also SOLANA, POLY, POLYGON, ETH, BITTENSOR; any case)',
    )
    .option('--token-type <type>', 'the token it is paid in (default USDC)');

  /** A command on one of the network's wallets, by its id: `act` asks the service and says what it did. */
  const onOneWallet = (
    name: string,
    description: string,
    example: string,
    act: (client: ApiClient, id: string) => Promise<[answer: unknown, said: string]>,
  ) =>
    serviceCommand(wallet, context, {
      name,
      description,
      args: [['<wallet-id>', 'the wallet id (a UUID; netdeck wallet list shows them)']],
      examples: [[`netdeck wallet ${name} ${WALLET_ID}`, example]],
      check: (_options, [given]: [string]) => uuidOf(given, 'wallet id'),
      run: async ({ client, out }, id) => out.outcome(...(await act(client, id))),
    });

  onOneWallet(
    'set',
    'make one of the network’s wallets the payout wallet',
    'prints the new payout wallet',
    async (client, id) => [await client.setPayoutWallet({ wallet_id: id }), `Payout wallet set to ${id}.`],
  );

  onOneWallet(
    'remove',
    'remove a wallet from the network (if it was the payout wallet, none is set then)',
    'the wallet is no longer listed',
    async (client, id) => {
      const result = await client.removeWallet({ wallet_id: id });
      if (!result.success) throw new ApiError('business', `no wallet ${id} in this network: nothing removed`);
      return [result, `Removed wallet ${id}.`];
    },
  );
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
