"""Plays N requests (argv[1], default 3), then dies: `exit` (status 3) or `signal` (SIGKILL)."""

import os
import signal
import sys

from _common import answer, requests

after = int(sys.argv[1]) if len(sys.argv) > 1 else 3
mode = sys.argv[2] if len(sys.argv) > 2 else "exit"
for i, request in enumerate(requests()):
    if i == after:
        print("crash.py: giving up now", file=sys.stderr, flush=True)
        if mode == "signal":
            os.kill(os.getpid(), signal.SIGKILL)
        sys.exit(3)
    answer(request)
