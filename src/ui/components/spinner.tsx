// A spinner that turns on the store clock, so tests see a fixed frame until they advance.
import { Text } from 'ink';
import { useNow, useTheme } from '../context.tsx';

export function Spinner({ label }: { label?: string }) {
  const now = useNow(100);
  const theme = useTheme();
  const frames = theme.glyphs.spinner;
  const frame = frames[Math.floor(now / 100) % frames.length];
  return (
    <Text color={theme.accent}>
      {frame}
      {label ? ` ${label}` : ''}
    </Text>
  );
}
