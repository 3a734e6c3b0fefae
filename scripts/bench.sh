#!/usr/bin/env bash
# `make bench`: release builds, then the harnesses of bench/ against a throwaway stack. Prints figures.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root" && cargo build --release -p coverline-api -p coverline-bench --bins)
bench="$CARGO_TARGET_DIR/release/coverline-bench"
trap stop_stack EXIT
echo "== VIN decode and the description catalog"
"$bench" vin
echo "== VIN photo reading: accuracy and latency over the generated corpus"
"$bench" ocr --per-category 40 --seed 1
echo "== Quote endpoint vs hello-world on the same server (8 clients, 10 s each), then quote at 300 requests/s"
start_stack "$CARGO_TARGET_DIR/release/coverline"
"$bench" quote --url "$APP_URL"
