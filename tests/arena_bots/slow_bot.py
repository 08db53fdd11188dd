"""A bot that plays a random legal action after sleeping DELAY seconds (argv[1], default 0.02):
games long enough to be watched while they are played (the `altay serve` tests). Seeded by
argv[2] (default 0). Standard library only."""

import json
import random
import sys
import time

delay = float(sys.argv[1]) if len(sys.argv) > 1 else 0.02
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        send({"type": "ready", "name": "slow"})
    elif kind == "ping":
        send({"type": "pong", "id": message["id"]})
    elif kind == "request":
        time.sleep(delay)
        send({"type": "action", "id": message["id"], "index": rng.randrange(len(message["actions"]))})
    elif kind == "quit":
        break
