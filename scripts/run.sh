#!/usr/bin/env bash
# `make run`: the SMTP catcher (:1025, inbox :1080) and `coverline serve` on :8080, which starts
# the Temporal dev server (data/temporal.db, UI :8233) and the sandbox gateway (:8081).
# Ctrl-C stops everything; data/ keeps the databases for the next run.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
# mold first: the build links with it (lib.sh). The Rust build, the longest step on a fresh
# machine, then runs while the rest is installed and the web app is built.
"$root/scripts/ensure-system.sh" run
use_mold
(cd "$root" && cargo build -p coverline-api --bin coverline) &
cargo_pid=$!
trap 'kill $cargo_pid 2>/dev/null || true' EXIT
"$root/scripts/setup.sh" run
(cd "$root/web" && npm run build --silent)
wait "$cargo_pid"
cd "$root"
mkdir -p data/run
node tools/maildev/node_modules/.bin/maildev --ip 127.0.0.1 --smtp 1025 --web 1080 --web-ip 127.0.0.1 --silent > data/run/maildev.log 2>&1 &
maildev_pid=$!
# The demo bank: Summit's online banking and identity provider, for the launch (docs/launch.md).
COVERLINE_DEMO_BANK_MEMBER_SECRET=$demo_bank_member_secret COVERLINE_DEMO_BANK_STAFF_SECRET=$demo_bank_staff_secret \
  node tools/demo-bank/bank.mjs --port 8084 --app-url http://localhost:8080 > data/run/bank.log 2>&1 &
bank_pid=$!
trap 'kill $maildev_pid $bank_pid 2>/dev/null || true' EXIT
cat <<TXT

  Coverline is starting:
    App            http://localhost:8080/summit-cu/splash
    Inbox          http://localhost:1080      (verification codes, receipts, contracts)
    Temporal UI    http://localhost:8233      (checkout workflow histories)
    Online banking http://127.0.0.1:8084/banking  (demo bank: sign in as jane / summit-jane-2026, then Get a quote)
    Staff console  http://localhost:8080/staff   (sign in as ana / support-ana-2026, or max / manager-max-2026)
    Test card      4242 4242 4242 4242, any future expiry, any CVC, any ZIP
  Ctrl-C stops everything.

TXT
env "${coverline_env[@]}" COVERLINE_STAFF_OIDC_ISSUER=http://127.0.0.1:8084 "$coverline_bin" serve
