#!/usr/bin/env bash
# `make alerts` (and a step of `make test`): promtool checks the alerting rules, then runs their
# unit tests (a firing and a quiet case per alert). promtool comes from scripts/ensure-promtool.sh.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
"$root/scripts/ensure-promtool.sh"
cd "$root/ops/prometheus"
"$promtool_bin" check rules alerts.yml
"$promtool_bin" test rules alerts.test.yml
