#!/usr/bin/env bash
# The Playwright suite against the real stack: coverline serve (own ports, fresh SQLite), the
# sandbox gateway, maildev, and the Temporal server at TEMPORAL_ADDRESS (started here if unset).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap stop_stack EXIT
start_stack "$coverline_bin"
cd "$root/web"
COVERLINE_URL=$APP_URL MAILDEV_URL=$INBOX_URL E2E_VIN=5XYRLDLC3NG097496 CI=1 \
  npx playwright test || { echo "--- coverline log"; tail -50 "$stack_work/coverline.log"; exit 1; }
