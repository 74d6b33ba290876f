#!/usr/bin/env bash
# Creates .venv and installs tracepatrol with the given extras; re-installs only when pyproject or
# the Rust decoder (native/) changes. The decoder is built here with cargo (Rust from rustup).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-test}"
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv with $($python --version)"
  "$python" -m venv .venv
fi
sources=$(cat pyproject.toml native/pyproject.toml native/Cargo.toml native/Cargo.lock native/src/*.rs | sha256sum | cut -c1-16)
stamp=".venv/.tracepatrol-$sources-$extras"
if [ ! -f "$stamp" ]; then
  if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"  # rustup's place, when the shell did not source its env
  fi
  command -v cargo >/dev/null 2>&1 || { echo "setup.sh: ERROR: cargo not found; install Rust (https://rustup.rs) to build native/" >&2; exit 1; }
  echo "==> building the Rust OTLP decoder (native/, $(cargo --version))"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet ./native
  echo "==> installing tracepatrol[$extras] and its dependencies"
  .venv/bin/python -m pip install --quiet --progress-bar on -e ".[$extras]"
  rm -f .venv/.tracepatrol-*
  touch "$stamp"
fi
