// The terminal is gone (its window closed: SIGHUP, then EIO on every write). Nothing can
// be restored on it, and Node's own exit path would abort trying to (its ResetStdio
// asserts when tcsetattr fails with EIO), so end the way a hung-up process does: by
// SIGHUP with its default action, which skips that reset.
export function hangUp(): never {
  process.removeAllListeners('SIGHUP');
  process.kill(process.pid, 'SIGHUP');
  // The signal is delivered asynchronously; nothing else may run meanwhile.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
}
