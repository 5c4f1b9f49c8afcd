// The stale view's two dialogs, for My providers and Devices alike: the one question
// before X removes clients (listing what goes, as many as fit, and how many more), and
// the period P sets (`30m`, `12h`, `7d`, `2w`).
import { Box } from 'ink';
import { useStore } from 'zustand';
import { screenText } from '../../sanitize.ts';
import { seenText } from '../../store/stale.ts';
import { leftOutText } from '../../store/stale-clients.ts';
import { useNow, useStores, useTheme } from '../context.tsx';
import { useDialogs, useKeyActions } from '../input/dispatcher.tsx';
import { LabeledInput } from '../input/labeled-input.tsx';
import { stalePeriodKeys } from '../keys/dialog-keys.ts';
import { truncate } from '../text.ts';
import { DialogFrame, DialogText, useDialogRoom } from './dialog-frame.tsx';
import { QUESTION_DIALOG, Question } from './question.tsx';

export const STALE_PERIOD_DIALOG = 'stalePeriod';

/** Rows of the question below the list: the gap and the question (or the outcome, two lines at most). */
const BELOW_ROWS = 3;

/** X: the clients that go, then y/n, then what the service did. */
export function RemoveStaleQuestion() {
  const { stale } = useStores();
  const dialogs = useDialogs();
  const question = useStore(stale, (s) => s.question);
  const events = useStore(stale, (s) => s.events);
  const now = useNow(60_000);
  const { inner, rows } = useDialogRoom();
  if (!question) return null;
  const { targets } = question;
  const intro =
    targets.length === 1
      ? 'This client goes: out of the lists and statistics, its token stops working.'
      : `These ${targets.length} clients go: out of the lists and statistics, their tokens stop working.`;
  // The list gets what room is left; past it, "… and N more".
  const room = Math.max(
    1,
    rows - BELOW_ROWS - Math.ceil(intro.length / inner) - (question.proxiesLeftOut ? 1 : 0),
  );
  const shown = targets.length > room ? targets.slice(0, room - 1) : targets;
  const lines = [
    intro,
    // One row each, cut by terminal cells: a wide name must not wrap and push the question out.
    ...shown.map((t) =>
      truncate(
        `• ${screenText(t.name || '(no name)')}  ${t.clientId.slice(0, inner >= 70 ? 36 : 8)}  ${seenText(t.lastSeen, { events }, now)}`,
        inner,
      ),
    ),
    ...(shown.length < targets.length ? [`… and ${targets.length - shown.length} more`] : []),
    ...(question.proxiesLeftOut ? [truncate(leftOutText(question.proxiesLeftOut) ?? '', inner)] : []),
  ];
  return (
    <Question
      title="Remove stale clients"
      phase={question.phase}
      lines={lines}
      question={targets.length === 1 ? 'Remove it?' : `Remove these ${targets.length}?`}
      message={question.message}
      onAnswer={(yes) => void stale.getState().answer(yes)}
      onClose={() => {
        stale.getState().closeQuestion();
        dialogs.close(QUESTION_DIALOG);
      }}
    />
  );
}

/** P: the period after which a client with no open connection is stale. */
export function StalePeriodDialog() {
  const { stale } = useStores();
  const theme = useTheme();
  const dialogs = useDialogs();
  const input = useStore(stale, (s) => s.periodInput);
  const s = () => stale.getState();
  const close = () => {
    s().closePeriod();
    dialogs.close(STALE_PERIOD_DIALOG);
  };
  const submit = () => {
    if (s().submitPeriod()) dialogs.close(STALE_PERIOD_DIALOG);
  };
  useKeyActions(stalePeriodKeys, `dialog:${STALE_PERIOD_DIALOG}`, { submit, close });
  return (
    <DialogFrame title="Stale after">
      <DialogText>
        A client with no open connection, last seen longer ago than this, is stale: 30m, 12h, 7d or 2w. It is
        remembered for the next run.
      </DialogText>
      <Box marginTop={1}>
        <LabeledInput
          label="Period: "
          id="stale-period"
          value={input?.text ?? ''}
          placeholder="7d"
          onChange={(text) => s().setPeriodInput(text)}
          onSubmit={submit}
          onCancel={close}
        />
      </Box>
      {input?.problem ? <DialogText color={theme.error}>{`✗ ${input.problem}`}</DialogText> : null}
    </DialogFrame>
  );
}
