// Playwright e2e: the real browser console (out/console/web.js) in Debian's Chromium, against simulated devices on
// an isolated real adb server. Build first (`npm run build`); scripts/test-all.sh does.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/fixtures/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'out/test-results/playwright',
  // CPU is scarce (2 cores shared with the console, adb and the simulators): one file at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'out/test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 1000 },
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
