"""Puts terminal escapes and rich markup everywhere a bot's text can go: its `ready` name,
version and author, the `info` of each answer, stderr, and (argv[1] == "crash") the stderr tail
quoted in a crash detail after N requests (argv[2])."""

import sys

from _common import requests, send

NASTY = "\x1b[2J\x1b]0;pwned\x07[bold red]RED[/][link=http://evil]x[/link]\u202egnp.exe\x9b31m"
crash = len(sys.argv) > 1 and sys.argv[1] == "crash"
after = int(sys.argv[2]) if len(sys.argv) > 2 else 3
sys.stderr.write(f"stderr says {NASTY}\n")
sys.stderr.flush()
for line in sys.stdin:
    import json

    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "ready", "name": NASTY, "version": NASTY, "author": NASTY})
        break
for i, request in enumerate(requests()):
    if crash and i == after:
        sys.stderr.write(f"dying {NASTY}\n")
        sys.stderr.flush()
        sys.exit(1)
    send({"type": "action", "id": request["id"], "index": 0, "info": NASTY})
