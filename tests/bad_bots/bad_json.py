"""Answers the first request with a line that is not JSON."""

import sys

from _common import requests

for _request in requests():
    sys.stdout.write("index: 0 (this is not JSON)\n")
    sys.stdout.flush()
