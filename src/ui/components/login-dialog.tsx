// `L`: log in with an auth code ("Copy an Auth Code" in the web app), in place of the
// pane. The code is drawn masked; on success the panes that needed a token load.
import { Box } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { screenText } from '../../sanitize.ts';
import { useDemo, useKeyNames, useStores, useTheme } from '../context.tsx';
import { useStoreDialog } from '../hooks/use-store-dialog.ts';
import { useDialogs, useKeyActions } from '../input/dispatcher.tsx';
import { LabeledInput } from '../input/labeled-input.tsx';
import { loginKeys } from '../keys/dialog-keys.ts';
import type { KeyNames } from '../keys/key-names.ts';
import { DialogFrame, DialogText } from './dialog-frame.tsx';
import { FailedLine } from './outcome-lines.tsx';
import { Spinner } from './spinner.tsx';

export const LOGIN_DIALOG = 'login';

/** Opens the login dialog afresh (the pane's `L`). */
/** What `L` says in the demo, logged in from the start: a login there would accept nothing. */
const demoLoggedIn = (keys: KeyNames) =>
  `the demo is logged in already, as its own network: ${keys.login} logs in to a real service (netdeck --api-url URL)`;

export function useOpenLogin() {
  const { login, session } = useStores();
  const demo = useDemo();
  const keys = useKeyNames();
  const dialogs = useDialogs();
  return () => {
    if (demo && session.getState().hasToken) return demoLoggedIn(keys);
    login.getState().reset();
    dialogs.open(LOGIN_DIALOG);
  };
}

export function LoginDialog() {
  const theme = useTheme();
  const keys = useKeyNames();
  const [dialog, l, close] = useStoreDialog(LOGIN_DIALOG, 'login', { show: (s) => s.dialog });
  const target = useStore(useStores().session, (s) => s.target);
  const submit = () => {
    if (l().dialog.phase === 'done') close();
    else void l().submit();
  };
  useKeyActions(
    loginKeys,
    'dialog:login',
    { submit, close },
    dialog.phase === 'done' ? { submit: 'close' } : undefined,
  );

  let outcome: React.ReactNode = null;
  if (dialog.phase === 'sending') outcome = <Spinner label="logging in…" />;
  else if (dialog.phase === 'done')
    outcome = (
      <Box flexDirection="column">
        <DialogText color={theme.ok}>{`✓ ${screenText(dialog.message)}`}</DialogText>
        <DialogText dimColor={theme.dim}>
          {`${keys['login.submit']} or ${keys['login.close']} closes; the panes load with the new token.`}
        </DialogText>
      </Box>
    );
  else if (dialog.phase === 'failed') outcome = <FailedLine message={dialog.message} />;

  return (
    <DialogFrame title="Log in">
      <DialogText>
        {`An auth code logs this console in to your network${target.kind === 'api' ? ` at ${screenText(target.url)}` : ''}.`}
      </DialogText>
      <DialogText dimColor={theme.dim}>
        In the web app (https://ur.io/?auth) press "Copy an Auth Code", then paste it here. Or quit and run
        netdeck login (also with --email).
      </DialogText>
      {dialog.phase === 'done' ? null : (
        <Box marginTop={1}>
          <LabeledInput
            label="Auth code: "
            id="login-code"
            value={dialog.input}
            mask
            placeholder="paste the code"
            onChange={(value) => l().setInput(value)}
            onSubmit={submit}
            onCancel={close}
          />
        </Box>
      )}
      {outcome}
    </DialogFrame>
  );
}
