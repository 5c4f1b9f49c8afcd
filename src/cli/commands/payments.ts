// `netdeck payments`: every payout of the network, newest first: when it was planned, its
// amount, the bytes it covers and the points it brought (/account/points, where the service
// has it), the wallet, where it is (waiting for a wallet, planned, submitted, sent,
// completed) and its transaction.
import type { Command } from 'commander';
import type { AccountPayment, AccountPoints } from '../../contract/schemas.ts';
import { formatBytes, formatTimestamp, formatUsd } from '../../format/numbers.ts';
import { paymentState, paymentUsd, pendingPayments, pointsByPayment } from '../../format/payments.ts';
import type { CliContext } from '../context.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, numberField, summed, textField } from '../output/data-table.ts';
import { unlessMissing } from './earnings.ts';
import { serviceCommand } from './service-command.ts';

/** `points`: the network's points; undefined where the service has none (an older one). */
function paymentsTable(payments: AccountPayment[], points?: AccountPoints): DataTable<AccountPayment> {
  const pending = pendingPayments(payments);
  const byPayment = pointsByPayment(points);
  return {
    fields: [
      { name: 'payment_id', value: (p) => p.payment_id },
      {
        header: 'PLANNED',
        name: 'planned_at',
        value: (p) => isoTime(p.create_time),
        show: (p) => formatTimestamp(p.create_time),
      },
      summed(numberField('AMOUNT', 'amount_usd', paymentUsd, formatUsd), formatUsd),
      { name: 'sent_usd', value: (p) => p.token_amount },
      summed(
        numberField('BYTES', 'bytes', (p) => p.payout_byte_count, formatBytes),
        formatBytes,
      ),
      summed(
        numberField(
          'POINTS',
          'points',
          (p) => (points ? (byPayment.get(p.payment_id ?? '') ?? 0) : undefined),
          2,
        ),
        2,
      ),
      textField('WALLET', 'wallet_address', (p) => p.wallet_address, 'none yet'),
      { name: 'wallet_id', value: (p) => p.wallet_id },
      { name: 'blockchain', value: (p) => p.blockchain },
      { header: 'STATE', name: 'state', value: paymentState },
      { name: 'submitted_at', value: (p) => isoTime(p.payment_time) },
      {
        header: 'COMPLETED',
        name: 'completed_at',
        value: (p) => isoTime(p.complete_time),
        show: (p) => (p.complete_time ? formatTimestamp(p.complete_time) : ''),
      },
      textField('TRANSACTION', 'tx_hash', (p) => p.tx_hash),
    ],
    rows: payments,
    counted: 'PAYOUTS',
    empty: 'No payouts yet: the payout task runs every Sunday at 10:00 UTC.',
    after: [
      `${payments.length} payout${payments.length === 1 ? '' : 's'}, ${pending.length} not completed yet`,
    ],
  };
}

export function registerPayments(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'payments',
    description:
      'the network’s payouts, newest first: amount, bytes covered, wallet, state (waiting for a wallet, planned, submitted, sent, completed), transaction',
    csv: true,
    profiles: true,
    examples: [
      ['netdeck payments', 'one row per payout'],
      ['netdeck payments --profiles all --csv > payouts.csv', 'every profile’s payouts, the profile first'],
      ['netdeck payments --csv > payouts.csv', 'for a spreadsheet: amounts in USD, times in ISO 8601'],
      [
        "netdeck payments --json | jq '[.account_payments[] | select(.completed) | .payout_nano_cents] | add / 1e9'",
        'USD paid so far',
      ],
    ],
    run: async ({ client, out }) => {
      // --json prints the service's answer to /account/payments alone (its points are a column of the table).
      const [answer, points] = await Promise.all([
        client.accountPayments(),
        out.jsonAnswer ? undefined : unlessMissing(client.accountPoints()),
      ]);
      out.result(answer, () => paymentsTable(answer.account_payments ?? [], points));
    },
  });
}
