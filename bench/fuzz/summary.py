"""Summarises a schemathesis NDJSON report (scripts/fuzz.sh): cases, responses by status class
and code, server errors, cases that reached a real member, failed checks per check name; and
the API log's error lines during the run. Exits 1 on any 5xx or failed check."""

import collections
import glob
import json
import sys

report_dir, api_log = sys.argv[1], sys.argv[2]
ndjson = sorted(glob.glob(f"{report_dir}/*.ndjson"))[-1]

cases = 0
by_status = collections.Counter()
by_phase = collections.Counter()
failed = collections.Counter()
checks = 0
server_errors = []
real_member = 0
for line in open(ndjson, encoding="utf-8"):
    event = json.loads(line)
    finished = event.get("ScenarioFinished")
    if not finished:
        continue
    recorder = finished.get("recorder") or {}
    for case_id, interaction in (recorder.get("interactions") or {}).items():
        response = interaction.get("response")
        if response is None:
            continue
        cases += 1
        by_phase[finished.get("phase")] += 1
        status = response["status_code"]
        by_status[status] += 1
        if status >= 500:
            server_errors.append((recorder.get("label"), interaction["request"]["uri"], status))
        if "/user/usr" in interaction["request"]["uri"]:
            real_member += 1
    for case_checks in (recorder.get("checks") or {}).values():
        for check in case_checks:
            checks += 1
            if check["status"] == "failure":
                failed[check["name"]] += 1

classes = collections.Counter()
for status, n in by_status.items():
    classes[f"{status // 100}xx"] += n
print("== Fuzz summary")
print(f"cases sent:            {cases}")
print(f"  by phase:            {dict(by_phase)}")
print(f"  aimed at the member: {real_member}")
print(f"responses by class:    {dict(sorted(classes.items()))}")
print(f"responses by status:   {dict(sorted(by_status.items()))}")
print(f"server errors (5xx):   {len(server_errors)}")
for label, uri, status in server_errors[:20]:
    print(f"  {status} {label}  {uri}")
print(f"checks run:            {checks}, failed: {sum(failed.values())} {dict(failed) if failed else ''}")
errors = [l for l in open(api_log, encoding="utf-8", errors="replace") if " ERROR " in l or '"level":"ERROR"' in l]
print(f"API log ERROR lines:   {len(errors)}")
for l in errors[:10]:
    print("  " + l.strip()[:300])
sys.exit(1 if server_errors or failed or errors else 0)
