"""Does a fixed amount of CPU work (50 ms of CPU time) for every request and reports, as the
action's `info`, how much wall time that took per CPU second: about 1.0 when it has a core to
itself, more when other processes take its CPU."""

import time

from _common import requests, send

WORK_S = 0.05

for request in requests():
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.process_time() - cpu0 < WORK_S:
        sum(range(1000))
    ratio = (time.perf_counter() - wall0) / (time.process_time() - cpu0)
    send({"type": "action", "id": request["id"], "index": 0, "info": f"{ratio:.3f}"})
