"""Plays randomly; its request number K (argv[2], from 0) gets a line that is not JSON; once told
to try again (an `error` with retry), it creates the file argv[1] and never answers again (it
keeps reading). A test interrupts the referee then: a retry is pending when Ctrl-C comes."""

import sys
from pathlib import Path

from _common import answer, messages

marker, bad_at = Path(sys.argv[1]), int(sys.argv[2])
count = 0
stuck = False
for message in messages():
    if message["type"] == "error" and message.get("retry"):
        marker.touch()
        stuck = True
    elif message["type"] == "request" and not stuck:
        if count == bad_at:
            sys.stdout.write("not JSON\n")
            sys.stdout.flush()
        else:
            answer(message)
        count += 1
