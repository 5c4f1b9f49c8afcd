import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/places-setup.ts'],
    // Ink renders only the last frame under CI=true; tests read every frame (and learn
    // whether CI runs them from TEST_SUITE_CI: test/machine.ts). The binaries the tests run
    // keep their compile cache (src/cli/compile-cache.ts) in a temporary folder.
    env: {
      CI: 'false',
      TEST_SUITE_CI: process.env.CI === 'true' ? 'true' : 'false',
      TZ: 'UTC',
      FORCE_COLOR: '0',
      XDG_CACHE_HOME: join(tmpdir(), 'netdeck-test-cache'),
    },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest leaves a core free by default: one worker on these 2-core machines, and a
    // suite of 4.5 minutes. The tests wait on what they see, not on time, so two share.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
