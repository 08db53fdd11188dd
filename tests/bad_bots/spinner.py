"""A CPU hog that still plays: forks N children (argv[1], default 3) that spin on the CPU for
as long as the bot lives, each in its own session, then answers every request at once.
argv[2] == "think": instead of answering, spins on the CPU itself after reading each request
(a bot that thinks forever)."""

import os
import sys

from _common import answer, requests

children = int(sys.argv[1]) if len(sys.argv) > 1 else 3
think = len(sys.argv) > 2 and sys.argv[2] == "think"
for _ in range(children):
    if os.fork() == 0:
        os.setsid()  # a scheduling group of its own where the kernel groups by session
        while True:
            pass
for request in requests():
    if think:
        while True:
            pass
    answer(request)
