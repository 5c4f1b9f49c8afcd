// Entry point of netdeck's core (bundled to dist/netdeck-core.cjs, which the `netdeck` binary,
// dist/netdeck.cjs, loads: src/cli/bin.ts).
import { flushCompileCache } from './compile-cache.ts';
import { hangUp } from './console/hang-up.ts';
import { runCli } from './program.ts';

// The reader went away (`netdeck ... | head`: EPIPE) or the terminal closed under the
// console (its window killed: EIO, after the SIGHUP): stop quietly, no stack trace.
for (const stream of [process.stdout, process.stdin]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    if (error.code === 'EIO') hangUp();
    throw error;
  });
}

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  flushCompileCache();
});
