// Ink's hand-over of the terminal, for ctrl-z and SIGTSTP: its suspendTerminal erases its
// frame and gives up raw mode and paste mode, and resuming takes them back and redraws the
// whole frame. Ink offers it inside React only: this hands it to the console's mount
// (src/cli/console/tui.tsx), which suspends the process around it.
import { type SuspendTerminal, useApp } from 'ink';
import { useEffect } from 'react';

export function TerminalHandover({ onReady }: { onReady: (suspend: SuspendTerminal) => void }): null {
  const { suspendTerminal } = useApp();
  useEffect(() => onReady(suspendTerminal), [onReady, suspendTerminal]);
  return null;
}
