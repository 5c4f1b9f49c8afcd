// One line saying what failed, in the pane, beside the data that is still shown.
import { Text } from 'ink';
import { explainError } from '../../api/error-words.ts';
import { useTheme } from '../context.tsx';
import { truncate } from '../text.ts';

export function ErrorLine({ error, width, prefix }: { error: unknown; width: number; prefix?: string }) {
  const theme = useTheme();
  const text = `✗ ${prefix ? `${prefix}: ` : ''}${explainError(error, 'console')}`;
  return (
    <Text color={theme.error} wrap="truncate">
      {truncate(text, width)}
    </Text>
  );
}
