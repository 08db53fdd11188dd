"""Writes `ready` but never flushes it (stdout is block-buffered on a pipe, as a C bot's is),
then waits for input forever: the referee sees a running bot that sends nothing."""

import os
import sys

out = os.fdopen(sys.stdout.fileno(), "w", buffering=8192)
for line in sys.stdin:
    if '"hello"' in line:
        out.write('{"type": "ready", "name": "unflushed"}\n')  # no flush: it sits in the buffer
