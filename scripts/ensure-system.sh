#!/usr/bin/env bash
# Installs the Debian packages Coverline's tests and `make run` need, when they are missing:
# chromium (Playwright drives Debian's browser), postgresql (throwaway test clusters),
# poppler-utils (pdftotext checks the contract PDF). Idempotent; needs root (or sudo) only to install.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v node >/dev/null 2>&1 || need+=(nodejs npm)
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing: ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
