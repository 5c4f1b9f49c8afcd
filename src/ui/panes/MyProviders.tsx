// Placeholder until the My providers pane lands (its helper replaces this file, keeping the export).
import { Text } from 'ink';
import type { PaneDefinition } from './types.ts';

export const myProvidersPane: PaneDefinition = {
  id: 'myProviders',
  key: '4',
  title: 'My providers',
  shortTitle: 'Mine',
  Component: () => <Text>My providers</Text>,
};
