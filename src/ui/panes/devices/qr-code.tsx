// A share code as a QR code drawn with block characters (uqr), two module rows a line:
// the link the apps encode, https://app.bringyour.com/?add=<code>. Light modules are the
// blocks, which a dark terminal shows light, as scanners expect.
import { Box, Text } from 'ink';
import { renderUnicodeCompact } from 'uqr';
import { shareLink } from '../../../store/codes.ts';

/** The QR code's lines for `code` (a two-module quiet zone around it). */
export function qrLines(code: string): string[] {
  return renderUnicodeCompact(shareLink(code), { border: 2 }).split('\n').filter(Boolean);
}

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
