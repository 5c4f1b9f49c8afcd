// The streams and environment a command runs with: process's in the binary, fakes in tests.

export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
}

export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  /** Read instead of process.env, so tests control every NETDECK_* variable. */
  env: Record<string, string | undefined>;
  stdin?: NodeJS.ReadStream;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, stdin: process.stdin };
}
