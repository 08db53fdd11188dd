"""A hostile bot: tries one attack on the referee, its opponents or the machine, reports on
stderr (one JSON line, `{"attack": ..., ...}`, which the referee keeps in the game log), then
plays randomly. Usage: attacker.py ATTACK [ARGS...]

  proc               list every process it can see; read their cmdline/environ; SIGSTOP them
  referee PATH...    read the parent's cmdline, environ and memory; open each PATH (the game log,
                     the arena folder, a key) and look for any process whose cmdline says altay
  escape             setsid + double fork: a grandchild that tries to live forever
  respawn            a child that forks a new copy of itself every 50 ms
  files PATH...      read each PATH; write next to itself; write into /tmp (its scratch)
  mark TAG           write /tmp/TAG.txt, then list the files it sees in /tmp
  scratch MIB        write MIB MiB into /tmp
  bigfile MIB        write one file of MIB MiB into /tmp, and die if that fails
  cpu                spin on the CPU in its own process until it is stopped
  net HOST PORT      open a TCP connection
  env                report its environment's variable names
  memory             allocate and touch 64 MiB blocks until it dies
  forkbomb           fork sleeping children until fork fails, then crash
  burn N             start N processes (each in its own session) that spin on the CPU
  seed N             brute-force the game seed over 0..N from its first observation
  fill MIB           try to write MIB MiB (and a new directory) in every place it can find:
                     each mount point of its own namespace and every directory two levels deep
"""

import contextlib
import json
import os
import signal
import socket
import sys
import time

from _common import answer, send

attack = sys.argv[1]
# "path:/x" names /x without naming it on the command line (which would make the referee show
# its folder): what a bot knows of the machine without being told.
args = [a[len("path:") :] if a.startswith("path:") else a for a in sys.argv[2:]]
report: dict = {"attack": attack, "pid": os.getpid(), "ppid": os.getppid()}


def emit() -> None:
    sys.stderr.write(json.dumps(report) + "\n")
    sys.stderr.flush()


def try_read(path: str, limit: int = 4096) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(limit).decode("utf-8", "replace")
    except OSError as exc:
        return f"ERROR {exc.__class__.__name__}: {exc.strerror}"


def visible_pids() -> list[int]:
    return sorted(int(p) for p in os.listdir("/proc") if p.isdigit())


def detach_forever() -> None:
    """setsid, fork again, and stay alive (the classic escape from a process group)."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            while True:
                time.sleep(0.2)
        os._exit(0)


def respawner() -> None:
    if os.fork() == 0:
        os.setsid()
        while True:
            time.sleep(0.05)
            if os.fork() == 0:
                continue  # the child carries on the loop: a new respawner
            os._exit(0)


if attack == "proc":
    me = os.getpid()
    report["visible"] = visible_pids()
    report["cmdlines"] = {p: try_read(f"/proc/{p}/cmdline", 300) for p in report["visible"]}
    stopped = []
    for pid in report["visible"]:
        if pid in (me, 1):
            continue
        try:
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
        except OSError:
            pass
    report["stopped"] = stopped
    for pid in stopped:
        os.kill(pid, signal.SIGCONT)  # only ever its own helpers; nothing else is visible
elif attack == "referee":
    ppid = os.getppid()
    report["parent_cmdline"] = try_read(f"/proc/{ppid}/cmdline")
    report["parent_environ"] = try_read(f"/proc/{ppid}/environ")
    report["parent_mem"] = try_read(f"/proc/{ppid}/mem", 16)
    report["paths"] = {}
    for path in args:
        if os.path.isdir(path):
            try:
                report["paths"][path] = sorted(os.listdir(path))
            except OSError as exc:
                report["paths"][path] = f"ERROR {exc.strerror}"
        else:
            report["paths"][path] = try_read(path)
    report["altay_processes"] = [
        p for p in visible_pids() if "altay" in (try_read(f"/proc/{p}/cmdline", 500) or "")
    ]
elif attack == "escape":
    detach_forever()
elif attack == "respawn":
    respawner()
elif attack == "files":
    report["read"] = {path: try_read(path, 200) for path in args}
    here = os.path.dirname(os.path.abspath(__file__))
    for name, path in (("write_own_dir", os.path.join(here, "planted.txt")), ("write_tmp", "/tmp/mine.txt")):
        try:
            with open(path, "w") as fh:
                fh.write("planted")
            report[name] = "ok"
        except OSError as exc:
            report[name] = f"ERROR {exc.strerror}"
    report["tmp_listing"] = sorted(os.listdir("/tmp"))
elif attack == "mark":
    with open(f"/tmp/{args[0]}.txt", "w") as fh:
        fh.write(args[0])
    time.sleep(0.5)  # both bots are up: a shared /tmp would show the other's file now
    report["tmp_files"] = sorted(f for f in os.listdir("/tmp") if os.path.isfile(os.path.join("/tmp", f)))
elif attack == "scratch":
    written = 0
    try:
        with open("/tmp/fill", "wb") as fh:
            for _ in range(int(args[0])):
                fh.write(b"\0" * (1 << 20))
                fh.flush()
                written += 1
        report["result"] = "ok"
    except OSError as exc:
        report["result"] = f"ERROR {exc.strerror}"
    report["written_mib"] = written
elif attack == "bigfile":
    emit()
    with open("/tmp/big", "wb") as fh:
        for _ in range(int(args[0])):
            fh.write(b"\0" * (1 << 20))
            fh.flush()
elif attack == "cpu":
    emit()
    while True:
        pass
elif attack == "net":
    try:
        socket.create_connection((args[0], int(args[1])), timeout=2).close()
        report["result"] = "connected"
    except OSError as exc:
        report["result"] = f"ERROR {exc.strerror or exc}"
elif attack == "env":
    report["environ"] = dict(os.environ)
    report["cwd"] = os.getcwd()
    report["uid"] = os.getuid()
elif attack == "memory":
    emit()
    blocks = []
    while True:
        block = bytearray(64 << 20)
        for i in range(0, len(block), 4096):
            block[i] = 1
        blocks.append(block)
elif attack == "forkbomb":
    children = 0
    try:
        while True:
            if os.fork() == 0:
                time.sleep(600)
                os._exit(0)
            children += 1
    except OSError as exc:
        report["children"] = children
        report["error"] = exc.strerror
        emit()
        raise
elif attack == "fill":

    def places() -> list[str]:
        found = {"/"}
        try:
            with open("/proc/self/mountinfo") as fh:
                found.update(line.split(" ")[4].replace("\\040", " ") for line in fh)
        except OSError:
            pass
        for top in sorted(os.listdir("/")):
            first = os.path.join("/", top)
            if top in ("proc", "sys") or not os.path.isdir(first) or os.path.islink(first):
                continue
            found.add(first)
            with contextlib.suppress(OSError):
                found.update(os.path.join(first, d) for d in os.listdir(first))
        return sorted(p for p in found if os.path.isdir(p) and not p.startswith(("/proc", "/sys")))

    def fill(folder: str, mib: int) -> dict:
        out: dict = {"written_mib": 0}
        try:
            os.mkdir(os.path.join(folder, "planted-dir"))
            out["mkdir"] = "ok"
        except OSError as exc:
            out["mkdir"] = f"ERROR {exc.strerror}"
        try:
            with open(os.path.join(folder, "planted-fill"), "wb") as fh:
                for _ in range(mib):
                    fh.write(b"\1" * (1 << 20))
                    fh.flush()
                    out["written_mib"] += 1
            out["result"] = "ok"
        except OSError as exc:
            out["result"] = f"ERROR {exc.strerror}"
        with contextlib.suppress(OSError):  # give the space back: the next place starts empty
            os.unlink(os.path.join(folder, "planted-fill"))
        return out

    report["places"] = {place: fill(place, int(args[0])) for place in places()}
elif attack == "burn":
    for _ in range(int(args[0])):
        if os.fork() == 0:
            os.setsid()  # a scheduling group of its own where the kernel groups by session
            while True:
                pass
    report["burners"] = int(args[0])
emit()


def brute_force_seed(hello: dict, request: dict, limit: int) -> None:
    """What a bot with the public engine can do when seeds are small: find the seed, see all."""
    sys.path.insert(0, os.environ.get("ALTAY_REPO", "."))
    import msgspec

    from altay_cli.engine.altay import GameConfig, action_from_builtins, new_game

    game = hello["game"]
    seat = hello["seat"]
    config = dict(
        players=game["players"],
        factions=tuple(game["factions"]) if game["factions"] else None,
        setup=game["setup"],
        trading=game["trading"],
        max_rounds=game["max_rounds"],
    )
    t0 = time.monotonic()
    found = None
    before = [action_from_builtins(event["action"]) for event in request["events"]]
    for seed in range(limit + 1):
        state = new_game(GameConfig(seed=seed, **config))
        for action in before:  # the seats that chose before it (public setup choices)
            state.apply(action)
        if msgspec.to_builtins(state.observation(seat)) == request["observation"]:
            found = seed
            break
    global report
    report = {"attack": "seed", "tried": limit + 1, "found": found, "seconds": time.monotonic() - t0}
    emit()


hello: dict = {}
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        hello = message
        send({"type": "ready", "name": "attacker"})
    elif kind == "ping":
        send({"type": "pong", "id": message["id"]})
    elif kind == "quit":
        break
    elif kind == "request":
        if attack == "seed" and message["id"] == 1:
            brute_force_seed(hello, message, int(args[0]))
        if attack == "proc" and message["id"] == 4:
            report["visible_later"] = visible_pids()
            emit()
        answer(message)
