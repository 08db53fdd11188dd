"""Answers with a line of argv[1] megabytes (default 5)."""

import sys

from _common import requests

size = int(float(sys.argv[1] if len(sys.argv) > 1 else 5) * 1_000_000)
for request in requests():
    padding = "x" * size
    sys.stdout.write(f'{{"type":"action","id":{request["id"]},"index":0,"info":"{padding}"}}\n')
    sys.stdout.flush()
