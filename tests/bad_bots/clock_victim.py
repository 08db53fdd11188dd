"""Plays index 0 after a fixed amount of CPU work per request (argv[1] ms of its own CPU time,
default 30) and reports, as the action's `info`, what its request's clock said and what the
work cost it: {"kind", "move_ms", "bank_ms", "wall_ms", "cpu_ms"}."""

import json
import sys
import time

from _common import requests, send

work_s = (float(sys.argv[1]) if len(sys.argv) > 1 else 30.0) / 1000
for request in requests():
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.process_time() - cpu0 < work_s:
        sum(range(1000))
    clock = request["clock"]
    info = {
        "kind": clock.get("kind"),
        "move_ms": clock["move_ms"],
        "bank_ms": clock["bank_ms"],
        "wall_ms": round((time.perf_counter() - wall0) * 1000, 2),
        "cpu_ms": round((time.process_time() - cpu0) * 1000, 2),
    }
    send({"type": "action", "id": request["id"], "index": 0, "info": json.dumps(info)})
