// One line saying what failed, in the pane, beside the data that is still shown.
import { Text } from 'ink';
import { describeError, isApiError } from '../../api/errors.ts';
import { screenText, serverMessage } from '../../sanitize.ts';
import { useTheme } from '../context.tsx';
import { truncate } from '../text.ts';

/** What to tell the user about a failed request (server text sanitized); a 401 says how to log in. */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.kind === 'unauthorized')
    return `${screenText(describeError(error))} · press L to log in again`;
  if (isApiError(error) && error.kind === 'http' && error.status) {
    const body = serverMessage(error.details.body);
    return `HTTP ${error.status}${body ? `: ${body}` : ''}`;
  }
  return screenText(describeError(error));
}

export function ErrorLine({ error, width, prefix }: { error: unknown; width: number; prefix?: string }) {
  const theme = useTheme();
  const text = `✗ ${prefix ? `${prefix}: ` : ''}${errorText(error)}`;
  return (
    <Text color={theme.error} wrap="truncate">
      {truncate(text, width)}
    </Text>
  );
}
