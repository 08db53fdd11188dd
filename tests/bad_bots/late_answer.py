"""Answers after sleeping argv[1] seconds (default 2): past any short deadline.

argv[2]: how many requests to answer late (default: all); the later ones are answered at once.
"""

import sys
import time

from _common import answer, requests

delay = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
late = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
for i, request in enumerate(requests()):
    if i < late:
        time.sleep(delay)
    answer(request)
