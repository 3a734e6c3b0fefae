#!/usr/bin/env bash
# Installs promtool (Debian's `prometheus` package) into .tools/prometheus when it is missing, for
# `scripts/check-alerts.sh`. The package is only downloaded and unpacked (`apt-get download` +
# `dpkg-deb -x`), never installed: installing it would start a Prometheus server on :9090.
# promtool is a static Go binary, so the unpacked copy runs as it is. Needs no root.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
[ -x "$promtool_bin" ] && exit 0
echo "installing promtool (Debian package prometheus, unpacked into .tools/prometheus)"
download=$(mktemp -d)
trap 'rm -rf "$download"' EXIT
if ! (cd "$download" && apt-get download prometheus >/dev/null 2>&1); then
  # The package lists may be missing (a fresh container): refresh them once and try again.
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  (cd "$download" && apt-get download prometheus >/dev/null)
fi
rm -rf "$root/.tools/prometheus"
mkdir -p "$root/.tools/prometheus"
dpkg-deb -x "$download"/prometheus_*.deb "$root/.tools/prometheus"
"$promtool_bin" --version | head -1
