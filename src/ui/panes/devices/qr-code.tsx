// A share code as a QR code drawn with block characters (src/format/qr-lines.ts): the
// link the apps encode, https://app.bringyour.com/?add=<code>.
import { Box, Text } from 'ink';
import { qrLines as linesOf } from '../../../format/qr-lines.ts';
import { shareLink } from '../../../store/codes.ts';

/** The QR code's lines for `code` (a two-module quiet zone around it). */
export const qrLines = (code: string): string[] => linesOf(shareLink(code));

export function QrCode({ code }: { code: string }) {
  const lines = qrLines(code);
  return (
    <Box flexDirection="column" alignSelf="center">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one picture, in order
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}
