#!/usr/bin/env bash
# The one test command: installs what the tests need (Debian adb and chromium, npm packages), builds, checks and runs
# every test suite. .ci/run calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

bash scripts/install-system-deps.sh --with-browser
# Electron's binary and Playwright's browsers cannot be downloaded here; the e2e tests use Debian's chromium.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund --loglevel=error

npm run build
npm run typecheck
npm run lint
npm run format:check

mkdir -p out/test-results
npx vitest run --reporter=default --reporter=json --outputFile.json=out/test-results/vitest.json

node scripts/summarize-tests.mjs
echo "test-all: finished in $(( $(date +%s) - started )) s"
