"""Forks a child that sleeps holding the pipes, then dies after N requests (argv[1], default 2).

argv[2] == "escape": the child calls setsid() first, leaving the bot's process group.
"""

import os
import sys
import time

from _common import answer, requests

after = int(sys.argv[1]) if len(sys.argv) > 1 else 2
escape = len(sys.argv) > 2 and sys.argv[2] == "escape"
if os.fork() == 0:
    if escape:
        os.setsid()
    time.sleep(600)  # holds stdin, stdout and stderr open
    os._exit(0)
for i, request in enumerate(requests()):
    if i == after:
        os._exit(4)
    answer(request)
