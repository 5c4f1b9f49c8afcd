// The last line of a form dialog once its request came back: ✓ and what the service did,
// with the keys that close the dialog now, or ✗ and why not. Written once so that every
// form says its outcome alike (the spinner while it is sent is <Spinner>).
import { screenText } from '../../sanitize.ts';
import { useTheme } from '../context.tsx';
import { DialogText } from './dialog-frame.tsx';

/** ✓ `message`, and "(enter or esc closes)" with the user's names of the keys in `closes`. */
export function DoneLine({ message, closes }: { message?: string; closes: readonly string[] }) {
  const theme = useTheme();
  return (
    <DialogText color={theme.ok}>{`✓ ${screenText(message)}  (${closes.join(' or ')} closes)`}</DialogText>
  );
}

/** ✗ `message`: why the request failed (or why the form was not sent). */
export function FailedLine({ message }: { message?: string }) {
  const theme = useTheme();
  return <DialogText color={theme.error}>{`✗ ${screenText(message)}`}</DialogText>;
}
