#!/usr/bin/env bash
# Builds the Operator's APK without Gradle or the Android SDK (issue 15), from Debian packages and Maven Central:
#   npm run build:apk            -> out/apk/androperator-operator-debug.apk   (com.androperator.operator.dev)
# and, when a release keystore is given (see below), also
#                                -> out/apk/androperator-operator-release.apk (com.androperator.operator)
#
# Tools: aapt2 (Debian `aapt`), zipalign, apksigner, a JDK 17 (javac, jar, keytool) and Maven; install them with
# `scripts/install-system-deps.sh --with-apk`. Jars (out/apk/deps, via android-operator/apk-build/pom.xml): D8 from
# com.android.tools:r8, kotlinc from kotlin-compiler-embeddable, the API 34 framework from org.robolectric:android-all.
#
# Signing:
#   debug   ANDROPERATOR_DEBUG_KEYSTORE (default ~/.android/debug.keystore, the Android SDK's own debug key, so an
#           SDK-built debug APK and this one can replace each other); created with keytool when missing
#           (alias androiddebugkey, passwords "android", as the SDK does). Never inside the repository.
#   release ANDROPERATOR_RELEASE_KEYSTORE (path), ANDROPERATOR_RELEASE_KEY_ALIAS, ANDROPERATOR_RELEASE_KEYSTORE_PASS,
#           optional ANDROPERATOR_RELEASE_KEY_PASS (defaults to the keystore password). No release APK without them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP="$ROOT/android-operator/app/src/main"
OUT="$ROOT/out/apk"
WORK="$OUT/work"
DEPS="$OUT/deps"
PACKAGE="com.androperator.operator"
DEBUG_PACKAGE="$PACKAGE.dev"
MIN_SDK=22
# Same as app/build.gradle.kts; the framework linked and compiled against is API 34 (android-all).
TARGET_SDK=35
# Reproducible output: fixed zip times, UTC, C collation for every sorted file list.
export TZ=UTC LC_ALL=C SOURCE_DATE_EPOCH=315532800

step_start=$(date +%s)
step() { echo "build-apk: $*"; }

need() {
  local missing=()
  for tool in aapt2 zipalign apksigner javac jar keytool mvn zip; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "build-apk: missing tools: ${missing[*]}. Install them with: scripts/install-system-deps.sh --with-apk" >&2
    exit 1
  fi
}
need

# Version facts from the one place the sources keep them (app/build.gradle.kts uses the same values).
FACTS="$APP/kotlin/com/androperator/operator/BuildConfigFacts.kt"
VERSION_NAME="$(sed -n 's/.*VERSION_NAME = "\(.*\)".*/\1/p' "$FACTS")"
VERSION_CODE="$(sed -n 's/.*VERSION_CODE = "\(.*\)".*/\1/p' "$FACTS")"
if [ -z "$VERSION_NAME" ] || [ -z "$VERSION_CODE" ]; then
  echo "build-apk: could not read VERSION_NAME/VERSION_CODE from $FACTS" >&2
  exit 1
fi

# No APK of an earlier build survives a failed or release-less one.
rm -rf "$WORK" "$OUT/androperator-operator-debug.apk" "$OUT/androperator-operator-release.apk"
mkdir -p "$WORK" "$DEPS"

step "jars from Maven Central -> out/apk/deps"
mvn -B -q -ntp -f "$ROOT/android-operator/apk-build/pom.xml" dependency:copy-dependencies \
  -DoutputDirectory="$DEPS" -Dmdep.overWriteIfNewer=true >"$WORK/mvn.log" 2>&1 || {
  cat "$WORK/mvn.log" >&2
  exit 1
}
ANDROID_JAR="$(ls "$DEPS"/android-all-*.jar)"
STDLIB_JAR="$(ls "$DEPS"/kotlin-stdlib-[0-9]*.jar)"
R8_JAR="$(ls "$DEPS"/r8-*.jar)"
# kotlinc's own runtime: every jar but the framework and D8.
KOTLINC_CP="$(ls "$DEPS"/*.jar | grep -v -e '/android-all-' -e '/r8-' | paste -sd:)"

step "aapt2 compile res/"
aapt2 compile --dir "$APP/res" -o "$WORK/res.zip"

# The sources' manifest has no package (Gradle's namespace supplies it) and tools: attributes (lint only).
perl -0pe 's/\s+xmlns:tools="[^"]*"//; s/\s+tools:[A-Za-z]+="[^"]*"//g; s/<manifest\b/<manifest package="'"$PACKAGE"'"/' \
  "$APP/AndroidManifest.xml" >"$WORK/AndroidManifest.xml"

link() { # $1 = output, rest = extra aapt2 link flags
  local output="$1"
  shift
  aapt2 link -o "$output" -I "$ANDROID_JAR" --manifest "$WORK/AndroidManifest.xml" \
    --min-sdk-version "$MIN_SDK" --target-sdk-version "$TARGET_SDK" \
    --version-code "$VERSION_CODE" --version-name "$VERSION_NAME" --replace-version \
    --no-auto-version "$@" "$WORK/res.zip"
}

step "aapt2 link (R.java, resources.arsc, binary manifest)"
mkdir -p "$WORK/gen" "$WORK/classes"
link "$WORK/debug.ap_" --java "$WORK/gen" --rename-manifest-package "$DEBUG_PACKAGE"

step "javac R.java"
javac -nowarn --release 17 -d "$WORK/classes" $(find "$WORK/gen" -name '*.java' | sort)

step "kotlinc (app/src/main/kotlin against android-all $(basename "$ANDROID_JAR"))"
find "$APP/kotlin" -name '*.kt' | sort >"$WORK/sources.txt"
java -Xmx1g -cp "$KOTLINC_CP" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
  -no-stdlib -no-reflect -jvm-target 17 -module-name androperator-operator \
  -classpath "$ANDROID_JAR:$STDLIB_JAR:$WORK/classes" -d "$WORK/classes" "@$WORK/sources.txt"

step "d8 --release --min-api $MIN_SDK"
# Fixed entry times and order so classes.jar (and so the dex) does not depend on when it was built.
find "$WORK/classes" -exec touch -h -d @"$SOURCE_DATE_EPOCH" {} +
(cd "$WORK/classes" && find . -name '*.class' | sort | zip -q -X -D "$WORK/classes.jar" -@)
mkdir -p "$WORK/dex"
# D8 8.11 reads Kotlin metadata only up to 2.2 and warns, with a stack trace, for each kotlin-stdlib 2.4 class whose
# metadata it cannot rewrite; the dex does not depend on it (metadata is for Kotlin reflection and R8 shrinking).
# Those warnings are counted in one line; every other D8 message is shown.
java -Xmx1g -cp "$R8_JAR" com.android.tools.r8.D8 --release --min-api "$MIN_SDK" \
  --lib "$ANDROID_JAR" --lib "${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}" \
  --output "$WORK/dex" "$WORK/classes.jar" "$STDLIB_JAR" >"$WORK/d8.log" 2>&1 || {
  cat "$WORK/d8.log" >&2
  exit 1
}
awk '
  /^Warning: An error occurred when parsing kotlin metadata/ || /^Info: Class .* has malformed kotlin.Metadata/ { next }
  /^Warning: Unexpected error during rewriting of Kotlin metadata/ { metadata++; trace = 1; next }
  trace && (/^[[:space:]]+at / || /^com\.android\.tools\.r8\..*: Should never be called/ || /^$/) { next }
  { trace = 0; print }
  END { if (metadata) printf "build-apk: d8 could not rewrite the Kotlin metadata of %d kotlin-stdlib classes (harmless, see out/apk/work/d8.log)\n", metadata }
' "$WORK/d8.log"
touch -d @"$SOURCE_DATE_EPOCH" "$WORK/dex/classes.dex"

package() { # $1 = linked resources, $2 = final APK, rest = apksigner key flags
  local linked="$1" final="$2"
  shift 2
  cp "$linked" "$WORK/unaligned.apk"
  (cd "$WORK/dex" && zip -q -X -D "$WORK/unaligned.apk" classes.dex)
  rm -f "$WORK/aligned.apk"
  zipalign -p 4 "$WORK/unaligned.apk" "$WORK/aligned.apk"
  apksigner sign --min-sdk-version "$MIN_SDK" "$@" --out "$final" "$WORK/aligned.apk"
  rm -f "$final.idsig"
  apksigner verify "$final"
}

DEBUG_KEYSTORE="${ANDROPERATOR_DEBUG_KEYSTORE:-$HOME/.android/debug.keystore}"
if [ ! -f "$DEBUG_KEYSTORE" ]; then
  step "debug key -> $DEBUG_KEYSTORE (keytool)"
  mkdir -p "$(dirname "$DEBUG_KEYSTORE")"
  keytool -genkeypair -keystore "$DEBUG_KEYSTORE" -storetype PKCS12 -storepass android -keypass android \
    -alias androiddebugkey -keyalg RSA -keysize 2048 -validity 10950 -dname "CN=Android Debug,O=Android,C=US" \
    -noprompt >/dev/null 2>&1
fi
step "sign debug -> out/apk/androperator-operator-debug.apk"
package "$WORK/debug.ap_" "$OUT/androperator-operator-debug.apk" \
  --ks "$DEBUG_KEYSTORE" --ks-key-alias androiddebugkey --ks-pass pass:android --key-pass pass:android

if [ -n "${ANDROPERATOR_RELEASE_KEYSTORE:-}" ]; then
  : "${ANDROPERATOR_RELEASE_KEY_ALIAS:?set ANDROPERATOR_RELEASE_KEY_ALIAS to the key alias in the release keystore}"
  : "${ANDROPERATOR_RELEASE_KEYSTORE_PASS:?set ANDROPERATOR_RELEASE_KEYSTORE_PASS to the release keystore password}"
  export ANDROPERATOR_RELEASE_KEY_PASS="${ANDROPERATOR_RELEASE_KEY_PASS:-$ANDROPERATOR_RELEASE_KEYSTORE_PASS}"
  step "sign release -> out/apk/androperator-operator-release.apk"
  link "$WORK/release.ap_"
  package "$WORK/release.ap_" "$OUT/androperator-operator-release.apk" \
    --ks "$ANDROPERATOR_RELEASE_KEYSTORE" --ks-key-alias "$ANDROPERATOR_RELEASE_KEY_ALIAS" \
    --ks-pass env:ANDROPERATOR_RELEASE_KEYSTORE_PASS --key-pass env:ANDROPERATOR_RELEASE_KEY_PASS
fi
step "done in $(($(date +%s) - step_start)) s"
