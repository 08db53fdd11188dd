"""Plays correctly while flooding stderr: argv[1] megabytes in all (default 4), 1 MB per request."""

import sys

from _common import answer, requests

left = int(float(sys.argv[1] if len(sys.argv) > 1 else 4) * 1_000_000)
chunk = "flood! " * 14286  # 100 kB
for request in requests():
    for _ in range(10):
        if left <= 0:
            break
        sys.stderr.write(chunk)
        left -= len(chunk)
    sys.stderr.flush()
    answer(request)
