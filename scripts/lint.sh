#!/usr/bin/env bash
# The house rules, checked by tools (part of `make test`, and `make lint` alone): rustfmt, clippy
# with warnings as errors (in `make test`, while it builds: lib.sh clippy_build), the generated API types' freshness, the shared texts, and the web's ESLint + Prettier.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$root"
echo "== API contract: web/src/api/schema.gen.ts matches \`coverline openapi\` (make api-types regenerates it)"
node "$root/tools/api-types/generate.mjs" "$coverline_bin" --check
echo "== Texts: the catalogues (domain/texts) complete and consistent, and none of their texts written in code (Rust, web, tests, e2e specs)"
node "$root/scripts/check-texts.mjs"
echo "== Rust: cargo fmt --check (rustfmt.toml)"
cargo fmt --all -- --check
if [ -n "${COVERLINE_CLIPPY_BUILD:-}" ]; then
  echo "== Rust: clippy -D warnings runs as the workspace's compiler (lib.sh clippy_build): the build, cargo test and the bench build lint all targets"
else
  echo "== Rust: cargo clippy --all-targets -D warnings"
  cargo clippy --workspace --all-targets --quiet -- -D warnings
fi
echo "== Web: ESLint + Prettier (web/eslint.config.js, web/.prettierrc)"
npm_ci "$root/web"
(cd "$root/web" && npm run lint --silent)
