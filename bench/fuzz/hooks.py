"""Schemathesis hooks for Coverline's API fuzz run (scripts/fuzz.sh).

Random path parameters only ever reach the first check of a handler (404). So that fuzzed
bodies and queries reach the handlers' own validation, every other case is pointed at a real
member: the institution, user, car and quote ids of a member created before the run. Every case
carries that member's session token (an explicit auth, so schemathesis also probes each
operation without a token and with a wrong one and expects a refusal). Calls that rotate the
token (user update, refresh, password change, email change) hand the new one on.
"""

import itertools
import json
import os
import threading

import schemathesis

REAL = {
    "iid": os.environ["FUZZ_IID"],
    "uid": os.environ["FUZZ_UID"],
    "car_id": os.environ.get("FUZZ_CAR_ID", ""),
    "quote_id": os.environ.get("FUZZ_QUOTE_ID", ""),
}
_token = {"value": os.environ["FUZZ_TOKEN"]}
_lock = threading.Lock()
_counter = itertools.count()


@schemathesis.auth(refresh_interval=None)
class MemberSession:
    def get(self, case, ctx):
        with _lock:
            return _token["value"]

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schemathesis.hook
def before_call(ctx, case, kwargs):
    if next(_counter) % 2:
        return  # as generated: random ids
    params = case.path_parameters
    if not params:
        return
    for name, value in REAL.items():
        if name in params and value:
            params[name] = value


@schemathesis.hook
def after_call(ctx, case, response):
    if response.status_code != 200 or (case.path_parameters or {}).get("uid") != REAL["uid"]:
        return
    try:
        body = json.loads(response.content)
    except (ValueError, TypeError):
        return
    new = body.get("token") or body.get("updatedToken") if isinstance(body, dict) else None
    if isinstance(new, str):
        with _lock:
            _token["value"] = new
