// The baseline of the TUI benchmarks: an Ink hello world, bundled the ordinary way
// (bench/lib/tui-pty.ts plainInkHello). bench/tui-start.ts times it to its first frame;
// bench/tui-keypress.ts times a key to the changed line; q quits.
import { render, Text, useApp, useInput } from 'ink';
import { useState } from 'react';

function Hello() {
  const [keys, setKeys] = useState(0);
  const { exit } = useApp();
  useInput((input) => (input === 'q' ? exit() : setKeys((n) => n + 1)));
  return <Text>Hello, world: {keys} keys</Text>;
}

render(<Hello />, { exitOnCtrlC: true, patchConsole: false, maxFps: 60 });
