// Entry point of netdeck's core (bundled to dist/netdeck-core.cjs, which the `netdeck` binary,
// dist/netdeck.cjs, loads: src/cli/bin.ts).
import { paintEarly } from './console/early-paint.ts';
import { hangUp } from './console/hang-up.ts';
import { startMark } from './console/start-marks.ts';
import { processIo } from './output/io.ts';
import { flushCompileCache } from './runtime/compile-cache.ts';
import { memory } from './runtime/memory-saver.ts';

startMark('core evaluated');
const argv = process.argv.slice(2);
const io = processIo();
// The demo console's first frame before the rest loads (early-paint.ts).
if (paintEarly(argv, io)) startMark('first paint');

// The reader went away (`netdeck ... | head`: EPIPE) or the terminal closed under the
// console (its window killed: EIO, after the SIGHUP): stop quietly, no stack trace.
for (const stream of [process.stdout, process.stdin]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    if (error.code === 'EIO') hangUp();
    throw error;
  });
}

void import('./program.ts')
  .then(({ runCli }) => runCli(argv, io, { memory }))
  .then((code) => {
    process.exitCode = code;
    memory.restore();
    flushCompileCache();
  });
