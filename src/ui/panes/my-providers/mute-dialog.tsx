// `m` in My providers: on a provider not muted, a short dialog asks how long (1h, 8h or 24h
// as ↑/↓ pick them, or any length typed as `netdeck mute --for` takes it) and mutes it; on a
// muted one it unmutes at once. The footer says what was done. The mutes are the file
// `netdeck mute` writes (src/store/console-mutes.ts), so the command sees these and the
// console the command's.
import { Box } from 'ink';
import { useStore } from 'zustand';
import { formatTimestamp } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import type { MuteTarget } from '../../../store/mute-form.ts';
import { MUTE_CHOICES } from '../../../store/mutes.ts';
import { DialogFrame, DialogText } from '../../components/dialog-frame.tsx';
import { useKeyNames, useStores, useTheme } from '../../context.tsx';
import { useDialogs, useKeyActions } from '../../input/dispatcher.tsx';
import { LabeledInput } from '../../input/labeled-input.tsx';
import { myProvidersKeys } from './keys.ts';

export const MUTE_DIALOG = 'mute';

/** A provider as sentences name it: its device name, else the start of its client id. */
const nameOf = (target: MuteTarget) => screenText(target.name) || target.clientId.slice(0, 8);

/** `m`'s handler over the provider `target` gives (the cursor's, or the detail's). */
export function useMuteAction(target: () => MuteTarget | undefined) {
  const { mutes, muteForm, session } = useStores();
  const dialogs = useDialogs();
  return () => {
    const chosen = target();
    if (!chosen) return 'no provider here to mute';
    const store = mutes.store.getState();
    if (store.mutedUntil(chosen.clientId) === undefined) {
      muteForm.getState().open(chosen);
      dialogs.open(MUTE_DIALOG);
      return;
    }
    try {
      store.unmute(chosen.clientId);
    } catch (error) {
      return `the mute cannot be ended: ${screenText((error as Error).message)}`;
    }
    session.getState().notify(`unmuted ${nameOf(chosen)}: watch --notify pushes its events again`);
  };
}

export function MuteDialog() {
  const { muteForm, mutes, session } = useStores();
  const theme = useTheme();
  const keys = useKeyNames();
  const dialogs = useDialogs();
  const form = useStore(muteForm);
  const f = () => muteForm.getState();
  const close = () => {
    f().close();
    dialogs.close(MUTE_DIALOG);
  };
  const submit = () => {
    const target = f().target;
    const until = f().submit();
    if (until === undefined || !target) return;
    close();
    session
      .getState()
      .notify(
        `muted ${nameOf(target)} until ${formatTimestamp(until)}: watch --notify does not push its events`,
      );
  };
  useKeyActions(myProvidersKeys, 'dialog:mute', {
    submit,
    next: () => f().step(1),
    previous: () => f().step(-1),
    close,
  });
  if (!form.target) return null;
  const unreadable = mutes.readProblem();
  return (
    <DialogFrame title={`Mute ${nameOf(form.target)}`}>
      <DialogText>
        {`Its events are not pushed by watch --notify for this long, and My providers marks it muted. ${MUTE_CHOICES.join(', ')} (${keys['mute.previous']}/${keys['mute.next']}), or type one: 30m, 2d, 1w.`}
      </DialogText>
      <Box marginTop={1}>
        <LabeledInput
          label="For: "
          id="mute-length"
          value={form.text}
          placeholder="8h"
          onChange={(text) => f().setText(text)}
          onSubmit={submit}
          onCancel={close}
        />
      </Box>
      {unreadable ? (
        <DialogText color={theme.warn}>{`⚠ the mutes file: ${screenText(unreadable)}`}</DialogText>
      ) : null}
      {form.problem ? <DialogText color={theme.error}>{`✗ ${screenText(form.problem)}`}</DialogText> : null}
    </DialogFrame>
  );
}
