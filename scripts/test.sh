#!/usr/bin/env bash
# Sets everything up (Python deps and the services the tests need), then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
set +e
.venv/bin/python -m pytest -q "$@"
status=$?
set -e
# pytest exits 5 when it collected nothing: that is a failure here, never a silent pass.
exit $status
