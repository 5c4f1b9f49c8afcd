// The Account pane's API keys: name, when made and id of each (never a key: the service
// shows one only when it is made), the one under the cursor marked while the cursor is in
// this list (←/→); and the y/n question before removing one.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { isMissingRoute, isNoToken } from '../../../api/error-words.ts';
import { formatTimestamp, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { keyRows, NO_API_KEYS } from '../../../store/api-keys.ts';
import { ErrorLine } from '../../components/error-line.tsx';
import { filterWidth, ListFilter, ListHeader } from '../../components/list-view.tsx';
import { QUESTION_DIALOG, Question } from '../../components/question.tsx';
import { listRowWidth, VirtualList } from '../../components/virtual-list.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useDialogs } from '../../input/dispatcher.tsx';
import { padCells, truncate } from '../../text.ts';
import { apiKeyList, countShown } from './account-lists.ts';

/** The empty line above the section, where there is room. */
export const API_KEY_SPACE = 1;

function keyLine(name: string | undefined, made: string | undefined, id: string | undefined, width: number) {
  const shown = screenText(name) || '(no name)';
  const idText = width >= 100 ? `  ${screenText(id)}` : '';
  return truncate(`${padCells(shown, 24)} made ${formatTimestamp(made)}${idText}`, Math.max(10, width - 2));
}

export function ApiKeySection({
  width,
  height,
  active,
  spaced,
  hint,
}: {
  width: number;
  /** Rows for the list. */
  height: number;
  /** The cursor keys move in this list. */
  active: boolean;
  /** An empty line above it. */
  spaced: boolean;
  /** The hint line under the list. */
  hint: boolean;
}) {
  const { apiKeys, account } = useStores();
  const theme = useTheme();
  const keyNames = useKeyNames();
  const data = useStore(apiKeys, (s) => s.data);
  const error = useStore(apiKeys, (s) => s.error);
  const selectedKey = useStore(apiKeys, (s) => s.selectedKey);
  const view = useStore(apiKeys, (s) => s.view);
  const list = apiKeyList(apiKeys);
  const { keys, selected } = keyRows({ data, selectedKey, view });
  const cursor = selected ? keys.indexOf(selected) : 0;
  const missing = isMissingRoute(error);
  const title = `API keys${data ? ` (${countShown(data.length, keys.length)})` : ''}${active && selected ? ` · ${rowOf(cursor, keys.length)}` : ''}`;
  let body: React.ReactNode;
  if (missing) body = <Text dimColor={theme.dim}>{`${NO_API_KEYS}.`}</Text>;
  else if (isNoToken(error))
    body = (
      <Text dimColor={theme.dim}>{`They need your network's token too (${keyNames.login} logs in).`}</Text>
    );
  else if (error && !data) body = <ErrorLine error={error} width={width - 2} prefix="API keys" />;
  else if (!data) body = <Text dimColor={theme.dim}>loading the API keys…</Text>;
  else if (keys.length === 0)
    body = (
      <Text dimColor={theme.dim}>
        {data.length
          ? `No API key matches “${screenText(view.filter)}”: ${keyNames.back} clears the filter.`
          : `No API keys yet: ${keyNames['account.newApiKey']} makes one.`}
      </Text>
    );
  else {
    const rowWidth = listRowWidth(width - 2, keys.length, height);
    body = (
      <>
        <ListHeader
          list={list}
          view={view}
          gap={1}
          columns={[
            { label: '', width: 1 },
            { label: 'NAME', width: 24, sort: 'name' },
            { label: 'MADE', width: 25, sort: 'made' },
            ...(rowWidth >= 100 ? [{ label: 'ID', width: 36, sort: 'id' }] : []),
          ]}
        />
        <VirtualList
          items={keys}
          cursor={cursor}
          height={Math.min(height, keys.length)}
          width={width - 2}
          keyOf={(key, i) => key.id ?? `#${i}`}
          moves={() => {
            account.getState().setList('apiKeys');
            return apiKeys.getState();
          }}
          renderRow={(key, _i, isSelected) => (
            <Text inverse={active && isSelected} wrap="truncate">
              {`${active && isSelected ? '›' : ' '} ${keyLine(key.name, key.create_time, key.id, rowWidth)}`}
            </Text>
          )}
        />
      </>
    );
  }
  return (
    <Box flexDirection="column" marginTop={spaced ? API_KEY_SPACE : 0}>
      <Box height={1} gap={2} overflowY="hidden">
        <Text bold color={theme.accent} underline={active}>
          {title}
        </Text>
        <ListFilter list={list} view={view} width={filterWidth(width)} />
      </Box>
      <Box paddingLeft={2} flexDirection="column">
        {body}
        {error && data && !missing && !isNoToken(error) ? (
          <ErrorLine error={error} width={width - 2} prefix="refresh failed, showing the last answer" />
        ) : hint && !missing && !isNoToken(error) ? (
          <Text dimColor={theme.dim} wrap="truncate">
            {`${keyNames['account.newApiKey']} makes a key (shown once) · ${keyNames['account.remove']} removes the one under the cursor · ${keyNames['account.toApiKeys']} here, ${keyNames['account.toWallets']} the wallets`}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

/** The y/n question about the key under the cursor, then its outcome. */
export function ApiKeyQuestion() {
  const { apiKeys } = useStores();
  const dialogs = useDialogs();
  const question = useStore(apiKeys, (s) => s.question);
  if (!question) return null;
  const named = question.name ? `"${screenText(question.name)}"` : 'the key';
  return (
    <Question
      title="Remove an API key"
      phase={question.phase}
      lines={[
        `Remove the API key ${named} (${screenText(question.id)})?`,
        'Whatever uses it is refused from its next request; a removed key cannot be brought back.',
      ]}
      question="Remove it?"
      message={question.message}
      onAnswer={(yes) => void apiKeys.getState().answer(yes)}
      onClose={() => {
        apiKeys.getState().closeQuestion();
        dialogs.close(QUESTION_DIALOG);
      }}
    />
  );
}
