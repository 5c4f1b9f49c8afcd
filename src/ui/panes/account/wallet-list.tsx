// The network's wallets in the Account pane: chain, address, the payout wallet marked,
// the one under the cursor inverse; a click on one moves the cursor to it.
import { Box, type DOMElement, Text } from 'ink';
import { useRef } from 'react';
import type { AccountWallet } from '../../../contract/schemas.ts';
import { screenText } from '../../../sanitize.ts';
import { distinctKeys } from '../../../store/distinct-keys.ts';
import type { ListMoves } from '../../../store/list-cursor.ts';
import type { ListView } from '../../../store/list-sort-filter.ts';
import { type ListControl, ListHeader } from '../../components/list-view.tsx';
import { windowStart } from '../../components/virtual-list.tsx';
import { useTheme } from '../../context.tsx';
import { useMouseTarget } from '../../input/use-mouse.tsx';
import { padCells, truncate } from '../../text.ts';

function walletLine(wallet: AccountWallet, payout: boolean, width: number): string {
  const mark = payout ? '★ payout' : '';
  const chain = padCells(screenText(wallet.blockchain) || '?', 8);
  const address = screenText(wallet.wallet_address) || '–';
  const id = width >= 110 ? `  ${screenText(wallet.wallet_id)}` : '';
  return truncate(`${padCells(mark, 9)} ${chain} ${address}${id}`, Math.max(10, width - 2));
}

export function WalletList({
  list,
  view,
  wallets,
  payoutId,
  selectedId,
  width,
  height,
  moves,
  active = true,
}: {
  /** The list's view (its header marks the sort; a click on it sorts). */
  list: ListControl<AccountWallet>;
  view: ListView;
  /** The wallets shown (filtered and sorted). */
  wallets: readonly AccountWallet[];
  payoutId?: string;
  selectedId?: string;
  width: number;
  height: number;
  /** The cursor is in this list (the pane has another): the selected wallet is marked. */
  active?: boolean;
  /** The list's moves: a click on a wallet selects it. */
  moves?: () => ListMoves;
}) {
  const theme = useTheme();
  const box = useRef<DOMElement>(null);
  const cursor = Math.max(
    0,
    wallets.findIndex((w) => w.wallet_id === selectedId),
  );
  const start = windowStart(0, cursor, height, wallets.length);
  const shown = wallets.slice(start, start + height);
  // A server may send one wallet id twice: each row still gets its own key.
  const keys = distinctKeys(shown.map((wallet, i) => wallet.wallet_id ?? `#${start + i}`));
  useMouseTarget(
    box,
    moves &&
      (({ row }) => {
        if (row < shown.length) moves().moveToRow(start + row);
      }),
  );
  return (
    <Box flexDirection="column">
      <ListHeader
        list={list}
        view={view}
        gap={1}
        columns={[
          { label: '', width: 11 },
          { label: 'CHAIN', width: 8, sort: 'chain' },
          { label: 'ADDRESS', width: Math.max(10, width - 21), sort: 'address' },
        ]}
      />
      <Box ref={box} flexDirection="column" height={Math.min(height, wallets.length)} overflow="hidden">
        {shown.map((wallet, i) => {
          const selected = active && start + i === cursor;
          const payout = wallet.wallet_id !== undefined && wallet.wallet_id === payoutId;
          return (
            <Text key={keys[i]} inverse={selected} color={payout ? theme.ok : undefined} wrap="truncate">
              {`${selected ? '›' : ' '} ${walletLine(wallet, payout, width)}`}
            </Text>
          );
        })}
      </Box>
    </Box>
  );
}
