import { defineConfig } from 'vitest/config';

// Playwright specs live in e2e/ and must not be collected by Vitest.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'conformance/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    globalSetup: ['scripts/vitest-global-setup.ts'],
  },
});
