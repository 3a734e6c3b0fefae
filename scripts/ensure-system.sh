#!/usr/bin/env bash
# Installs the Debian packages Coverline needs, when they are missing. `ensure-system.sh run`: what
# `make run` needs: mold (links the Rust binaries faster than GNU ld, lib.sh),
# node and npm (the web app's build, the SMTP catcher), tesseract-ocr (reads a VIN from a photo).
# With no argument, also what `make test` needs: chromium (Playwright drives Debian's browser),
# postgresql (throwaway test clusters), poppler-utils (pdftotext checks the contract PDF),
# fonts-dejavu-core (the VIN photo test corpus is rendered in DejaVu), haproxy (the load balancer
# of `make scale` and its short round in `make test`; Debian's service stays unused), docker-compose
# (reads docker-compose.yml in its test; no Docker engine needed), openssl (makes the DKIM test keys).
# Idempotent; needs root (or sudo) only to install.
set -euo pipefail
need=()
command -v mold >/dev/null 2>&1 || need+=(mold)
command -v node >/dev/null 2>&1 || need+=(nodejs npm)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr tesseract-ocr-eng)
if [ "${1:-}" != run ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
  { command -v haproxy || [ -x /usr/sbin/haproxy ]; } >/dev/null 2>&1 || need+=(haproxy)
  command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
  command -v openssl >/dev/null 2>&1 || need+=(openssl)
fi
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing: ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
