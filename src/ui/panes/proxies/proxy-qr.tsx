// `Q` in the Proxies pane: the proxy's WireGuard configuration as a QR code for the
// WireGuard app, the sturdiest that fits the pane; on a terminal too small for any, the
// size it needs and what else works (copy it, or `netdeck proxy create --wg-out`).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { fitQr } from '../../../format/qr-lines.ts';
import { screenText } from '../../../sanitize.ts';
import { proxyPlace, selectedProxy, usableProxy } from '../../../store/proxies.ts';
import { DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { qrTooSmall } from '../../components/qr-room.ts';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useCloseDialog } from '../../hooks/use-close-dialog.ts';
import { useCopyInDialog } from '../../hooks/use-copy.ts';
import { useTerminalSize } from '../../hooks/use-terminal-size.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { proxiesKeys } from './keys.ts';

export const PROXY_QR_DIALOG = 'proxyQr';

export function ProxyQr() {
  const { proxies } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const [copied, copy] = useCopyInDialog();
  const { width, height } = useDialogRoom();
  const terminal = useTerminalSize();
  const proxy = useStore(proxies, (s) => selectedProxy(s));
  const config = usableProxy(proxy)?.wgConfig;
  const close = useCloseDialog(PROXY_QR_DIALOG);
  useKeyActions(proxiesKeys, 'dialog:proxyQr', {
    copy: () => copy(config, 'WireGuard configuration'),
    close,
  });
  const title = `WireGuard: the proxy in ${screenText(proxy ? proxyPlace(proxy) : '?')}`;
  const fit = config && theme.glyphs.qr ? fitQr(config, width, height - 1) : undefined;
  if (!fit || 'needs' in fit) {
    const why = !config
      ? 'This proxy has no WireGuard configuration.'
      : fit
        ? qrTooSmall(fit.needs, terminal, height)
        : 'No QR code in the mono theme: it draws ASCII only, which no phone can scan.';
    return (
      <DialogFrame title={title}>
        <DialogText color={theme.warn}>{why}</DialogText>
        <DialogText dimColor={theme.dim}>
          {copied ??
            `${keys['proxyQr.copy']} copies the configuration; netdeck proxy create --wg --wg-out FILE.conf writes one to a file.`}
        </DialogText>
      </DialogFrame>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height} alignItems="center" overflow="hidden">
      {fit.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one picture, in order
        <Text key={i}>{line}</Text>
      ))}
      <Text color={copied ? theme.ok : undefined} dimColor={!copied && theme.dim} wrap="truncate">
        {copied ?? `${title} · ${keys['proxyQr.copy']} copies it`}
      </Text>
    </Box>
  );
}
