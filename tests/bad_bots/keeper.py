"""A bot that says `many_games` and plays randomly (seeded by each hello: the same choices whether
its process is new or kept), for the tests of kept processes. argv[1] is what it does besides
(several, separated by commas):

  plain    nothing more
  echo     writes the type and a SHA-256 of every hello and request it gets to stderr (kept in
           each game's log; the whole lines would pass the stderr cap)
  scratch  reports on stderr whether /tmp/keeper-mark exists at each hello, then writes it
  snoop    at each hello tries to read every file below the folder in $KEEPER_SNOOP (an arena's
           folder next to this bot, whose logs it must not read) and says what it got on stderr
  break2   answers its second hello with garbage (a kept process that cannot play again)
  fail1    plays an illegal action in its first game (a failure: it must not be kept)
  once     says `many_games: false` (never kept)
  linger   when its input ends without `quit`, stays (sleeps a minute) instead of exiting
  threads  at its first hello starts 40 threads that wait for its input's end (meeting a small
           process limit: those it cannot start are counted on stderr), and plays on

Each hello's first stderr line is `proc=T game=G`: a token drawn when its process started (process
ids repeat in the sandbox's own PID namespace) and how many hellos it got.
"""

import hashlib
import json
import os
import random
import sys
import threading
import time

modes = set((sys.argv[1] if len(sys.argv) > 1 else "plain").split(","))
rng = random.Random(0)
games = 0
token = os.urandom(6).hex()
done = threading.Event()


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def note(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def snoop() -> None:
    top = os.environ.get("KEEPER_SNOOP", "")
    got = []
    for folder, _dirs, files in os.walk(top):
        for name in files:
            try:
                with open(os.path.join(folder, name), "rb") as fh:
                    got.append(f"{name}:{len(fh.read())}")
            except OSError as exc:
                got.append(f"{name}:{type(exc).__name__}")
    here = sorted(os.listdir(os.path.dirname(os.path.abspath(__file__))))
    note(
        f"snooped {json.dumps(sorted(got))} in a folder that exists: {os.path.isdir(top)}; beside me: {here}"
    )


for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind in ("hello", "request") and "echo" in modes:
        note(f"{kind} {hashlib.sha256(line.encode()).hexdigest()[:24]}")
    if kind == "hello":
        games += 1
        rng = random.Random(f"keeper/{message['seat']}")
        note(f"proc={token} game={games}")
        if "scratch" in modes:
            note(f"mark={os.path.exists('/tmp/keeper-mark')}")
            with open("/tmp/keeper-mark", "w") as fh:
                fh.write(str(games))
        if "snoop" in modes:
            snoop()
        if "threads" in modes and games == 1:
            started = 0
            for _ in range(40):
                try:
                    threading.Thread(target=done.wait, daemon=True).start()
                    started += 1
                except RuntimeError:
                    pass
            note(f"threads={started}")
        if "break2" in modes and games == 2:
            sys.stdout.write("not json\n")
            sys.stdout.flush()
            continue
        send({"type": "ready", "name": "keeper", "many_games": "once" not in modes})
    elif kind == "request":
        index = rng.randrange(len(message["actions"]))
        if "fail1" in modes and games == 1:
            index = len(message["actions"]) + 5
        send({"type": "action", "id": message["id"], "index": index})
    elif kind == "ping":
        send({"type": "pong", "id": message["id"]})
    elif kind == "quit":
        sys.exit(0)
if "linger" in modes:
    time.sleep(60)
