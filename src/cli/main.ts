// Entry point of the `netdeck` binary (bundled to dist/netdeck.js).
import { runCli } from './program.ts';

// `netdeck ... | head`: the reader went away; stop quietly rather than with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2));
