"""A bot that completes the handshake, then crashes (exit code 3) at its first decision.

Used by the arena tests: it must lose every game it plays, be ranked last, and never stop
the arena. Standard library only.
"""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "crash"}), flush=True)
    elif msg["type"] == "request":
        sys.exit(3)
    elif msg["type"] == "quit":
        break
