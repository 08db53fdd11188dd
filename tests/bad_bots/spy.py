"""Plays randomly and records every line it receives to the file argv[1] ("-": stderr, which the
referee keeps in the game log; a sandboxed bot cannot write files outside its scratch space)."""

import json
import random
import sys

path = sys.argv[1]
rng = random.Random(sys.argv[2] if len(sys.argv) > 2 else 0)
with open(path, "w") if path != "-" else sys.stderr as record:
    for line in sys.stdin:
        record.write(line)
        message = json.loads(line)
        kind = message["type"]
        out = None
        if kind == "hello":
            out = {"type": "ready", "name": "spy"}
        elif kind == "request":
            out = {"type": "action", "id": message["id"], "index": rng.randrange(len(message["actions"]))}
        elif kind == "ping":
            out = {"type": "pong", "id": message["id"]}
        elif kind == "quit":
            break
        if out is not None:
            sys.stdout.write(json.dumps(out) + "\n")
            sys.stdout.flush()
