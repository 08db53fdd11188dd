"""Sleeps argv[1] seconds (default 5) before answering hello."""

import sys
import time

from _common import answer, requests

time.sleep(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
for request in requests():
    answer(request)
