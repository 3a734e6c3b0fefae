#!/usr/bin/env bash
# `make test`: set up, lint, check the alerting rules, validate the API's OpenAPI document, then Rust
# unit + integration tests (SQLite and a throwaway Postgres, a Temporal dev server), Vitest, and the
# Playwright suite against the real stack.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
"$root/scripts/setup.sh"
use_mold # installed by setup on a fresh machine: every build below links with it
# Clippy's lints as errors while the workspace builds (lib.sh): no second pass over the dependencies.
clippy_build || echo "no clippy-driver in this toolchain: lint.sh runs cargo clippy as its own pass"
"$root/scripts/build.sh" --all
"$root/scripts/lint.sh"
echo "== Alerts: promtool check rules and test rules (ops/prometheus)"
"$root/scripts/check-alerts.sh"
echo "== Web: first-load JS within its budget (web/scripts/check-bundle.mjs)"
(cd "$root/web" && node scripts/check-bundle.mjs)
work=$(mktemp -d)
temporal_pid=""
cleanup() {
  [ -n "$temporal_pid" ] && kill "$temporal_pid" 2>/dev/null || true
  "$root/scripts/pg-throwaway.sh" stop "$work/pg"
  # The throwaway cluster, Temporal's log and each API test's SQLite directory: hundreds of MB a run.
  rm -rf "$work" "${TMPDIR:-/tmp}"/coverline-test-*
}
trap cleanup EXIT

export COVERLINE_TEST_POSTGRES_URL
COVERLINE_TEST_POSTGRES_URL=$("$root/scripts/pg-throwaway.sh" start "$work/pg")
tport=$(free_port)
"$temporal_bin" server start-dev --headless --ip 127.0.0.1 --port "$tport" --log-level warn "${temporal_search_attributes[@]}" > "$work/temporal.log" 2>&1 &
temporal_pid=$!
export TEMPORAL_ADDRESS=127.0.0.1:$tport COVERLINE_TEMPORAL_CLI=$temporal_bin
wait_temporal "$TEMPORAL_ADDRESS" 90

echo "== API contract: \`coverline openapi\` is valid OpenAPI 3.1 (openapi-spec-validator) and passes Redocly's recommended rules (redocly.yaml)"
"$coverline_bin" openapi > "$work/openapi.json"
# Every error, not only the first; either tool failing fails the run.
"$root/.venv/bin/openapi-spec-validator" --validation-errors all "$work/openapi.json"
(cd "$root" && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_NOTIFICATIONS=true \
  tools/api-types/node_modules/.bin/redocly lint --config redocly.yaml --format stylish "$work/openapi.json")
echo "== Rust: unit, workflow and API integration tests (SQLite + Postgres)"
# The log is kept so that a failure ends with each panic's message: the backtraces of a loaded run
# bury them, and CI shows the end of the output.
if ! (cd "$root" && cargo test --workspace 2>&1 | tee "$work/cargo-test.log"; exit "${PIPESTATUS[0]}"); then
  echo "== Rust: the failed tests' panics (from the log above)"
  grep -A 6 "panicked at" "$work/cargo-test.log" | grep -v "^ *[0-9]*: \|^ *at " || true
  exit 1
fi
echo "== Chaos (small): 20 purchases, 40 % with a member fault, while coverline (API + separate worker) is SIGKILLed every ~1 s and Temporal restarts once"
(cd "$root" && "$CARGO_TARGET_DIR/debug/coverline-bench" chaos --purchases 20 --concurrency 10 --kill-every-ms 1000 \
  --member-faults 40 --worker separate --coverline "$coverline_bin" --root "$root")
echo "== Scale-out (small): 20 purchases through HAProxy before 2 API instances and 2 workers, SIGKILLed in turn every ~1.5 s, Postgres restarted once"
(cd "$root" && env "${coverline_env[@]}" "$CARGO_TARGET_DIR/debug/coverline-bench" scale --purchases 20 --concurrency 10 --kill-every-ms 1500 \
  --member-faults 40 --workers 2 --coverline "$coverline_bin" --root "$root" --haproxy "$(command -v haproxy || echo /usr/sbin/haproxy)")
echo "== API fuzzing (small): schemathesis, 30 cases per operation of /api/openapi.json (make fuzz runs 250)"
"$root/scripts/fuzz.sh" "$coverline_bin" 30
echo "== Web: Vitest"
(cd "$root/web" && npm test --silent)
echo "== Web: Playwright against the real stack"
"$root/scripts/e2e.sh"
