#!/usr/bin/env bash
# The Playwright suite against the real stack: coverline serve (own ports, fresh SQLite), the
# sandbox gateway, maildev, and the Temporal server at TEMPORAL_ADDRESS (started here if unset).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
if [ -z "${TEMPORAL_ADDRESS:-}" ]; then
  tport=$(free_port)
  "$temporal_bin" server start-dev --headless --ip 127.0.0.1 --port "$tport" --log-level warn > "$work/temporal.log" 2>&1 &
  pids+=($!)
  export TEMPORAL_ADDRESS=127.0.0.1:$tport
  wait_temporal "$TEMPORAL_ADDRESS" 60
fi
smtp=$(free_port) inbox=$(free_port) app=$(free_port) sandbox=$(free_port)
node "$root/tools/maildev/node_modules/.bin/maildev" --ip 127.0.0.1 --smtp "$smtp" --web "$inbox" --web-ip 127.0.0.1 --silent > "$work/maildev.log" 2>&1 &
pids+=($!)
(
  cd "$root"
  COVERLINE_ADDR=127.0.0.1:$app COVERLINE_PUBLIC_URL=http://127.0.0.1:$app COVERLINE_SANDBOX_ADDR=127.0.0.1:$sandbox \
  DATABASE_URL="sqlite://$work/coverline.db" COVERLINE_SANDBOX_STATE="$work/sandbox-state.json" COVERLINE_SMTP_URL=smtp://127.0.0.1:$smtp COVERLINE_TASK_QUEUE=e2e-$app \
  COVERLINE_DATA_DIR="$root/data" COVERLINE_WEB_DIR="$root/web/dist" \
    exec "$coverline_bin" serve
) > "$work/coverline.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$app/api/health" 120 || { cat "$work/coverline.log"; exit 1; }
wait_http "http://127.0.0.1:$inbox/email" 30
cd "$root/web"
COVERLINE_URL=http://127.0.0.1:$app MAILDEV_URL=http://127.0.0.1:$inbox E2E_VIN=5XYRLDLC3NG097496 CI=1 \
  npx playwright test || { echo "--- coverline log"; tail -50 "$work/coverline.log"; exit 1; }
