// `@`: switch profile. A small dialog lists the profiles (the config file's and the kept
// logins', as `netdeck config profiles` does), the current one marked; enter on another
// checks its configuration and, when it works, the console starts again on it (a new
// client and new stores: src/cli/commands/console.ts). A profile that cannot work says
// why here and nothing changes.
import { Box } from 'ink';
import { createContext, useContext, useState } from 'react';
import { screenText } from '../../sanitize.ts';
import { useTheme } from '../context.tsx';
import { useDialogs, useKeyActions } from '../input/dispatcher.tsx';
import { profileKeys } from '../keys/dialog-keys.ts';
import { DialogFrame, DialogText, useDialogRoom } from './dialog-frame.tsx';
import { DialogList, dialogListRows } from './dialog-list.tsx';

export const PROFILE_DIALOG = 'profiles';

export interface ProfileChoice {
  name: string;
  apiUrl?: string;
  current: boolean;
}

/** What the console command gives the UI to switch profiles with. */
export interface ProfileSwitch {
  /** The profiles there are now. */
  list(): ProfileChoice[];
  /** Switches (the console then starts again on it), or says why it cannot. */
  choose(name: string): string | undefined;
}

const ProfileSwitchContext = createContext<ProfileSwitch | undefined>(undefined);
export const ProfileSwitchProvider = ProfileSwitchContext.Provider;
export const useProfileSwitch = () => useContext(ProfileSwitchContext);

export function ProfileDialog() {
  const profiles = useProfileSwitch();
  const theme = useTheme();
  const dialogs = useDialogs();
  const [list] = useState(() => profiles?.list() ?? []);
  const [cursor, setCursor] = useState(() =>
    Math.max(
      0,
      list.findIndex((p) => p.current),
    ),
  );
  const [problem, setProblem] = useState<string>();
  const move = (delta: number) => {
    setProblem(undefined);
    setCursor((at) => Math.min(list.length - 1, Math.max(0, at + delta)));
  };
  useKeyActions(profileKeys, 'dialog:profiles', {
    down: () => move(1),
    up: () => move(-1),
    choose: () => {
      const chosen = list[cursor];
      if (!chosen || !profiles) return;
      if (chosen.current) return dialogs.close(PROFILE_DIALOG);
      setProblem(profiles.choose(chosen.name));
    },
    close: () => dialogs.close(PROFILE_DIALOG),
  });
  const room = useDialogRoom();
  const nameWidth = Math.min(24, Math.max(7, ...list.map((p) => p.name.length)));
  const lines = list.map(
    (p) =>
      `${p.current ? '*' : ' '} ${screenText(p.name).padEnd(nameWidth)}  ${screenText(p.apiUrl ?? 'the demo simulator')}`,
  );
  return (
    <DialogFrame title="Switch profile">
      <DialogText dimColor={theme.dim}>
        The config file's profiles and the kept logins; * is the one in use. enter switches: the console
        starts again on that profile.
      </DialogText>
      <Box marginTop={1} width={room.inner}>
        <DialogList
          lines={lines}
          keys={list.map((p) => p.name)}
          cursor={cursor}
          rows={dialogListRows(room.rows, 4)}
        />
      </Box>
      {problem ? <DialogText color={theme.error}>{`✗ ${screenText(problem)}`}</DialogText> : null}
    </DialogFrame>
  );
}
