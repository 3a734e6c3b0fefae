#!/usr/bin/env bash
# `make scale`: release builds, then the scale-out topology under chaos (bench/src/chaos.rs with
# ScaleOptions): HAProxy (Debian's) in front of two `coverline serve` instances (worker off), two
# `coverline worker` processes, a throwaway Postgres and one Temporal dev server. PURCHASES purchases
# (default 200, 40 % with a member fault) through the load balancer with no sticky sessions, while
# API instances and workers are SIGKILLed one at a time in turn and Postgres restarts once. Prints
# the chaos counts plus the balancer's retries, sessions answered by both instances and a VIN rate
# limit probed through the balancer against one instance; fails when any promise broke.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root" && cargo build --release -p coverline-api -p coverline-bench --bins)
env "${coverline_env[@]}" "$CARGO_TARGET_DIR/release/coverline-bench" scale --purchases "${PURCHASES:-200}" --member-faults 40 \
  --workers 2 --coverline "$CARGO_TARGET_DIR/release/coverline" --root "$root" --haproxy "$(command -v haproxy || echo /usr/sbin/haproxy)"
