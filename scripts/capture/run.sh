#!/usr/bin/env bash
# Re-capture every instrumentation fixture: tests/fixtures/instrumentations/**.pb + MANIFEST.json.
#
#   bash scripts/capture/run.sh                         # everything
#   bash scripts/capture/run.sh --only pydantic_ai      # one convention (or convention.variant)
#   bash scripts/capture/run.sh --scenarios one_tool    # some scenarios
#   CAPTURE_INSTALL_ONLY=1 bash scripts/capture/run.sh --only smolagents   # install, run nothing
#
# Creates one virtualenv per environment under .cache/capture/venvs (never the project's .venv)
# from scripts/capture/requirements/<env>.txt (frozen; <env>.in when the frozen list is missing,
# which is then written), one npm folder per Vercel AI SDK major under .cache/capture/node, starts
# the fake model + capture receiver on 127.0.0.1 and runs every scenario (run_all.py).
# Network: the package registries while installing, then 127.0.0.1 only.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CACHE="$ROOT/.cache/capture"
VENVS="$CACHE/venvs"
REQ="$HERE/requirements"
PORT="${CAPTURE_PORT:-18080}"
PYTHON="${PYTHON:-python3}"
# The environments the selected captures need (run_all.py's MATRIX; the harness always).
read -r -a NEEDED <<< "$("$PYTHON" "$HERE/run_all.py" --print-envs "$@")"
PY_ENVS=(harness); NODE_ENVS=()
for name in "${NEEDED[@]}"; do
  case "$name" in node/*) NODE_ENVS+=("${name#node/}") ;; *) PY_ENVS+=("$name") ;; esac
done
mkdir -p "$VENVS" "$CACHE/node" "$CACHE/cwd" "$CACHE/out"

venv() {  # venv NAME: create or refresh .cache/capture/venvs/NAME from its requirements
  local name="$1" dir="$VENVS/$1" frozen="$REQ/$1.txt" top="$REQ/$1.in" constraints=()
  [ -f "$REQ/$1-constraints.txt" ] && constraints=(-c "$REQ/$1-constraints.txt")
  local source="$frozen"; [ -f "$frozen" ] || source="$top"
  local stamp; stamp="$(sha256sum "$source" | cut -c1-16)"
  if [ -x "$dir/bin/python" ] && [ "$(cat "$dir/.capture-stamp" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  echo "== venv $name (from ${source#$ROOT/})"
  rm -rf "$dir"
  "$PYTHON" -m venv "$dir"
  if ! "$dir/bin/pip" install -q --disable-pip-version-check -r "$source" "${constraints[@]}"; then
    echo "!! $name: install failed; its captures are skipped" >&2
    rm -rf "$dir"
    return 0
  fi
  if [ ! -f "$frozen" ]; then
    { echo "# frozen from $name.in by run.sh; delete this file to re-resolve"
      "$dir/bin/pip" freeze --disable-pip-version-check; } > "$frozen"
    stamp="$(sha256sum "$frozen" | cut -c1-16)"
  fi
  echo "$stamp" > "$dir/.capture-stamp"
}

node_env() {  # node_env NAME: npm install scripts/capture/node/NAME into .cache/capture/node/NAME
  local name="$1" src="$HERE/node/$1" dir="$CACHE/node/$1"
  local stamp; stamp="$(cat "$src/package.json" "$src/package-lock.json" 2>/dev/null | sha256sum | cut -c1-16)"
  if [ -d "$dir/node_modules" ] && [ "$(cat "$dir/.capture-stamp" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  echo "== npm $name"
  rm -rf "$dir"; mkdir -p "$dir"
  cp "$src/package.json" "$dir/"
  if [ -f "$src/package-lock.json" ]; then
    cp "$src/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) || { echo "!! $name: npm ci failed" >&2; rm -rf "$dir"; return 0; }
  else
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error) || { echo "!! $name: npm install failed" >&2; rm -rf "$dir"; return 0; }
    cp "$dir/package-lock.json" "$src/"
  fi
  echo "$stamp" > "$dir/.capture-stamp"
}

for name in "${PY_ENVS[@]}"; do venv "$name"; done
if [ "${#NODE_ENVS[@]}" -eq 0 ]; then
  :
elif command -v npm >/dev/null; then
  for name in "${NODE_ENVS[@]}"; do node_env "$name"; done
else
  echo "!! npm not found: the Vercel AI SDK captures are skipped" >&2
fi

[ -n "${CAPTURE_INSTALL_ONLY:-}" ] && exit 0
H="$VENVS/harness/bin/python"
"$H" "$HERE/servers.py" --port "$PORT" --out "$CACHE/out" > "$CACHE/servers.log" 2>&1 &
SERVERS=$!
trap 'kill "$SERVERS" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  "$H" -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:$PORT/health', timeout=1)" 2>/dev/null && break
  sleep 0.2
done

"$H" "$HERE/run_all.py" --port "$PORT" --out "$CACHE/out" "$@"
"$H" "$HERE/check_paths.py"
