// A list pane's layout (Discover, Providers): a line on top, the column header, the
// rows, and one status line at the foot, exactly `height` rows.
import { Box, Text } from 'ink';
import type React from 'react';

export interface ListPaneLayoutProps {
  width: number;
  height: number;
  /** The line above the header (the search box, what was chosen). */
  top: React.ReactNode;
  /** The column header: text drawn bold, or the line itself (a ListHeader). */
  header: string | React.ReactNode;
  /** What the pane is doing or why it cannot (a spinner, an error line, hints). */
  status: React.ReactNode;
  /** The rows, or a line saying why there are none. */
  children: React.ReactNode;
}

export function ListPaneLayout({ width, height, top, header, status, children }: ListPaneLayoutProps) {
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      {top}
      {typeof header === 'string' ? (
        <Text bold wrap="truncate">
          {header}
        </Text>
      ) : (
        header
      )}
      {children}
      <Box height={1} width={width} overflowY="hidden">
        {status}
      </Box>
    </Box>
  );
}
