#!/usr/bin/env bash
# Sets everything up (Python deps and the services the tests need), then runs the whole suite.
#
# Services: Debian's Chromium (dashboard tests), a single-node Kafka broker (scale-out tests) and
# Debian's Prometheus Alertmanager (alert tests), installed and started here and stopped at the end.
# With CI=true a service that cannot be set up fails the run; elsewhere its tests skip with a
# message saying what is missing.
#
#   bash scripts/test.sh                        # everything (two passes, see below)
#   bash scripts/test.sh [PYTEST ARGS]          # those tests, in one pytest process
#   bash scripts/test.sh --fast [PYTEST ARGS]   # only the unmarked tests: in-process, no services
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test

if [ "${1:-}" = "--fast" ]; then
  shift
  # the markers are set in tests/conftest.py; pytest exits 5 when it selected nothing, a failure too
  exec .venv/bin/python -m pytest -q -m "not (integration or kafka or browser or fuzz or perf)" "$@"
fi

need() {  # need WHAT: fail in CI, warn elsewhere
  if [ "${CI:-}" = "true" ]; then echo "test.sh: ERROR: $1" >&2; exit 1; fi
  echo "test.sh: WARNING: $1 (its tests will skip)" >&2
}

if ! command -v chromium >/dev/null 2>&1; then
  echo "==> installing Debian's chromium for the dashboard tests"
  as_root=""; [ "$(id -u)" -ne 0 ] && as_root="sudo -n"
  { $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 \
    || { $as_root apt-get update -q >/dev/null 2>&1 \
         && $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1; }; } \
    || need "could not apt-get install chromium"
fi
if command -v chromium >/dev/null 2>&1; then export TEST_CHROMIUM="$(command -v chromium)"; fi

trap 'bash scripts/kafka.sh stop >/dev/null 2>&1 || true; bash scripts/alertmanager.sh stop >/dev/null 2>&1 || true' EXIT
if bash scripts/kafka.sh start; then
  export TEST_KAFKA_BOOTSTRAP="127.0.0.1:${KAFKA_PORT:-19092}"
else
  need "could not start the Kafka broker (scripts/kafka.sh start)"
fi
if bash scripts/alertmanager.sh start; then
  export TEST_ALERTMANAGER="http://127.0.0.1:${ALERTMANAGER_PORT:-19095}"
else
  need "could not start Alertmanager (scripts/alertmanager.sh start)"
fi

# pytest exits 5 when it collected nothing: that is a failure here, never a silent pass.
if [ $# -gt 0 ]; then
  exec .venv/bin/python -m pytest -q "$@"
fi
# Everything but the tests that measure time or memory on three processes (each test file on one;
# most of the suite waits on servers, not on a core; Kafka tests use topics and groups of their
# own), in collection order, which puts the longest files first (tests/conftest.py LONGEST_FIRST);
# then those that measure, two files at a time: each is built to pass beside a CPU hog (their
# bounds calibrate themselves), and one at a time they left the second core idle.
set +e
.venv/bin/python -m pytest -q -n 3 --dist loadfile --no-loadscope-reorder -m "not perf"
parallel=$?
.venv/bin/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder -m perf
alone=$?
set -e
echo "test.sh: exit $parallel (three processes), $alone (timing tests, two processes)"
[ $parallel -eq 0 ] && [ $alone -eq 0 ]
