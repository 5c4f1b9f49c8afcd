// The Account pane's API keys, as the view words them (account-view.ts): the title, the
// header, the rows in sight (the one under the cursor marked while the cursor is in this
// list, ←/→), or what stands in their place, and the hint or a failed refresh below.
import { Box, Text } from 'ink';
import type { ListMoves } from '../../../store/list-cursor.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { filterWidth, ListFilter, ListHeader } from '../../components/list-view.tsx';
import { listRowWidth } from '../../components/list-window.ts';
import { VirtualList } from '../../components/virtual-list.tsx';
import { useStores, useTheme } from '../../context.tsx';
import { apiKeyList } from './account-lists.ts';
import { type AccountView, API_KEY_SPACE } from './account-view.ts';

export function ApiKeySection({
  part,
  width,
  height,
  spaced,
  hint,
  moves,
}: {
  part: AccountView['apiKeys'];
  width: number;
  /** Rows for the list. */
  height: number;
  /** An empty line above it. */
  spaced: boolean;
  /** The hint line under the list. */
  hint: boolean;
  /** The list's moves: a click on a key selects it. */
  moves: () => ListMoves;
}) {
  const { apiKeys } = useStores();
  const theme = useTheme();
  const list = apiKeyList(apiKeys);
  const { view } = part;
  const rowWidth = listRowWidth(width - 2, part.rows.length, height);
  let body: React.ReactNode;
  if (part.failed) body = <ErrorLine error={part.failed} width={width - 2} prefix="API keys" />;
  else if (part.empty !== undefined) body = <Text dimColor={theme.dim}>{part.empty}</Text>;
  else {
    const line = part.line(rowWidth);
    body = (
      <>
        <ListHeader list={list} view={view} gap={1} columns={part.header(rowWidth)} />
        <VirtualList
          items={part.rows}
          cursor={part.cursor}
          height={Math.min(height, part.rows.length)}
          width={width - 2}
          keyOf={(key, i) => key.id ?? `#${i}`}
          moves={moves}
          renderRow={(key, _i, isSelected) => (
            <Text inverse={part.active && isSelected} wrap="truncate">
              {line(key, part.active && isSelected)}
            </Text>
          )}
        />
      </>
    );
  }
  return (
    <Box flexDirection="column" marginTop={spaced ? API_KEY_SPACE : 0}>
      <Box height={1} gap={2} overflowY="hidden">
        <Text bold color={theme.accent} underline={part.active}>
          {part.title}
        </Text>
        <ListFilter list={list} view={view} width={filterWidth(width)} />
      </Box>
      <Box paddingLeft={2} flexDirection="column">
        {body}
        {part.stale ? (
          <ErrorLine error={part.stale} width={width - 2} prefix="refresh failed, showing the last answer" />
        ) : hint && part.hint ? (
          <Text dimColor={theme.dim} wrap="truncate">
            {part.hint}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
