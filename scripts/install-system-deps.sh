#!/usr/bin/env bash
# Installs the Debian packages the console needs (adb) and, with --with-browser, what the tests need too:
# chromium (e2e browser), Maven and a JDK (the Kotlin Operator's JVM build), and the APK tools below.
# With --with-apk: Maven, a JDK and the tools scripts/build-apk.sh needs (aapt ships aapt2; zipalign, apksigner;
# zip; dexdump for the APK's tests).
# Idempotent: does nothing when both are present. Needs root (or sudo) the first time.
set -euo pipefail
missing=()
command -v adb >/dev/null 2>&1 || missing+=(adb)
if [ "${1:-}" = "--with-browser" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  # The Kotlin Operator's JVM build and tests.
  command -v mvn >/dev/null 2>&1 || missing+=(maven)
  command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
fi
if [ "${1:-}" = "--with-browser" ] || [ "${1:-}" = "--with-apk" ]; then
  # The Operator APK built without Gradle (scripts/build-apk.sh) and its checks.
  if [ "${1:-}" = "--with-apk" ]; then
    command -v mvn >/dev/null 2>&1 || missing+=(maven)
    command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
  fi
  command -v aapt2 >/dev/null 2>&1 || missing+=(aapt)
  command -v zipalign >/dev/null 2>&1 || missing+=(zipalign)
  command -v apksigner >/dev/null 2>&1 || missing+=(apksigner)
  command -v dexdump >/dev/null 2>&1 || missing+=(dexdump)
  command -v zip >/dev/null 2>&1 || missing+=(zip)
fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
