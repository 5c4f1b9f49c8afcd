// A y/n question in place of the pane, before an action that changes something (make a
// wallet the payout wallet, remove one, confirm a guest, remove an association); then
// the outcome. `y`/enter answers yes, `n`/esc no (keys in dialog-keys.ts).
import { Box } from 'ink';
import type React from 'react';
import { screenText } from '../../sanitize.ts';
import { useKeyNames, useTheme } from '../context.tsx';
import { useCloseDialog } from '../hooks/use-close-dialog.ts';
import { useKeyActions } from '../input/dispatcher.tsx';
import { questionKeys } from '../keys/dialog-keys.ts';
import { DialogFrame, DialogText } from './dialog-frame.tsx';
import { DoneLine } from './outcome-lines.tsx';
import { Spinner } from './spinner.tsx';

export const QUESTION_DIALOG = 'confirm';

export interface QuestionProps {
  title: string;
  phase: 'checking' | 'ask' | 'sending' | 'done' | 'failed' | 'editing';
  /** What will happen, shown while asking. */
  lines: string[];
  question: string;
  /** The outcome (done or failed), or what is being checked. */
  message?: string;
  onAnswer(yes: boolean): void;
  onClose(): void;
}

/** What a store asked: where it stands, and the outcome (or what is being checked) in words. */
interface Asked {
  phase: QuestionProps['phase'];
  message?: string;
}

/**
 * The Question about what a store asked (`asked`, drawn while it stands): the answer goes
 * to the store, and closing forgets the question there (`forget`) and closes the dialog.
 */
export function AskedQuestion({
  asked,
  answer,
  forget,
  ...words
}: Pick<QuestionProps, 'title' | 'lines' | 'question'> & {
  asked: Asked;
  answer(yes: boolean): Promise<void>;
  forget(): void;
}) {
  const close = useCloseDialog(QUESTION_DIALOG, forget);
  return (
    <Question
      {...words}
      phase={asked.phase}
      message={asked.message}
      onAnswer={(yes) => void answer(yes)}
      onClose={close}
    />
  );
}

export function Question({ title, phase, lines, question, message, onAnswer, onClose }: QuestionProps) {
  const theme = useTheme();
  const keys = useKeyNames();
  const answered = phase === 'done' || phase === 'failed';
  useKeyActions(
    questionKeys,
    'dialog:confirm',
    {
      yes: () => {
        if (phase === 'ask') onAnswer(true);
        else if (answered) onClose();
      },
      // No, or closing: the question goes away either way.
      no: () => {
        if (phase === 'ask') onAnswer(false);
        onClose();
      },
    },
    // Once answered (or while the answer is on its way) there is nothing to say yes to.
    phase === 'ask' || phase === 'editing' ? undefined : { yes: answered ? 'close' : false, no: 'close' },
  );
  let footer: React.ReactNode;
  if (phase === 'checking') footer = <Spinner label={message ?? 'asking the service…'} />;
  else if (phase === 'sending') footer = <Spinner label="sending…" />;
  else if (phase === 'done') footer = <DoneLine message={message} closes={['enter', 'esc']} />;
  else if (phase === 'failed')
    footer = <DialogText color={theme.error}>{`✗ ${screenText(message)}  (esc closes)`}</DialogText>;
  else
    footer = (
      <DialogText bold color={theme.warn}>
        {`${question}  ${keys['confirm.yes']} yes · ${keys['confirm.no']} no`}
      </DialogText>
    );
  return (
    <DialogFrame title={title}>
      {phase === 'failed' && lines.length === 0 ? null : (
        <Box flexDirection="column" marginBottom={1}>
          {lines.map((line) => (
            <DialogText key={line}>{line}</DialogText>
          ))}
        </Box>
      )}
      {footer}
    </DialogFrame>
  );
}
