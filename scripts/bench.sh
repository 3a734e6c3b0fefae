#!/usr/bin/env bash
# `make bench`: release builds, then the harnesses of bench/ against a throwaway stack. Prints figures.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root" && cargo build --release -p coverline-api -p coverline-bench --bins)
bench="$CARGO_TARGET_DIR/release/coverline-bench"
trap stop_stack EXIT
echo "== VIN decode"
"$bench" vin
echo "== Quote endpoint vs hello-world on the same server (8 clients, 10 s each)"
start_stack "$CARGO_TARGET_DIR/release/coverline"
"$bench" quote --url "$APP_URL"
