#!/usr/bin/env bash
# Sets everything up, then runs the demo: an instrumented agent -> tracepatrol -> trajectories.
set -euo pipefail
cd "$(dirname "$0")/.."
SAY_WITHOUT_RUST=0 bash scripts/setup.sh demo  # without the Rust decoder the demo says so as it starts, once
exec .venv/bin/tracepatrol demo "$@"
