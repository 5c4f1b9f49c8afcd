// `e` in Providers, My providers and Earnings: where the rows shown go and in what format (CSV, as
// the commands' --csv writes it, or JSON Lines), then where it wrote or why it could not.
// The pane's definition lists it; the form is the fileExport store's.
import { Box, Text } from 'ink';
import type React from 'react';
import { useStore } from 'zustand';
import { EXPORT_FORMATS, FORMAT_NAMES } from '../../store/export-table.ts';
import { useKeyNames, useTheme } from '../context.tsx';
import { useStoreDialog } from '../hooks/use-store-dialog.ts';
import { useKeyActions } from '../input/dispatcher.tsx';
import { LabeledInput } from '../input/labeled-input.tsx';
import { exportKeys } from '../keys/dialog-keys.ts';
import { DialogFrame, DialogText } from './dialog-frame.tsx';
import { DoneLine, FailedLine } from './outcome-lines.tsx';

export const EXPORT_DIALOG = 'export';

export function ExportDialog() {
  const theme = useTheme();
  const keys = useKeyNames();
  const [form, f, close, store] = useStoreDialog(EXPORT_DIALOG, 'fileExport', {
    show: (s) => s.form,
    forget: (s) => s.close(),
  });
  const what = useStore(store, (s) => s.source?.what ?? 'row');
  const submit = () => (f().form.phase === 'written' ? close() : f().submit());
  useKeyActions(exportKeys, 'dialog:export', {
    submit,
    nextFormat: () => f().stepFormat(1),
    previousFormat: () => f().stepFormat(-1),
    close,
  });
  let outcome: React.ReactNode = null;
  if (form.phase === 'written')
    outcome = <DoneLine message={form.message} closes={[keys['export.submit'], keys['export.close']]} />;
  else if (form.phase === 'failed') outcome = <FailedLine message={form.message} />;
  return (
    <DialogFrame title={`Export the ${what}s shown`}>
      <Box>
        <Text color={theme.accent}>{'Format: '}</Text>
        {EXPORT_FORMATS.map((format) => (
          <Text key={format} inverse={format === form.format} bold={format === form.format}>
            {` ${FORMAT_NAMES[format]} `}
          </Text>
        ))}
        <Text dimColor={theme.dim}>{`  ${keys['export.previousFormat']}/${keys['export.nextFormat']}`}</Text>
      </Box>
      <LabeledInput
        label="Path:   "
        id="export-path"
        value={form.path}
        focused={form.phase !== 'written'}
        placeholder="a new file or a folder (nothing: beside netdeck)"
        onChange={(value) => f().setPath(value)}
        onSubmit={submit}
        onCancel={close}
      />
      <DialogText dimColor={theme.dim}>
        A folder, or nothing, gets a new file named for the time; a file is made new (never written over). CSV
        as the commands' --csv writes it; JSON Lines, one object a line.
      </DialogText>
      {outcome}
    </DialogFrame>
  );
}
