// A row of Devices whole (enter; esc goes back): its list, its device name, its state,
// its code, client id, device id and the other network, none of them cut (a long one goes
// on over the next lines), and what the pane's keys do with it. Lines taller than the
// pane scroll with the move keys (ScrolledLines).
import { Box, Text } from 'ink';
import { ScrolledLines, type ScrolledLinesProps } from '../../components/scrolled-lines.tsx';
import { useTheme } from '../../context.tsx';
import { truncate } from '../../text.ts';

export function DeviceDetail({
  detail,
  width,
  height,
  scroll,
}: {
  /** The view's detail: its title and its lines. */
  detail: { title: string; lines: string[] };
  width: number;
  height: number;
  scroll: ScrolledLinesProps['scroll'];
}) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(detail.title, width)}
      </Text>
      <ScrolledLines
        width={width}
        height={height - 1}
        scroll={scroll}
        lines={detail.lines.map((line, i) => ({
          key: String(i),
          node: <Text wrap="truncate">{line}</Text>,
        }))}
      />
    </Box>
  );
}
