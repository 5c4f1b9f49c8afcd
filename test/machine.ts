// What a test needs from the machine beyond Node and the packages: a shell (zsh, fish) or
// the machine's own old Node. Outside CI a test is skipped where that is missing; under CI
// it runs and fails, naming what is missing: .ci/run installs everything the tests need, so
// a skip there would hide a test that never ran. (CI=true where the suite started: vitest
// hands its tests CI=false, and vitest.config.ts passes the first on as TEST_SUITE_CI.)
import { spawnSync } from 'node:child_process';
import { it } from 'vitest';

export const UNDER_CI = process.env.TEST_SUITE_CI === 'true';

/** Whether the shell `shell` runs here. */
export function shellInstalled(shell: string): boolean {
  return spawnSync(shell, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0;
}

type TestBody = () => unknown;
type Test = (name: string, body: TestBody, timeout?: number) => void;

/**
 * `it` for a test that needs `what`: as it is where `present`; skipped outside CI where
 * not; under CI, a test that fails naming what is missing.
 */
export function itNeeds(what: string, present: boolean): Test {
  if (present) return it;
  if (!UNDER_CI) return it.skip;
  return (name, _body, timeout) =>
    it(
      name,
      () => {
        throw new Error(
          `${what} is missing on this machine: .ci/run installs it (under CI a test that needs it fails instead of skipping)`,
        );
      },
      timeout,
    );
}
