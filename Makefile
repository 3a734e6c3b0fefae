# Coverline. The two commands: `make run` and `make test`. Both install what they need.
.PHONY: run test setup build lint alerts api-types e2e e2e-scale bench chaos scale fuzz audit clean-data
SHELL := /bin/bash

run:            ## install, build, and start the whole stack (app :8080, inbox :1080, Temporal UI :8233)
	scripts/run.sh

test:           ## install, build, and run every test (Rust on SQLite + Postgres, Vitest, Playwright)
	scripts/test.sh

setup:          ## only install (Debian packages, Temporal CLI, npm packages)
	scripts/setup.sh

build:          ## only build (web/dist and the coverline binary)
	scripts/setup.sh && scripts/build.sh

lint:           ## only the house rules: cargo fmt --check, clippy -D warnings, ESLint and Prettier
	scripts/setup.sh && scripts/build.sh && scripts/lint.sh

alerts:         ## only the alerting rules: promtool check rules + test rules (ops/prometheus; installs promtool)
	scripts/check-alerts.sh

api-types:      ## regenerate web/src/api/schema.gen.ts from the API's OpenAPI document (commit the result)
	scripts/setup.sh && scripts/build.sh && node tools/api-types/generate.mjs "$${CARGO_TARGET_DIR:-$$HOME/.cache/coverline-target}/debug/coverline"

e2e:            ## only the Playwright suite against the real stack
	scripts/setup.sh && scripts/build.sh && scripts/e2e.sh

e2e-scale:      ## the Playwright suite through HAProxy before two API instances, two workers and Postgres
	scripts/setup.sh && scripts/build.sh && COVERLINE_E2E_TOPOLOGY=scale scripts/e2e.sh

bench:          ## release build, then the load and latency harnesses of bench/ (prints figures)
	scripts/setup.sh && scripts/build.sh && scripts/bench.sh

chaos:          ## release build, then purchases under SIGKILLs and a Temporal restart (4 configurations)
	scripts/setup.sh && scripts/build.sh && scripts/chaos.sh

scale:          ## release build, then 200 purchases through HAProxy before 2 API instances and 2 workers under SIGKILLs and a Postgres restart
	scripts/setup.sh && scripts/build.sh && scripts/scale.sh

fuzz:           ## schemathesis against /api/openapi.json: 250 generated cases per operation (>10,000 in all)
	scripts/setup.sh && scripts/build.sh && scripts/fuzz.sh "" 250

audit:          ## known vulnerabilities: npm audit (web/, tools/maildev) and cargo audit; says what it could not check
	scripts/audit.sh

clean-data:     ## forget local data (databases, Temporal history, sandbox state)
	rm -rf data/coverline.db* data/temporal.db* data/run
