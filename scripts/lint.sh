#!/usr/bin/env bash
# The house rules, checked by tools (part of `make test`, and `make lint` alone): rustfmt, clippy
# with warnings as errors, and the web's ESLint + Prettier.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$root"
# A rustup toolchain may lack the two components; Debian's cargo ships them as packages (setup.sh).
if command -v rustup >/dev/null; then
  for c in rustfmt clippy; do rustup component list --installed 2>/dev/null | grep -q "^$c" || rustup component add "$c"; done
fi
echo "== Rust: cargo fmt --check (rustfmt.toml)"
cargo fmt --all -- --check
echo "== Rust: cargo clippy --all-targets -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== Web: ESLint + Prettier (web/eslint.config.js, web/.prettierrc)"
npm_ci "$root/web"
(cd "$root/web" && npm run lint --silent)
