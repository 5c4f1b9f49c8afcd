// A code as a QR code of the link the apps encode (https://app.bringyour.com/?add=<code>),
// drawn over the whole pane: the sturdiest that fits (src/format/qr-lines.ts), the link
// under it; on a terminal too small for any, exactly the size it needs and the size it has;
// in the mono theme, none.
import { Box, Text } from 'ink';
import { codeLink } from '../../../contract/code-link.ts';
import { fitQr } from '../../../format/qr-lines.ts';
import { DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useTerminalSize } from '../../hooks/use-terminal-size.ts';
import type { ActionName } from '../../keys/key-names.ts';

const SCAN_HINT = 'Scan it with the app on the other network’s phone, or read the six words out.';

export function QrView({
  code,
  title,
  notice,
  copyAction,
  scanHint = SCAN_HINT,
}: {
  /** The code, made safe to draw. */
  code: string;
  title: string;
  /** Who scans it (default: the other network's phone, as a share code is). */
  scanHint?: string;
  /** What `y` did: in place of the link under the code. */
  notice?: string;
  /** The dialog's copy action (`qr.copy`): the key the words are copied with. */
  copyAction: ActionName;
}) {
  const theme = useTheme();
  const keys = useKeyNames();
  const { width, height } = useDialogRoom();
  const terminal = useTerminalSize();
  const link = codeLink(code);
  // The link (or what `y` did) takes the line under the code. Mono draws ASCII only, in
  // which no module pattern scans: the link and the words instead.
  const fit = theme.glyphs.qr ? fitQr(link, width, height - 1) : undefined;
  if (!fit || 'needs' in fit) {
    // The pane is the terminal less the frame around it: the frame stays.
    const why = fit
      ? `The QR code needs a terminal of ${fit.needs.columns} columns and ${terminal.rows - height + fit.needs.rows + 1} rows; this one has ${terminal.columns} columns and ${terminal.rows} rows.`
      : 'No QR code in the mono theme: it draws ASCII only, which no phone can scan (--theme dark or light draws one).';
    return (
      <DialogFrame title={title}>
        <DialogText color={theme.warn}>{why}</DialogText>
        <DialogText>{link}</DialogText>
        <DialogText dimColor={theme.dim}>
          {notice ?? `Read the six words out instead (${keys[copyAction]} copies them).`}
        </DialogText>
      </DialogFrame>
    );
  }
  const titled = fit.lines.length + 2 <= height;
  return (
    <Box flexDirection="column" width={width} height={height} alignItems="center" overflow="hidden">
      {titled ? (
        <Text bold color={theme.accent} wrap="truncate">
          {title}
        </Text>
      ) : null}
      {fit.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one picture, in order
        <Text key={i}>{line}</Text>
      ))}
      <Text color={notice ? theme.ok : undefined} dimColor={!notice && theme.dim} wrap="truncate">
        {notice ?? link}
      </Text>
      {fit.lines.length + 3 <= height ? (
        <Text dimColor={theme.dim} wrap="truncate">
          {scanHint}
        </Text>
      ) : null}
    </Box>
  );
}
