"""Floods the referee: `late N` answers every request N extra times with the previous request's
id (late answers); `pong N` sends N unrequested pongs before each answer (bad_json); `between MB` writes MB
megabytes of late answers between requests (the pipe fills; the referee must stay bounded)."""

import json
import sys

from _common import requests, send

mode = sys.argv[1] if len(sys.argv) > 1 else "late"
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
previous = None
for request in requests():
    if mode == "pong":
        for _ in range(count):
            send({"type": "pong", "id": 0})
    elif previous is not None:
        line = json.dumps({"type": "action", "id": previous, "index": 0})
        repeats = count if mode == "late" else count * (1 << 20) // (len(line) + 1)
        sys.stdout.write((line + "\n") * min(repeats, 200_000))
        sys.stdout.flush()
    send({"type": "action", "id": request["id"], "index": 0})
    previous = request["id"]
