#!/usr/bin/env bash
# Creates out/pyenv (a Python venv) with requirements-test.txt: the real adb clients the fidelity tests drive.
# Idempotent: an existing venv with the pinned packages is kept. Never installs into the system Python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=out/pyenv
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p out
  "$python" -m venv "$venv"
fi
stamp="$venv/.requirements-test.txt"
if [ -f "$stamp" ] && cmp -s requirements-test.txt "$stamp"; then
  exit 0
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
cp requirements-test.txt "$stamp"
