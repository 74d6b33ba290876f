#!/usr/bin/env bash
# Creates .venv and installs tracepatrol with the given extras; re-installs only when pyproject, the
# Rust decoder (native/) or whether cargo is there changes. The decoder is built here with cargo
# (Rust from rustup) and installed with the `native` extra. Without cargo everything else is
# installed and protobuf is decoded in Python (collector/decoding/wire_outline.py, upb): slower, said once
# here with the cost and the way to the faster path (CI, CI=true, must build it: an error there;
# SAY_WITHOUT_RUST=0: not here, a server about to start says it).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-test}"
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv with $($python --version)"
  "$python" -m venv .venv
fi
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"  # rustup's place, when the shell did not source its env
fi
decoder=python
if command -v cargo >/dev/null 2>&1; then
  decoder=rust
elif [ "${CI:-}" = "true" ]; then
  echo "setup.sh: ERROR: cargo not found; CI builds the Rust decoder (native/): install Rust (https://rustup.rs)" >&2
  exit 1
fi
sources=$(cat pyproject.toml native/pyproject.toml native/Cargo.toml native/Cargo.lock native/src/*.rs | sha256sum | cut -c1-16)
stamp=".venv/.tracepatrol-$sources-$extras-$decoder"  # a later install of cargo changes it: the decoder is built then
if [ ! -f "$stamp" ]; then
  # (the venv's own pip is used: upgrading it asked the index every run, up to 48 s on a slow link)
  if [ "$decoder" = rust ]; then
    echo "==> building the Rust OTLP decoder (native/, $(cargo --version))"
    # cargo's build directory is kept in the user's cache, so a fresh clone rebuilds only what changed
    CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tracepatrol/cargo-target}" \
      .venv/bin/python -m pip install --quiet ./native
    install="$extras,native"
  else
    # a decoder built from other sources would not match this checkout's Python: the Python path is used
    .venv/bin/python -m pip uninstall --quiet --yes otlp-columns 2>/dev/null || true
    install="$extras"
  fi
  echo "==> installing tracepatrol[$install] and its dependencies"
  .venv/bin/python -m pip install --quiet --progress-bar on -e ".[$install]"
  rm -f .venv/.tracepatrol-*
  touch "$stamp"
  missing=$(.venv/bin/python -c 'from collector.decoding.otlp import rust_missing; print(rust_missing() or "")')
  if [ -n "$missing" ] && [ "${SAY_WITHOUT_RUST:-1}" != 0 ]; then echo "==> $missing"; fi
fi
