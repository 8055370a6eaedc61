import { defineConfig } from 'vitest/config';

// Playwright specs live in e2e/ and must not be collected by Vitest.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'bench/**/*.test.ts',
      'conformance/**/*.test.ts',
      'lint/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    globalSetup: ['scripts/vitest-global-setup.ts'],
    // A safety net: code that falls back to the environment's adb server must never reach the user's own (5037) or
    // start one there, and CLI subprocesses must not route through a serve/console the user has running. Tests
    // that need adb start their own isolated server and pass its port explicitly.
    env: {
      ANDROID_ADB_SERVER_PORT: '1',
      ANDROPERATOR_ADB: '/nonexistent/tests-must-use-an-isolated-adb-server',
      ANDROPERATOR_NO_DAEMON: '1',
    },
  },
});
