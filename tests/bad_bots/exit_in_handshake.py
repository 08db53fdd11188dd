"""Reads hello, then exits with status 2 without answering."""

import sys

sys.stdin.readline()
print("exit_in_handshake.py: cannot start", file=sys.stderr, flush=True)
sys.exit(2)
