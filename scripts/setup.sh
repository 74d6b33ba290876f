#!/usr/bin/env bash
# Creates .venv and installs tracepatrol with the given extras; re-installs only when pyproject changes.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-test}"
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv with $($python --version)"
  "$python" -m venv .venv
fi
stamp=".venv/.tracepatrol-$(sha256sum pyproject.toml | cut -c1-16)-$extras"
if [ ! -f "$stamp" ]; then
  echo "==> installing tracepatrol[$extras] and its dependencies"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet --progress-bar on -e ".[$extras]"
  rm -f .venv/.tracepatrol-*
  touch "$stamp"
fi
