#!/usr/bin/env bash
# Installs the Debian packages the tests and the console need: adb (device bridge) and chromium (e2e browser).
# Idempotent: does nothing when both are present. Needs root (or sudo) the first time.
set -euo pipefail
missing=()
command -v adb >/dev/null 2>&1 || missing+=(adb)
if [ "${1:-}" = "--with-browser" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
