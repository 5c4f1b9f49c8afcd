// Below 60x15 nothing useful fits: say so instead of drawing a broken frame.
import { Box, Text } from 'ink';
import { useKeyNames } from '../context.tsx';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 15;

export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  const keys = useKeyNames();
  const lines = [
    'terminal too small',
    `${columns}x${rows}, needs at least ${MIN_COLUMNS}x${MIN_ROWS}`,
    `enlarge the window, or ${keys.quit} to quit`,
  ];
  return (
    <Box flexDirection="column" width={columns} height={Math.max(1, rows - 1)} overflowY="hidden">
      {lines.map((line) => (
        <Text key={line} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
