#!/usr/bin/env bash
# `make audit`: known-vulnerability checks of the dependencies, each saying plainly when its advisory
# source cannot be reached (then nothing was checked: that is not a pass).
#   npm:  `npm audit --omit=dev` (what ships: web/dist's runtime, the maildev tool) and `npm audit`
#         (everything, build and test tools included) in web/, tools/maildev and tools/api-types.
#   Rust: `cargo audit` against the RustSec advisory database (a git repository on GitHub), fetched
#         into ~/.cargo/advisory-db; RUSTSEC_DB=/path/to/advisory-db uses a local copy instead.
#         cargo-audit is installed from crates.io when missing (~10 min on 2 cores).
# Exit status: 0 all checked and clean, 1 a finding, 2 something could not be checked.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
status=0
finding() { status=1; }
unchecked() { echo "NOT CHECKED: $*"; [ "$status" -eq 1 ] || status=2; }

for dir in web tools/maildev tools/api-types; do
  for scope in --omit=dev ""; do
    echo "== npm audit $scope in $dir"
    out=$(cd "$root/$dir" && npm audit $scope 2>&1); rc=$?
    echo "$out" | grep -v '^npm warn Unknown user config'
    if echo "$out" | grep -q 'audit endpoint returned an error'; then
      unchecked "the npm registry refused its audit endpoint ($dir)"
    elif [ $rc -ne 0 ]; then
      finding
    fi
  done
done

echo "== cargo audit (RustSec advisory database)"
audit_bin=$(command -v cargo-audit || echo "$HOME/.cargo/bin/cargo-audit")
db=${RUSTSEC_DB:-}
if [ -z "$db" ] && ! timeout 20 git ls-remote https://github.com/RustSec/advisory-db.git HEAD > /dev/null 2>&1; then
  unchecked "the RustSec advisory database (github.com/RustSec/advisory-db) is unreachable from here; set RUSTSEC_DB to a local clone"
else
  if [ ! -x "$audit_bin" ]; then
    cargo install --locked cargo-audit || { unchecked "cargo-audit could not be installed"; exit $status; }
  fi
  args=()
  [ -n "$db" ] && args=(--db "$db" --no-fetch)
  (cd "$root" && "$audit_bin" audit "${args[@]}") || finding
fi
exit $status
