// `n`: make an API key. A name is typed; the key the service answers is shown here once
// (the service keeps only its hash), `y` copies it, and closing forgets it.
import { Box } from 'ink';
import type React from 'react';
import { screenText } from '../../../sanitize.ts';
import { DialogFrame, DialogText } from '../../components/dialog-frame.tsx';
import { FailedLine } from '../../components/outcome-lines.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useCopyInDialog } from '../../hooks/use-copy.ts';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { accountKeys } from './keys.ts';

export const API_KEY_DIALOG = 'apiKey';

export function ApiKeyDialog() {
  // Where `y` sent the key: shown in the dialog (the footer is the dialog's keys).
  const [copied, copy] = useCopyInDialog();
  const theme = useTheme();
  const keys = useKeyNames();
  // The key is shown once: it goes with the dialog.
  const [form, k, close] = useStoreDialog(API_KEY_DIALOG, 'apiKeys', {
    show: (s) => s.form,
    forget: (s) => s.resetForm(),
  });
  const submit = () => {
    if (k().form.phase === 'made') close();
    else void k().create();
  };
  useKeyActions(accountKeys, 'dialog:apiKey', {
    submit,
    copy: () => {
      const { key } = k().form;
      if (!key) return `no key yet: type a name and press ${keys['apiKey.submit']}`;
      copy(key, 'API key');
    },
    close,
  });

  let outcome: React.ReactNode = null;
  if (form.phase === 'sending') outcome = <Spinner label="making the key…" />;
  else if (form.phase === 'failed') outcome = <FailedLine message={form.message} />;
  else if (form.phase === 'made' && form.key)
    outcome = (
      <Box flexDirection="column">
        <DialogText
          color={theme.ok}
        >{`✓ Made${form.name ? ` "${screenText(form.name)}"` : ''}. Your key:`}</DialogText>
        <DialogText bold>{screenText(form.key)}</DialogText>
        <DialogText color={theme.warn}>
          {`It will not be shown again: the service keeps only its hash. ${keys['apiKey.copy']} copies it; store it now. It acts as your network on every route until you remove it (${keys['account.remove']} in the list).`}
        </DialogText>
        {copied ? (
          <DialogText color={theme.ok}>
            {`${copied}\n(a private file: delete it once the key is stored)`}
          </DialogText>
        ) : null}
        <DialogText
          dimColor={theme.dim}
        >{`${keys['apiKey.submit']} or ${keys['apiKey.close']} closes`}</DialogText>
      </Box>
    );

  return (
    <DialogFrame title="Make an API key">
      <LabeledInput
        label="Name: "
        id="api-key-name"
        value={form.name}
        focused={form.phase !== 'made' && form.phase !== 'sending'}
        placeholder="what it is for: grafana, backups…"
        onChange={(value) => k().setName(value)}
        onSubmit={submit}
        onCancel={close}
      />
      <DialogText dimColor={theme.dim}>
        A key (urn_…) works as a token for scripts and integrations, for this network.
      </DialogText>
      {outcome}
    </DialogFrame>
  );
}
