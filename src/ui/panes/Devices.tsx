// Placeholder until the Devices pane lands (its helper replaces this file, keeping the export).
import { Text } from 'ink';
import type { PaneDefinition } from './types.ts';

export const devicesPane: PaneDefinition = {
  id: 'devices',
  key: '3',
  title: 'Devices',
  shortTitle: 'Devices',
  Component: () => <Text>Devices</Text>,
};
