#!/usr/bin/env bash
# `make bench`: release builds, then the harnesses of bench/ against a throwaway stack. Prints figures.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root" && cargo build --release -p coverline-api -p coverline-bench --bins)
bench="$CARGO_TARGET_DIR/release/coverline-bench"
trap stop_stack EXIT
# The harnesses create their members through the splash's captcha: cheap, so the figures are the server's.
export COVERLINE_CAPTCHA_COST=1 COVERLINE_CAPTCHA_MAX_NUMBER=4
echo "== VIN decode and the description catalog"
"$bench" vin
echo "== VIN photo reading: accuracy and latency over the generated corpus"
"$bench" ocr --per-category 40 --seed 1
echo "== Quote endpoint vs hello-world on the same server (8 clients, 10 s each), then quote at 300 requests/s"
start_stack "$CARGO_TARGET_DIR/release/coverline"
"$bench" quote --url "$APP_URL"
echo "== Checkout workflow server time (a whole purchase) vs a trivial 3-activity workflow on the same Temporal server (50 each, one at a time)"
"$bench" workflow-overhead --url "$APP_URL" --inbox "$INBOX_URL" --runs 50
echo "== Checkouts per second vs a no-op mirror workflow with the same Updates and activities (same Temporal server), and the step Update's latency"
"$bench" checkouts --url "$APP_URL" --inbox "$INBOX_URL" --count 100 --concurrency 20
echo "== Purchases per second without faults; RSS idle and under load (200 purchases, 50 at once, its own stack; worker in-process, then separate)"
for worker in inprocess separate; do
  env "${coverline_env[@]}" "$bench" chaos --purchases 200 --concurrency 50 --kill-every-ms 0 --member-faults 0 --worker "$worker" \
    --coverline "$CARGO_TARGET_DIR/release/coverline" --root "$root"
done
echo "== Web: Lighthouse, mobile preset: the splash, an in-app step to the prices, coverage from a partner's launch, the review from a continue link (medians of 3 runs; a fresh stack)"
start_stack "$CARGO_TARGET_DIR/release/coverline"
(cd "$root/web" && APP_URL=$APP_URL SANDBOX_URL=$SANDBOX_URL INBOX_URL=$INBOX_URL node scripts/bench-lighthouse.mjs)
echo "== Web: VIN submit -> coverage prices visible, 20 new members in Chromium (same stack)"
(cd "$root/web" && APP_URL=$APP_URL node scripts/bench-vin-to-prices.mjs)
echo "== Web: reload on the coverage page -> prices visible again (the restore cookie), 20 new members in Chromium (same stack)"
(cd "$root/web" && APP_URL=$APP_URL node scripts/bench-reload.mjs)
