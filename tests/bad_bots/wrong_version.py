"""Answers hello with `ready` for protocol version 99."""

import json
import sys

sys.stdin.readline()
sys.stdout.write(json.dumps({"type": "ready", "name": "future", "protocol_version": 99}) + "\n")
sys.stdout.flush()
sys.stdin.read()
