// Placeholder until the Network pane lands (its helper replaces this file, keeping the export).
import { Text } from 'ink';
import type { PaneDefinition } from './types.ts';

export const networkPane: PaneDefinition = {
  id: 'network',
  key: '5',
  title: 'Network',
  shortTitle: 'Net',
  Component: () => <Text>Network</Text>,
};
