#!/usr/bin/env bash
# Builds the web app (web/dist) and the coverline binary. `build.sh --all` (make test) builds every
# binary of the workspace at once (coverline, coverline-bench, the sandbox's): cargo unifies the
# dependencies' features over the packages one command builds, so built apart, the bench's binary
# would compile a third of the dependencies again with other features (futures-util without its
# `default`, and everything above it: hyper, tonic, the Temporal SDK, typst).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root/web" && npm run build --silent)
if [ "${1:-}" = --all ]; then
  (cd "$root" && cargo build --workspace --bins)
else
  (cd "$root" && cargo build -p coverline-api --bin coverline)
fi
