#!/usr/bin/env python3
"""Rebuild real-vins.tsv from the public sources listed in SOURCES.md.

Inputs (not in this repository; bring them in first):
  * git snapshots of the GitHub repositories below under $MIRROR
    (default /work/.mirror/<owner>+<name>/repo, as the search tool's `fetch`
    lays them out; any bare clone at that path works), read at the pinned
    commit with `git show COMMIT:PATH`;
  * the crates.io package corgi-rs 0.4.0, unpacked under $CORGI_RS
    (default: the first ~/.cargo/registry/src/*/corgi-rs-0.4.0).

Every VIN is copied as published. The only normalisation is trimming
whitespace and upper-casing (two sources publish VINs in lower case).
Strings that are not 17 characters of the VIN alphabet (no I, O, Q) are
dropped, as are VINs ending in 0000000 and a short list of strings the
source itself marks as made up. Check digits are NOT checked: real VINs with
a wrong check digit are kept on purpose.

Usage: python3 gather.py [OUT.tsv]     (default: real-vins.tsv beside this file; then `gzip -9 -n real-vins.tsv`)
"""

import csv
import glob
import io
import os
import re
import subprocess
import sys
from collections import Counter, OrderedDict

MIRROR = os.environ.get("MIRROR", "/work/.mirror")
HERE = os.path.dirname(os.path.abspath(__file__))

VIN_RE = re.compile(r"^[A-HJ-NPR-Z0-9]{17}$")
QUOTED_VIN_RE = re.compile(r'"([A-HJ-NPR-Z0-9]{17})"')

# Strings in the test suites that the tests themselves construct as invalid.
EXCLUDE = {
    "11111111111111111": "cardog test: 'likely invalid WMI' filler",
    "1HGCM82643A004352": "cardog test: placeholder with check digit deliberately changed",
    "1C6RR7LT0JS179571": "corgi-rs test: real VIN with check digit deliberately changed",
    "1C6RR7LT20S179571": "corgi-rs test: real VIN with year digit deliberately changed",
}
# Well-known documentation placeholder: kept once, marked in the source column.
PLACEHOLDERS = {"1HGCM82633A004352"}

# (label for the source column, repo, commit, path, kind, column)
CSV_SOURCES = [
    ("Fancy-angel/USA_cars_Analysis:USA_cars_datasets.csv",
     "Fancy-angel/USA_cars_Analysis", "422f724ec1f066f57c5c01b82a4f9f7e2565dcf1",
     "USA_cars_datasets.csv", "vin"),
    ("fernando-ace/etl-pipeline-poc:car_prices_sample.csv",
     "fernando-ace/etl-pipeline-poc", "a986ba60d8388f58972465f9aa5c4ddc028bca5c",
     "car_prices_sample.csv", "vin"),
    ("whiteHat360143/Cars-for-sale:cars_raw.csv",
     "whiteHat360143/Cars-for-sale", "2055a417db09747bf1cde90b399d8d3f66056934",
     "cars_raw.csv", "VIN"),
    ("snyderg2/car_price_nnet:vehicles_medium.csv",
     "snyderg2/car_price_nnet", "e535f9c1a43a48fa0b64a7092c4d8223d6b9bd00",
     "vehicles_medium.csv", "VIN"),
    ("snyderg2/car_price_nnet:vehicles_small.csv",
     "snyderg2/car_price_nnet", "e535f9c1a43a48fa0b64a7092c4d8223d6b9bd00",
     "vehicles_small.csv", "VIN"),
    ("julienOlivier3/risk-analytics:1_ml/data/used_car_inference.csv",
     "julienOlivier3/risk-analytics", "686641272d06a6bd2a7177eeaa429a3977bd4a69",
     "1_ml/data/used_car_inference.csv", "VIN"),
]

# VINs quoted in public GitHub issue threads by the owner, user or customer of
# the vehicle (copied from the thread text; the thread is the source).
ISSUE_VINS = [
    ("1FTFW4L86RFA86622", "https://github.com/cardog-ai/corgi/issues/32"),
    ("WVGZZZ5NZEW069297", "https://github.com/cardog-ai/corgi/issues/26"),
    ("WF0KXXGCBKBJ13223", "https://github.com/cardog-ai/corgi/issues/26"),
    ("WAUZZZ8K1DA006278", "https://github.com/cardog-ai/corgi/issues/26"),
    ("4EN6AAA80P1005091", "https://github.com/cardog-ai/corgi/pull/17"),
    ("4P1BAAGF0RA026408", "https://github.com/cardog-ai/corgi/pull/17"),
    ("4ENGAAA81R1003437", "https://github.com/cardog-ai/corgi/pull/17"),
    ("1FBNE3BE1CDB23596", "https://github.com/arpuffer/pyvin/issues/8"),
    ("U5YH2519LKL016670", "https://github.com/ClutchEngineering/Pelican/issues/37"),
    ("WBAUD910X0P379389", "https://github.com/vinli/android-net/issues/77"),
    ("WBA71DC010CH14720", "https://github.com/idlesign/vininfo/issues/19"),
    ("NMTDM26R30R030595", "https://github.com/idlesign/vininfo/issues/23"),
    ("NM35600006T458287", "https://github.com/idlesign/vininfo/issues/20"),
    ("W1V44770513858498", "https://github.com/idlesign/vininfo/issues/11"),
    ("WDD2470031J059461", "https://github.com/idlesign/vininfo/issues/9"),
    ("1XPBDK9X1LD708195", "https://github.com/Equipment-and-Tool-Institute/j1939-84/issues/964"),
]

CARDOG = ("cardog-ai/corgi", "923de0b5d182067581399164d9acce37511a219d")
CARDOG_FILES = [
    "test/fixtures.ts",
    "test/comprehensive.test.ts",
    "test/known-issues.test.ts",
    "test/nhtsa-validation.test.ts",
    "test/decoder.test.ts",
]


def git_show(repo, commit, path):
    gitdir = os.path.join(MIRROR, repo.replace("/", "+"), "repo")
    out = subprocess.run(["git", "--git-dir", gitdir, "show", f"{commit}:{path}"],
                         check=True, capture_output=True).stdout
    return out.decode("utf-8-sig", errors="replace")


def corgi_rs_file():
    root = os.environ.get("CORGI_RS")
    if not root:
        hits = sorted(glob.glob(os.path.expanduser(
            "~/.cargo/registry/src/*/corgi-rs-0.4.0")))
        if not hits:
            sys.exit("corgi-rs 0.4.0 not found: `cargo download`/fetch it or set CORGI_RS")
        root = hits[0]
    with open(os.path.join(root, "tests/decode_real_vins.rs"), encoding="utf-8") as f:
        return f.read()


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "real-vins.tsv")
    rows = OrderedDict()          # vin -> source
    seen_raw = Counter()          # label -> raw values read
    kept = Counter()              # label -> new distinct VINs contributed
    dropped = Counter()           # reason -> count

    def add(vin_raw, label):
        seen_raw[label] += 1
        vin = vin_raw.strip().upper()
        if not vin:
            dropped["empty"] += 1
            return
        if not VIN_RE.match(vin):
            dropped["not 17 chars of the VIN alphabet"] += 1
            return
        if vin.endswith("0000000"):
            dropped["ends in 0000000"] += 1
            return
        if vin in EXCLUDE:
            dropped["made up by the test itself"] += 1
            return
        if vin in rows:
            dropped["duplicate"] += 1
            return
        src = label + (" [documentation placeholder]" if vin in PLACEHOLDERS else "")
        rows[vin] = src
        kept[label] += 1

    # 1. corgi-rs: Copart/IAAI lots.
    label = "crates.io corgi-rs 0.4.0:tests/decode_real_vins.rs"
    for m in QUOTED_VIN_RE.finditer(corgi_rs_file()):
        add(m.group(1), label)

    # 2. Cardog test suite: VINs from Cardog's production database.
    for path in CARDOG_FILES:
        label = f"{CARDOG[0]}:{path}"
        for m in QUOTED_VIN_RE.finditer(git_show(CARDOG[0], CARDOG[1], path)):
            add(m.group(1), label)

    # 3. Issue threads.
    for vin, url in ISSUE_VINS:
        add(vin, url)

    # 4. Listing / auction CSVs.
    for label, repo, commit, path, col in CSV_SOURCES:
        text = git_show(repo, commit, path)
        for rec in csv.DictReader(io.StringIO(text)):
            add(rec.get(col) or "", label)

    with open(out_path, "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER)
        f.write("vin\tsource\n")
        for vin, src in rows.items():
            f.write(f"{vin}\t{src}\n")

    print(f"wrote {len(rows)} VINs to {out_path}")
    for label in seen_raw:
        print(f"  {kept[label]:6d} new / {seen_raw[label]:6d} read  {label}")
    for reason, n in dropped.most_common():
        print(f"  dropped {n:6d}  {reason}")


HEADER = """\
# real-vins.tsv - real vehicle identification numbers gathered from public sources
#
# Purpose: measure the decode rate of a VIN decoder on real VINs (not on the
# catalog's representative mock VINs). Gathered 2026-11-27 by data/vins/gather.py
# from public GitHub repositories and one crates.io package; SOURCES.md gives
# each source, what it says about its VINs, its licence and its count.
#
# Sources (repository@commit:path), in the order they were read; a VIN seen in
# more than one source is credited to the first:
#   crates.io corgi-rs 0.4.0 tests/decode_real_vins.rs - Copart/IAAI auction lots
#   cardog-ai/corgi@923de0b test/*.ts - VINs from Cardog's production listings database
#   GitHub issue threads (URL in the source column) - VINs quoted by the vehicle's owner, user or
#     customer; most are European/other non-US-market VINs, several with no valid check digit
#   Fancy-angel/USA_cars_Analysis@422f724 USA_cars_datasets.csv - auction lots (layout of Kaggle "US Cars Dataset", AUCTION EXPORT listings)
#   fernando-ace/etl-pipeline-poc@a986ba6 car_prices_sample.csv - first 10,000 rows of Kaggle "car_prices" (wholesale auction sales with Manheim MMR values, 2014-2015)
#   whiteHat360143/Cars-for-sale@2055a41 cars_raw.csv - cars.com used/new listings (Kaggle, 2022)
#   snyderg2/car_price_nnet@e535f9c vehicles_{medium,small}.csv - Craigslist listings (Kaggle "Used Cars Dataset", 2021)
#   julienOlivier3/risk-analytics@6866412 1_ml/data/used_car_inference.csv - Craigslist listings (same Kaggle dataset)
#
# Rules: VINs are copied as published, trimmed and upper-cased (two sources
# publish them in lower case); nothing else is changed. Only strings of 17
# characters from the VIN alphabet (digits and letters other than I, O, Q) are
# kept; VINs ending in 0000000 are excluded. The check digit (position 9) is NOT
# validated: real VINs whose check digit is wrong are kept on purpose. Mostly
# US-market cars, light trucks and MPVs, model years ~1990-2026; a few are
# heavier trucks, motorcycles, trailers or non-US-market vehicles, as listed.
# 1HGCM82633A004352 is a well-known documentation placeholder, kept once and
# marked so in its source column.
#
# Columns: vin, source (repository:path, or package version:path)
"""

if __name__ == "__main__":
    main()
