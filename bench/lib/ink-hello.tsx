// The baseline of bench/tui-start.ts: an Ink hello world, bundled the same way as
// netdeck (scripts/build.mjs), timed to its first frame in the same pseudo-terminal.
import { render, Text } from 'ink';

render(<Text>Hello, world</Text>, { exitOnCtrlC: false, patchConsole: false, maxFps: 60 });
