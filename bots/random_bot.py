#!/usr/bin/env python3
"""A random bot for any game: the whole protocol in 30 lines, standard library only.

    python random_bot.py [SEED]        (the same SEED replays the same choices)

The referee writes one JSON object per line to our stdin; we answer one per line on stdout
(and flush). Debug output goes to stderr, never stdout. See protocol/PROTOCOL.md.
"""

import json
import random
import sys


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    seed = sys.argv[1] if len(sys.argv) > 1 else "0"
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            rng = random.Random(f"{seed}/{message['seat']}")
            # It never reads the observation: the requests may leave out what hello said; each
            # hello starts a game afresh (rng above), so one process may play many.
            send(
                {"type": "ready", "name": "random", "version": "1.0", "omit_static": True, "many_games": True}
            )
        elif kind == "request":
            index = rng.randrange(len(message["actions"]))
            send({"type": "action", "id": message["id"], "index": index})
        elif kind == "ping":
            send({"type": "pong", "id": message["id"]})
        elif kind == "quit":
            return
        # "error" and "game_over" need no answer; unknown types are ignored.


if __name__ == "__main__":
    main()
