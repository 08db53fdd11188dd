"""Plays correctly but does not exit on `quit` (it waits for more input forever)."""

import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    reply = None
    if message["type"] == "hello":
        reply = {"type": "ready", "name": "stubborn"}
    elif message["type"] == "request":
        reply = {"type": "action", "id": message["id"], "index": rng.randrange(len(message["actions"]))}
    elif message["type"] == "ping":
        reply = {"type": "pong", "id": message["id"]}
    if reply is not None:
        print(json.dumps(reply), flush=True)
