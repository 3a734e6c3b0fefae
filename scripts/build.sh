#!/usr/bin/env bash
# Builds the web app (web/dist) and the coverline binary.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(cd "$root/web" && npm run build --silent)
(cd "$root" && cargo build -p coverline-api --bin coverline)
