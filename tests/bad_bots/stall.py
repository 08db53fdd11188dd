"""Stops consuming its input: `sigstop` stops itself; `noread` answers blindly without reading.

noread: after the handshake it never reads stdin again and answers ids 1, 2, ... with index 0,
a little slowly, so the referee's requests pile up in the pipe until a write cannot complete.
"""

import json
import os
import signal
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "sigstop"
sys.stdin.readline()
sys.stdout.write(json.dumps({"type": "ready", "name": "stall"}) + "\n")
sys.stdout.flush()
if mode == "sigstop":
    os.kill(os.getpid(), signal.SIGSTOP)
    time.sleep(600)
else:
    rid = 1
    while True:
        time.sleep(0.01)
        sys.stdout.write(json.dumps({"type": "action", "id": rid, "index": 0}) + "\n")
        sys.stdout.flush()
        rid += 1
