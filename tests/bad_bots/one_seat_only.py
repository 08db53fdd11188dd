"""Plays only the seat of its `hello`: a request for any other seat makes it give up (status 4),
as a bot written before one program could play several seats might."""

import json
import sys

from _common import answer, send

mine = None
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        mine = message["seat"]
        send({"type": "ready", "name": "one-seat"})
    elif kind == "ping":
        send({"type": "pong", "id": message["id"]})
    elif kind == "quit":
        break
    elif kind == "request":
        if message["observation"]["seat"] != mine:
            print(f"one_seat_only.py: asked for seat {message['observation']['seat']}", file=sys.stderr)
            sys.exit(4)
        answer(message)
