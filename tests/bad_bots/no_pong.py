"""Handshakes, then ignores everything but requests: `ping` gets no `pong`."""

import json
import sys

from _common import answer, send

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "ready", "name": "no-pong"})
    elif message["type"] == "request":
        answer(message)
    elif message["type"] == "quit":
        break
