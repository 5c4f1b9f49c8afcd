// One line saying what failed, in the pane, beside the data that is still shown.
import { Text } from 'ink';
import { explainError } from '../../api/error-words.ts';
import { useTheme } from '../context.tsx';
import { truncate } from '../text.ts';

export function ErrorLine({ error, width, prefix }: { error: unknown; width: number; prefix?: string }) {
  const theme = useTheme();
  const said = explainError(error, 'console');
  // A failure that names what failed already ("device associations: …") says it once.
  const text = `✗ ${prefix && !said.startsWith(`${prefix}: `) ? `${prefix}: ` : ''}${said}`;
  return (
    <Text color={theme.error} wrap="truncate">
      {truncate(text, width)}
    </Text>
  );
}
