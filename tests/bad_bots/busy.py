"""A slow but live bot: answers each request at once, then computes (spins on the CPU) for
argv[1] seconds before it reads the next one, so requests wait unread in its pipe while it works.
argv[2] == "sleep": sleeps instead of computing (a stuck bot: it neither reads nor works)."""

import sys
import time

from _common import answer, requests

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
sleep = len(sys.argv) > 2 and sys.argv[2] == "sleep"
for i, request in enumerate(requests()):
    answer(request)
    if i >= 1:  # from the second request on: the referee's next request arrives while it works
        if sleep:
            time.sleep(seconds)
        else:
            end = time.process_time() + seconds
            while time.process_time() < end:
                pass
