import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that share a worker's modules with the files before them (`isolate: false`):
 * they touch no global but what they put back (an environment variable, fake timers, a
 * spy), and netdeck keeps no state in a module but caches keyed by the object they are
 * about. Each file's import of Ink, React and the panes was the suite's largest cost; the
 * rest (e2e, the commands, packaging, the fuzz) run a worker each as before.
 */
const SHARED = ['test/*.test.ts', 'test/{api,contract,format,simulator,store,ui}/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    // Each project names its files (an `include` here would be added to both).
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...SHARED],
        },
      },
    ],
    globalSetup: ['test/places-setup.ts'],
    // Ink renders only the last frame under CI=true; tests read every frame (and learn
    // whether CI runs them from TEST_SUITE_CI: test/machine.ts). The binaries the tests run
    // keep their compile cache (src/cli/runtime/compile-cache.ts) in a temporary folder.
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
