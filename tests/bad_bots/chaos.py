"""Injects failures at random, seeded by argv: `chaos.py SEED PROFILE [MOVE_MS]`.

Every profile now and then answers a request twice: the second answer reaches the referee
while a later request is pending (a `late_answer`, discarded). Besides:
  retry    bad JSON, an index out of range, a wrong request id (each retried under
           --on-failure retry), and rarely an answer sent after a sleep around the deadline;
  default  answers after sleeps around the deadline (a timeout, then a late answer), bad JSON,
           an index out of range (each answered by the default action);
  lose     rarely an index out of range, and in about half the games a crash (exit 3) at a
           random request.
Whether a sleep ends before or after the deadline depends on the machine: either way the game's
log must replay. The decisions of one seed are the same on every run; only timing varies.
"""

import random
import sys
import time

from _common import messages, send

seed = int(sys.argv[1])
profile = sys.argv[2]
move_s = (float(sys.argv[3]) if len(sys.argv) > 3 else 50.0) / 1000
rng = random.Random(seed)
crash_at = rng.randrange(5, 120) if profile == "lose" and rng.random() < 0.5 else None


def raw(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def late() -> None:
    time.sleep(rng.uniform(0.5, 2.0) * move_s)  # on either side of the deadline


count = 0
for message in messages():
    if message["type"] != "request":
        continue  # error, game_over: nothing to answer
    count += 1
    if count == crash_at:
        sys.exit(3)
    rid, legal = message["id"], len(message["actions"])
    good = {"type": "action", "id": rid, "index": rng.randrange(legal)}
    roll = rng.random()
    if profile == "retry":
        if roll < 0.05:
            raw('{"type": "action", "id": ')  # cut short: not JSON
        elif roll < 0.10:
            send({**good, "index": legal})  # out of range: illegal_action
        elif roll < 0.13:
            send({**good, "id": rid + 1000})  # wrong_request_id
        elif roll < 0.145:
            late()
            send(good)
        elif roll < 0.20:
            send(good)
            send(good)
        else:
            send(good)
    elif profile == "default":
        if roll < 0.06:
            late()
            send(good)
        elif roll < 0.10:
            raw("I am not JSON")
        elif roll < 0.14:
            send({**good, "index": -1})
        elif roll < 0.18:
            send(good)
            send(good)
        else:
            send(good)
    else:
        if roll < 0.01:
            send({**good, "index": legal + 5})
        elif roll < 0.05:
            send(good)
            send(good)
        else:
            send(good)
