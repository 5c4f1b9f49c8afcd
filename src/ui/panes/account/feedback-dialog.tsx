// `f`: the feedback form. Every `uses` and `needs` flag of the interface is a checkbox
// (space ticks), then the free text and a Send button; tab/shift-tab (or ←/→) move in
// reading order, ↑/↓ to the box above or below as the boxes stand in their columns.
import { Box, Text } from 'ink';
import type React from 'react';
import { FEEDBACK_FIELDS, type FeedbackField, type FeedbackForm } from '../../../store/account.ts';
import { DialogFocus, DialogFrame, DialogText, useDialogRoom } from '../../components/dialog-frame.tsx';
import { NoToken } from '../../components/no-token.tsx';
import { FailedLine } from '../../components/outcome-lines.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useKeyNames, useTheme } from '../../context.tsx';
import { useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { useKeyActions } from '../../input/dispatcher.tsx';
import { TextInput } from '../../input/text-input.tsx';
import { padCells } from '../../text.ts';
import { accountKeys } from './keys.ts';

export const FEEDBACK_DIALOG = 'feedback';

/** `block_data_brokers` -> "block data brokers". */
const flagLabel = (field: FeedbackField) => field.slice(field.indexOf('.') + 1).replaceAll('_', ' ');

function isTicked(form: FeedbackForm, field: FeedbackField): boolean {
  const [group, key] = field.split('.');
  if (group === 'uses') return form.uses[key as keyof FeedbackForm['uses']];
  if (group === 'needs') return form.needs[key as keyof FeedbackForm['needs']];
  return false;
}

/** Flags of one group as a grid of `columns`, each cell `[x] label`. */
function FlagGrid({
  form,
  fields,
  columns,
  cellWidth,
}: {
  form: FeedbackForm;
  fields: FeedbackField[];
  columns: number;
  cellWidth: number;
}) {
  const theme = useTheme();
  const focused = FEEDBACK_FIELDS[form.focus];
  const rows: FeedbackField[][] = [];
  for (let i = 0; i < fields.length; i += columns) rows.push(fields.slice(i, i + columns));
  return (
    <Box flexDirection="column">
      {rows.map((row) => (
        <DialogFocus key={row[0]} active={row.includes(focused)}>
          <Box>
            {row.map((field) => (
              <Text
                key={field}
                inverse={field === focused}
                color={isTicked(form, field) ? theme.ok : undefined}
              >
                {padCells(
                  `${field === focused ? '›' : ' '}${isTicked(form, field) ? '[x]' : '[ ]'} ${flagLabel(field)}`,
                  cellWidth,
                )}
              </Text>
            ))}
          </Box>
        </DialogFocus>
      ))}
    </Box>
  );
}

/** The form's fields row by row as drawn: each group's flags `columns` to a row, then Other, then Send. */
function fieldRows(columns: number): FeedbackField[][] {
  const rows: FeedbackField[][] = [];
  for (const group of ['uses.', 'needs.']) {
    const fields = FEEDBACK_FIELDS.filter((f) => f.startsWith(group));
    for (let i = 0; i < fields.length; i += columns) rows.push(fields.slice(i, i + columns));
  }
  return [...rows, ['other'], ['submit']];
}

/** The field above (-1) or below (+1) `field` on screen: the same column, or the row's last box; around at the ends. */
function fieldAcross(field: FeedbackField, delta: 1 | -1, columns: number): FeedbackField {
  const rows = fieldRows(columns);
  const row = rows.findIndex((r) => r.includes(field));
  const column = rows[row].indexOf(field);
  // Other and Send stand in the first column; from them ↑/↓ go to the first column too.
  const next = rows[(row + delta + rows.length) % rows.length];
  return next[Math.min(column, next.length - 1)];
}

export function FeedbackDialog() {
  const theme = useTheme();
  const keys = useKeyNames();
  // A form sent is done with; one not sent is kept for the next `f`.
  const [form, a, close] = useStoreDialog(FEEDBACK_DIALOG, 'account', {
    show: (s) => s.feedback,
    forget: (s) => {
      if (s.feedback.phase === 'sent') s.resetFeedback();
    },
  });
  const { inner } = useDialogRoom();
  const focusedField = () => FEEDBACK_FIELDS[a().feedback.focus];
  const columns = inner >= 66 ? 3 : 2;
  useKeyActions(accountKeys, 'dialog:feedback', {
    next: () => a().moveFeedbackFocus(1),
    previous: () => a().moveFeedbackFocus(-1),
    below: () => a().focusFeedback(fieldAcross(focusedField(), 1, columns)),
    above: () => a().focusFeedback(fieldAcross(focusedField(), -1, columns)),
    toggle: () => a().toggleFeedback(),
    enter: () => {
      if (a().feedback.phase === 'sent') close();
      else if (focusedField() === 'submit') void a().submitFeedback();
      else a().toggleFeedback();
    },
    close,
  });

  if (form.phase === 'sent') {
    return (
      <DialogFrame title="Send feedback">
        <DialogText color={theme.ok}>{`✓ ${form.message}`}</DialogText>
        <DialogText
          dimColor={theme.dim}
        >{`${keys['feedback.enter']} or ${keys['feedback.close']} closes.`}</DialogText>
      </DialogFrame>
    );
  }

  const cellWidth = Math.floor(inner / columns);
  const uses = FEEDBACK_FIELDS.filter((f) => f.startsWith('uses.'));
  const needs = FEEDBACK_FIELDS.filter((f) => f.startsWith('needs.'));
  const focused = FEEDBACK_FIELDS[form.focus];

  let outcome: React.ReactNode = null;
  if (form.phase === 'sending') outcome = <Spinner label="sending…" />;
  else if (form.phase === 'failed' && form.noToken)
    outcome = <NoToken what="Sending feedback needs your network's token" width={inner} />;
  else if (form.phase === 'failed') outcome = <FailedLine message={form.message} />;

  return (
    <DialogFrame title="Send feedback">
      <Text dimColor={theme.dim} wrap="truncate">
        space ticks · ↑↓←→ or tab/shift-tab move · enter on [Send] sends
      </Text>
      <Text bold>What do you use it for?</Text>
      <FlagGrid form={form} fields={uses} columns={columns} cellWidth={cellWidth} />
      <Text bold>What do you need?</Text>
      <FlagGrid form={form} fields={needs} columns={columns} cellWidth={cellWidth} />
      <DialogFocus active={focused === 'other'}>
        <Box>
          <Text bold inverse={focused === 'other'}>
            {focused === 'other' ? '›Other: ' : ' Other: '}
          </Text>
          <TextInput
            id="feedback-other"
            value={form.other}
            width={inner - 8}
            focused={focused === 'other'}
            placeholder="anything else you need (optional)"
            onChange={(value) => a().setFeedbackOther(value)}
            onSubmit={() => a().focusFeedback('submit')}
            onCancel={close}
          />
        </Box>
      </DialogFocus>
      <DialogFocus active={focused === 'submit' || outcome !== null}>
        <Box marginTop={1}>
          <Text inverse={focused === 'submit'} bold color={theme.accent}>
            {focused === 'submit' ? '›[ Send ]' : ' [ Send ]'}
          </Text>
        </Box>
        {outcome}
      </DialogFocus>
    </DialogFrame>
  );
}
