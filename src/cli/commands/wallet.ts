// `netdeck wallet`: the payout wallet of the network; `wallet set ID` changes it.
import type { Command } from 'commander';
import { sanitize } from '../../sanitize.ts';
import {
  addConnectionOptions,
  addJsonOption,
  type CliContext,
  type CommonOptions,
  optionsOf,
  orUsage,
  runWithClient,
  uuidOf,
} from './context.ts';
import { examples } from './help.ts';

export function registerWallet(program: Command, context: CliContext): void {
  const wallet = program.command('wallet').description('the payout wallet of the network');
  addJsonOption(wallet);
  addConnectionOptions(wallet);
  wallet.addHelpText(
    'after',
    examples([
      ['netdeck wallet', 'the wallet that receives payouts'],
      ['netdeck wallet set 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', 'pay into another wallet of the account'],
    ]),
  );
  wallet.action(async (_flags, cmd: Command) => {
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.getPayoutWallet();
      if (out.json) out.printJson(result);
      else out.line(result.wallet_id ? sanitize(result.wallet_id) : 'No payout wallet set.');
    });
  });

  const set = wallet
    .command('set')
    .description('set an existing wallet of the account as the payout wallet')
    .argument('<wallet-id>', 'the wallet id (a UUID)');
  addJsonOption(set);
  addConnectionOptions(set);
  set.addHelpText(
    'after',
    examples([['netdeck wallet set 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', 'prints the new payout wallet']]),
  );
  set.action(async (walletId: string, _flags, cmd: Command) => {
    const id = orUsage(cmd, () => uuidOf(walletId, 'wallet id'));
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.setPayoutWallet({ wallet_id: id });
      if (out.json) out.printJson(result);
      else out.line(`Payout wallet set to ${id}.`);
    });
  });
}
