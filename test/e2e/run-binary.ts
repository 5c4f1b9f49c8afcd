// Runs the built binary once without a terminal (as a script or a pipe would) and
// captures everything it prints.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BINARY, cleanEnv, ensureBuilt } from './harness.ts';

export interface BinaryRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runBinary(
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<BinaryRun> {
  await ensureBuilt();
  const configHome = mkdtempSync(join(tmpdir(), 'netdeck-run-'));
  try {
    return await new Promise<BinaryRun>((resolve) => {
      const child = execFile(
        process.execPath,
        [BINARY, ...args],
        { cwd: configHome, env: cleanEnv(configHome, options.env), timeout: options.timeoutMs ?? 15_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 128) : 0;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end();
    });
  } finally {
    rmSync(configHome, { recursive: true, force: true });
  }
}
