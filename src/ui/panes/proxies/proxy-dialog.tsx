// `P` on a place (Discover): make a hosted proxy there. Two choices (WireGuard, locked to
// this machine's address), then the proxy made: its URLs with the token (shown here, `y`
// copies the HTTP one) and where its traffic leaves from. The pane `8` lists it after.
import { Box, Text } from 'ink';
import type React from 'react';
import { screenText } from '../../../sanitize.ts';
import { DialogFrame, DialogText } from '../../components/dialog-frame.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useCopyInDialog } from '../../hooks/use-copy.ts';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { proxiesKeys } from './keys.ts';

export const PROXY_DIALOG = 'proxy';

const tick = (on: boolean) => (on ? '[x]' : '[ ]');

export function ProxyDialog() {
  const [copied, copy] = useCopyInDialog();
  const theme = useTheme();
  const keys = useKeyNames();
  const [form, p, close] = useStoreDialog(PROXY_DIALOG, 'proxies', {
    show: (s) => s.form,
    forget: (s) => s.closeForm(),
  });
  const editing = form?.phase === 'editing' || form?.phase === 'failed';
  useKeyActions(proxiesKeys, 'dialog:proxy', {
    wireGuard: () => p().toggleWireGuard(),
    lock: () => p().toggleLock(),
    submit: () => (p().form?.phase === 'made' ? close() : void p().create()),
    copy: () => {
      const made = p().form?.made;
      if (!made) return `not made yet: ${keys['proxy.submit']} makes it`;
      copy(made.http, 'HTTP proxy URL');
    },
    close,
  });
  if (!form) return null;

  let outcome: React.ReactNode = null;
  if (form.phase === 'sending') outcome = <Spinner label="making the proxy…" />;
  else if (form.phase === 'failed')
    outcome = <DialogText color={theme.error}>{`✗ ${screenText(form.message)}`}</DialogText>;
  else if (form.phase === 'made' && form.made) {
    const { made } = form;
    outcome = (
      <Box flexDirection="column">
        <Text color={theme.ok}>{'✓ Made. Its URLs carry its token, which acts as your network:'}</Text>
        <Text wrap="wrap">{`HTTP    ${screenText(made.http ?? 'none')}`}</Text>
        <Text wrap="wrap">{`SOCKS5  ${screenText(made.socks ?? "none (the network's plan has none)")}`}</Text>
        {made.simulator ? (
          <DialogText color={theme.warn}>
            {`This is the simulator: traffic leaves from this machine, not from ${screenText(form.place.text)}.`}
          </DialogText>
        ) : null}
        <DialogText dimColor={theme.dim}>
          {copied ?? `${keys['proxy.copy']} copies the HTTP URL · pane 8 lists the network's proxies`}
        </DialogText>
      </Box>
    );
  }
  return (
    <DialogFrame title={`A proxy in ${screenText(form.place.text)}`}>
      <DialogText>Traffic sent through it leaves through URnetwork providers there.</DialogText>
      <Text
        dimColor={!editing && theme.dim}
      >{`${tick(form.wireGuard)} WireGuard too (${keys['proxy.wireGuard']})`}</Text>
      <Text
        dimColor={!editing && theme.dim}
      >{`${tick(form.lockCallerIp)} only this machine's address may use it (${keys['proxy.lock']})`}</Text>
      {outcome ?? (
        <Text dimColor={theme.dim}>{`${keys['proxy.submit']} makes it · ${keys['proxy.close']} closes`}</Text>
      )}
    </DialogFrame>
  );
}
