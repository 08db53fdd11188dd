"""Answers illegally: `index` (out of range, default) or `action` (an action not in the list)."""

import sys

from _common import requests, send

mode = sys.argv[1] if len(sys.argv) > 1 else "index"
for request in requests():
    if mode == "index":
        send({"type": "action", "id": request["id"], "index": len(request["actions"]) + 5})
    else:
        send({"type": "action", "id": request["id"], "action": {"type": "settle", "territory": 99}})
