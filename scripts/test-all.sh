#!/usr/bin/env bash
# The one test command: installs what the tests need (Debian adb, chromium, Maven and a JDK; npm packages), builds,
# checks and runs every suite: Vitest (unit and integration against simulated devices over a real adb server),
# Playwright e2e in Chromium, and the Kotlin Operator's JUnit tests. .ci/run calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

bash scripts/install-system-deps.sh --with-browser
# Electron's binary and Playwright's browsers cannot be downloaded here; the e2e tests use Debian's chromium.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund --loglevel=error
bash scripts/setup-python-test-env.sh

npm run build
# The Operator APK without Gradle (out/apk); src/simulator/apk/builtApk.test.ts checks and installs it.
npm run build:apk
npm run typecheck
npm run lint
npm run format:check

mkdir -p out/test-results
rm -f out/test-results/*.json
status=0
# Every suite runs even when an earlier one fails, so one run shows every failure.
npx vitest run --reporter=default --reporter=json --outputFile.json=out/test-results/vitest.json || status=1
if [ -f playwright.config.ts ]; then
  npx playwright test || status=1
fi
mvn -B -ntp -f android-operator/pom.xml verify || status=1

node scripts/summarize-tests.mjs || status=1
echo "test-all: finished in $(( $(date +%s) - started )) s"
exit $status
