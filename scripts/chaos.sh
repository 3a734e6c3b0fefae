#!/usr/bin/env bash
# `make chaos`: release builds, then the chaos harness of bench/ in its four configurations
# (SQLite / Postgres × worker in-process / separate): PURCHASES purchases (default 200), 40 % of them
# with a member fault (a lost payment report, a tab closed after Pay, Retry Payment, a reload, two tabs
# paying), while `coverline` is SIGKILLed every ~2 s and Temporal is restarted once. Prints one summary
# each and fails when any promise broke (lost or duplicate contracts, charges without a contract, net
# double charges, paid contracts unfulfilled, lost or duplicate emails, workflows left running).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root" && cargo build --release -p coverline-api -p coverline-bench --bins)
purchases=${PURCHASES:-200}
status=0
for db in sqlite postgres; do
  for worker in inprocess separate; do
    env "${coverline_env[@]}" "$CARGO_TARGET_DIR/release/coverline-bench" chaos --purchases "$purchases" --member-faults 40 --db "$db" --worker "$worker" \
      --coverline "$CARGO_TARGET_DIR/release/coverline" --root "$root" || status=1
  done
done
exit $status
