// Placeholder until the Account pane lands (its helper replaces this file, keeping the export).
import { Text } from 'ink';
import type { PaneDefinition } from './types.ts';

export const accountPane: PaneDefinition = {
  id: 'account',
  key: '6',
  title: 'Account',
  shortTitle: 'Acct',
  Component: () => <Text>Account</Text>,
};
