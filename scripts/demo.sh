#!/usr/bin/env bash
# Sets everything up, then runs the demo: an instrumented agent -> tracepatrol -> trajectories.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh demo
exec .venv/bin/tracepatrol demo "$@"
