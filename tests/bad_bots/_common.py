"""Shared by the misbehaving test bots: read messages, answer the handshake, play randomly."""

import json
import random
import sys

rng = random.Random(0)


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def messages():
    """Yield every message, answering hello and ping; stop at quit."""
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "ready", "name": "bad"})
        elif kind == "ping":
            send({"type": "pong", "id": message["id"]})
        elif kind == "quit":
            return
        else:
            yield message


def requests():
    for message in messages():
        if message["type"] == "request":
            yield message


def answer(request: dict) -> None:
    send({"type": "action", "id": request["id"], "index": rng.randrange(len(request["actions"]))})
