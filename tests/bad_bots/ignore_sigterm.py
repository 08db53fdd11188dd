"""Ignores SIGTERM and never answers: only SIGKILL ends it."""

import signal
import time

from _common import requests

signal.signal(signal.SIGTERM, signal.SIG_IGN)
for _request in requests():
    while True:
        time.sleep(1)
