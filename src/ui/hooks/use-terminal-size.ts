// The terminal's size, live: stdout emits 'resize' when the window changes.
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}

export function useTerminalSize(): TerminalSize {
  // Ink types its stdout as any writable stream; the console's is a terminal (or a fake of a set size).
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on('resize', onResize);
    onResize();
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
