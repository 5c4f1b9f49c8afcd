// A dialog drawn in place of the pane: a rounded box with a title, centred across the
// pane's width. Ink has no layers, so the pane shows the dialog instead of its content.
import { Box, Text } from 'ink';
import type React from 'react';
import { useTheme } from '../context.tsx';

/** Inner text width of a dialog drawn in a pane `width` wide (`max` caps it). */
export function dialogInnerWidth(width: number, max = 76): number {
  return Math.max(20, Math.min(max, width - 4) - 4);
}

export function DialogFrame({
  title,
  width,
  height,
  max,
  children,
}: {
  title: string;
  /** The pane's width and height. */
  width: number;
  height: number;
  max?: number;
  children: React.ReactNode;
}) {
  const theme = useTheme();
  const inner = dialogInnerWidth(width, max);
  return (
    <Box width={width} height={height} justifyContent="center" alignItems="flex-start" overflow="hidden">
      <Box
        flexDirection="column"
        borderStyle="round"
        borderColor={theme.accent}
        paddingX={1}
        width={inner + 4}
        overflow="hidden"
      >
        <Text bold color={theme.accent}>
          {title}
        </Text>
        {children}
      </Box>
    </Box>
  );
}
