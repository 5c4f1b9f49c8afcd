import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Ink renders only the last frame under CI=true; tests read every frame.
    env: { CI: 'false', TZ: 'UTC', FORCE_COLOR: '0' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
