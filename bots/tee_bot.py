#!/usr/bin/env python3
"""Run a bot and record its conversation with the referee: `python tee_bot.py LOG CMD [ARGS...]`.

Every line the referee sends is written to LOG as "> line", every line the bot answers as
"< line". Use it to see exactly what your bot receives, e.g.
    altay match "python bots/tee_bot.py - python my_bot.py" random --log game.jsonl
LOG "-" writes the conversation to stderr, which the referee keeps in the game log (raise
--stderr-cap for a long game): a sandboxed bot cannot write files outside its private /tmp.
A file LOG works with --sandbox off. Standard library only.
"""

import subprocess
import sys
import threading


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    if sys.argv[1] == "-":
        log = sys.stderr
    else:
        log = open(sys.argv[1], "w", encoding="utf-8", buffering=1)  # noqa: SIM115 (lives until exit)
    lock = threading.Lock()
    bot = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert bot.stdin and bot.stdout
    replies = bot.stdout

    def record(prefix: str, line: bytes) -> None:
        with lock:
            log.write(prefix + line.decode("utf-8", "replace").rstrip("\n") + "\n")

    def answers() -> None:
        for line in replies:
            record("< ", line)
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()

    relay = threading.Thread(target=answers, daemon=True)
    relay.start()
    try:
        for line in sys.stdin.buffer:
            record("> ", line)
            bot.stdin.write(line)
    except BrokenPipeError:
        pass
    bot.stdin.close()
    code = bot.wait()
    relay.join(timeout=1)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
