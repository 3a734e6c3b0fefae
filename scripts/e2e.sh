#!/usr/bin/env bash
# The Playwright suite against the real stack: coverline serve (own ports, fresh SQLite), the
# sandbox gateway, maildev, and the Temporal server at TEMPORAL_ADDRESS (started here if unset).
# Arguments go to `playwright test` (e.g. `scripts/e2e.sh e2e/checkout.spec.ts -g 'email code'`);
# without any it runs the whole suite.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap stop_stack EXIT
# The splash's captcha widget solves a real challenge in the browser on every splash, made cheap
# here (the suite measures the flow, not the proof of work's cost).
export COVERLINE_CAPTCHA_COST=${COVERLINE_CAPTCHA_COST:-10} COVERLINE_CAPTCHA_MAX_NUMBER=${COVERLINE_CAPTCHA_MAX_NUMBER:-50}
# The code-resend window is a timer: short here, so the resend test waits 6 s rather than 20.
export COVERLINE_CODE_RESEND_SECS=${COVERLINE_CODE_RESEND_SECS:-6}
# COVERLINE_E2E_TOPOLOGY=scale: the same suite through HAProxy before two API instances, two
# workers and Postgres (start_scale_stack); the database checks read Postgres (support look-ups, pg_dump).
if [ "${COVERLINE_E2E_TOPOLOGY:-}" = scale ]; then
  start_scale_stack "$coverline_bin"
  db_path="" db_url=$stack_database_url log_path=$stack_work/serve-1.log
  log_paths=$stack_work/serve-1.log:$stack_work/serve-2.log:$stack_work/worker-1.log:$stack_work/worker-2.log
  pg_dump=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/pg_dump
else
  start_stack "$coverline_bin"
  db_path=$stack_work/coverline.db db_url="sqlite://$stack_work/coverline.db" log_path=$stack_work/coverline.log
  log_paths=$log_path pg_dump=""
fi
# The lab institutions (checkout-lab: booking failures; switch-*: one test switch each; brand-lab: the
# branding settings the demo institutions leave at their defaults) are imported before any test asks
# for them, so no stale cached copy.
DATABASE_URL="$db_url" "$coverline_bin" institution import "$root"/web/e2e/institutions/*.toml
cd "$root/web"
COVERLINE_URL=$APP_URL MAILDEV_URL=$INBOX_URL SANDBOX_URL=$SANDBOX_URL E2E_VIN=5XYRLDLC3NG097496 CI=1 \
E2E_LAB_CLOCK_URL=${LAB_CLOCK_URL:-} E2E_DB_PATH=$db_path E2E_LOG_PATH=$log_path E2E_COVERLINE_BIN=$coverline_bin E2E_DATABASE_URL="$db_url" \
E2E_LOG_PATHS=$log_paths E2E_PG_DUMP=$pg_dump E2E_CODE_RESEND_SECS=$COVERLINE_CODE_RESEND_SECS \
  npx playwright test "$@" 2>&1 | tee "$stack_work/playwright.out" && exit 0
# A failed run, or a flaky one: a test that failed and then passed on its retry fails the run too
# (failOnFlakyTests in playwright.config.ts); the retry only names it.
if grep -q ' flaky$' "$stack_work/playwright.out"; then
  echo "--- playwright: FLAKY (failed, then passed on its retry): the run fails; find the race"
  sed -n '/^  [0-9][0-9]* flaky$/,/^  [0-9][0-9]* passed/p' "$stack_work/playwright.out"
fi
# A failure: the server's last words, then Playwright's failures and counts again, last, so that a
# log showing only the tail (CI's) names the test that failed.
echo "--- coverline log (last 30 lines)"
tail -30 "$log_path"
echo "--- playwright: the failures again"
sed -n '/^  [0-9][0-9]*) /,$p' "$stack_work/playwright.out" | tail -150
exit 1
