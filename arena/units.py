"""A program bot's unit, and checking that every cluster worker has the same one.

A bot's unit is exactly what the sandbox binds for it (`altay_cli.referee.visibility.plan_view`):
its own folder (or its program and the files its command names), its `--bot-ro` paths, and its
interpreter's identity (the program its command runs, and each `#!` interpreter after it, even
in a system directory). The referee's own Python and packages are not part of it (the altay
version, checked on its own, stands for them); built-in bots have none.

The coordinator computes each bot's unit where it runs (paths as its own directory resolves
them) and asks every worker to do the same with the same command lines (`inspect_worker`, a
Dask task answering plain bytes); a worker whose paths or content hashes differ, or whose altay
is another version, is refused before the first game, with the worker and the path named.
Content hashes are SHA-256 over every file of a folder (its relative names, whether executable,
symlink targets and bytes), so a worker's copy of a bot is the coordinator's byte for byte.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable

import msgspec

from .params import ArenaParams
from .ship import ShipRef

CHUNK = 1 << 20


class BotUnit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One bot's unit where it was computed: each path it binds, with its content hash."""

    bot: str
    paths: dict[str, str]  # absolute path -> "sha256:..." ("missing" when there is nothing)
    problem: str | None = None  # why the unit could not be computed (a sentence)


class Inspection(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a worker says about itself before the first game."""

    version: str
    cores: int  # the cores this worker's process may run on: what its clocks can share
    load: float  # its machine's one-minute load average (0 where unknown)
    units: list[BotUnit]
    machine: str = ""  # its machine (host name and boot id): workers there share its cores


class InspectTask(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    bots: list[tuple[str, str, list[str]]]  # (name, command, its --bot-ro paths)
    #: a folder whose `tree` is asked for instead (its entries are the one unit's paths)
    detail: str | None = None
    #: `--ship`: the bots run from this shipped unit in the worker's cache (paths said as the
    #: coordinator names them)
    ship: ShipRef | None = None


def program_bots(params: ArenaParams) -> list[tuple[str, str, list[str]]]:
    """(name, command, --bot-ro paths) of each bot that is a program (built-in bots are not)."""
    import shlex

    from altay_cli.referee.botcmd import BUILTIN_BOTS

    out = []
    for b in params.bots:
        try:
            first = shlex.split(b.command)[:1]
        except ValueError:
            first = []
        if first and first[0] in BUILTIN_BOTS:
            continue
        out.append((b.name, b.command, list(b.conditions_over(params.match).sandbox.read_only)))
    return out


def unit_paths(command: str, read_only: list[str], cwd: str) -> list[str]:
    """The absolute paths of a bot's unit, run from `cwd`; ValueError (a sentence) if none."""
    binds, chain = unit_parts(command, read_only, cwd)
    return sorted(dict.fromkeys(binds + chain))


def unit_parts(command: str, read_only: list[str], cwd: str) -> tuple[list[str], list[str]]:
    """A bot's unit in two parts: what the sandbox binds for it (its folder or named files, its
    --bot-ro paths: what `--ship` sends) and its interpreter's identity (the program its command
    runs and each `#!` interpreter after it, resolved); ValueError (a sentence) if none."""
    from altay_cli.referee import visibility as vis
    from altay_cli.referee.botcmd import resolve_bot_command
    from altay_cli.referee.sandbox import DEFAULT_PATH

    argv = resolve_bot_command(command)
    path_env = os.environ.get("PATH") or DEFAULT_PATH
    try:
        view = vis.plan_view(argv, read_only, (), cwd, path_env)
    except vis.NotVisible as exc:
        raise ValueError(str(exc)) from None
    referee = {b.dest for b in vis._referee_binds(os.path.abspath(cwd))}
    binds = [b.dest for b in view.binds if b.dest not in referee]
    chain: list[str] = []
    program = vis.resolve_program(argv[0], cwd, path_env)
    seen: set[str] = set()
    while program and program not in seen:  # the interpreter's identity: the program, each #!
        seen.add(program)
        chain.append(os.path.realpath(program))
        found = vis.shebang_interpreter(os.path.realpath(program), path_env)
        program = found[1] if found else None
    return sorted(dict.fromkeys(binds)), chain


def content_hash(path: str) -> str:
    """SHA-256 of a file's bytes, or of a folder's tree (`tree`: names, kinds, executable bits,
    symlink targets, bytes; in name order); "missing" when nothing is there."""
    entries = tree(path)
    if entries is None:
        return "missing"
    if list(entries) == ["."]:
        return entries["."]
    h = hashlib.sha256()
    for rel, digest in entries.items():
        h.update(rel.encode("utf-8", "surrogateescape") + b"\0" + digest.encode() + b"\0")
    return "sha256:" + h.hexdigest()


def tree(path: str) -> dict[str, str] | None:
    """Each entry under `path` (relative name -> its kind and digest: "X:"/"F:" and the SHA-256
    of an executable or plain file's bytes, "L:" and a link's target, "O" anything else), in
    name order; {".": ...} for a file; None when nothing is there."""
    try:
        top = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISDIR(top.st_mode):
        return {".": _entry(path)}
    out: dict[str, str] = {}
    base = os.path.realpath(path)
    for here, dirs, files in os.walk(base):
        dirs.sort()
        rel = os.path.relpath(here, base)
        for name in sorted(files + [d for d in dirs if os.path.islink(os.path.join(here, d))]):
            out[os.path.normpath(os.path.join(rel, name))] = _entry(os.path.join(here, name))
    return out


def _entry(full: str) -> str:
    try:
        s = os.lstat(full)
        if stat.S_ISLNK(s.st_mode):
            return "L:" + os.readlink(full)
        if not stat.S_ISREG(s.st_mode):
            return "O"
        h = hashlib.sha256()
        with open(full, "rb") as fh:
            while chunk := fh.read(CHUNK):
                h.update(chunk)
        return ("X:" if s.st_mode & 0o111 else "F:") + h.hexdigest()
    except OSError:
        return "?unreadable"


def units(bots: list[tuple[str, str, list[str]]], cwd: str, ship: ShipRef | None = None) -> list[BotUnit]:
    """Each bot's unit; with `ship`, as run from the shipped unit in this worker's cache, its
    paths said as the coordinator names them (so that their hashes compare)."""
    from .ship import moved, moved_back, rewritten_command, unit_folder

    here = os.path.realpath(unit_folder(ship)) if ship is not None else ""
    out = []
    for name, command, read_only in bots:
        if ship is not None:
            command = rewritten_command(command, ship, here)
            read_only = [moved(p, ship, here) for p in read_only]
        try:
            paths = unit_paths(command, read_only, cwd)
        except ValueError as exc:
            out.append(BotUnit(name, {}, str(exc)))
            continue
        if ship is None:
            out.append(BotUnit(name, {p: content_hash(p) for p in paths}))
        else:
            out.append(BotUnit(name, {moved_back(p, ship, here): content_hash(p) for p in paths}))
    return out


def inspect_here(bots: list[tuple[str, str, list[str]]], ship: ShipRef | None = None) -> Inspection:
    from altay_cli import __version__

    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    return Inspection(__version__, cores(), round(load, 2), units(bots, os.getcwd(), ship), machine())


def cores() -> int:
    """The cores this process may run on (its CPU affinity, which a container's cpuset limits)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def machine() -> str:
    """This machine: its host name and the kernel's boot id (the same for every process on it)."""
    import socket

    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as fh:
            boot = fh.read().strip()
    except OSError:
        boot = ""
    return f"{socket.gethostname()}/{boot}"


def share_cores(found: dict[str, Inspection]) -> dict[str, int]:
    """Game slots per worker: one per worker process (a worker plays one game at a time), and
    on each machine no more workers with a slot than the cores they may run on (the first by
    address); the others get none and play nothing."""
    slots: dict[str, int] = {}
    given: dict[str, int] = {}
    for worker in sorted(found):
        there = found[worker]
        if given.get(there.machine, 0) < there.cores:
            given[there.machine] = given.get(there.machine, 0) + 1
            slots[worker] = 1
    return slots


_encoder = msgspec.msgpack.Encoder()
_inspection = msgspec.msgpack.Decoder(Inspection)
_task = msgspec.msgpack.Decoder(InspectTask)


def encode_inspect_task(
    bots: list[tuple[str, str, list[str]]], detail: str | None = None, ship: ShipRef | None = None
) -> bytes:
    return _encoder.encode(InspectTask(bots, detail, ship))


def inspect_worker(task: bytes) -> bytes:
    """A Dask task: this worker's `Inspection` as plain bytes (never raises: a problem is said).
    With a `detail` folder, its one unit is that folder's `tree` (to name the file that differs)."""
    try:
        t = _task.decode(task)
        if t.detail is not None:
            here = inspect_here([])
            folder = t.detail
            if t.ship is not None:  # (the folder as it is in this worker's cache)
                from .ship import moved, unit_folder

                folder = moved(folder, t.ship, os.path.realpath(unit_folder(t.ship)))
            entries = tree(folder) or {}
            return _encoder.encode(msgspec.structs.replace(here, units=[BotUnit("", entries)]))
        return _encoder.encode(inspect_here(t.bots, t.ship))
    except Exception as exc:  # (a raised exception would travel pickled)
        from altay_cli import __version__

        return _encoder.encode(
            Inspection(__version__, 1, 0.0, [BotUnit("?", {}, f"{type(exc).__name__}: {exc}")])
        )


#: The Dask resource each game needs: a checked worker holds as many as it may play games at
#: once (its threads, at most its cores), so the scheduler never runs more there.
SLOT = "altay-game"


def claim_slots(slots: bytes) -> bytes:
    """A Dask task: this worker now holds `slots` (msgpack int) of the `SLOT` resource."""
    from distributed import get_worker
    from distributed.utils import sync

    worker = get_worker()
    sync(worker.loop, worker.set_resources, **{SLOT: float(msgspec.msgpack.decode(slots, type=int))})
    return b"ok"


def decode_inspection(data: object) -> Inspection:
    if not isinstance(data, bytes):
        raise ValueError(f"its answer is a {type(data).__name__}, not plain bytes")
    try:
        return _inspection.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"its answer is not an inspection ({exc})") from None


def differing_file(folder: str, mine: dict[str, str], theirs: dict[str, str]) -> str:
    """The first file of `folder` whose entry differs between two `tree`s (the folder if none)."""
    for rel in sorted(set(mine) | set(theirs)):
        if mine.get(rel) != theirs.get(rel):
            return os.path.normpath(os.path.join(folder, rel))
    return folder


def difference(
    worker: str,
    here: Inspection,
    there: Inspection,
    tree_there: Callable[[str], dict[str, str]] | None = None,
) -> str | None:
    """Why `worker` (what it says: `there`) cannot play this arena's games (one sentence), or
    None; `tree_there(folder)` asks the worker for a folder's `tree`, to name the file that differs."""
    if there.version != here.version:
        return (
            f"worker {worker} runs altay {there.version} and this coordinator altay {here.version}: "
            "install the same version on every worker (games must be played by the same referee)"
        )
    theirs = {u.bot: u for u in there.units}
    for mine in here.units:
        other = theirs.get(mine.bot)
        if other is None:
            return f"worker {worker} did not say what bot {mine.bot}'s files are there"
        if other.problem is not None and mine.problem is None:
            return f"worker {worker} cannot run bot {mine.bot}: {other.problem}"
        for path, digest in mine.paths.items():
            found = other.paths.get(path)
            if found is None:
                return (
                    f"worker {worker}: bot {mine.bot}'s {path} is not there (that worker resolves "
                    f"its command to {', '.join(sorted(other.paths)) or 'nothing'}); every worker "
                    "needs the bot's files at the same path with the same content"
                )
            if found != digest:
                said = "is missing" if found == "missing" else "differs from the coordinator's copy"
                mine_tree = tree(path)
                if found != "missing" and tree_there is not None and mine_tree and "." not in mine_tree:
                    theirs_tree = tree_there(path)
                    rel = differing_file(".", mine_tree, theirs_tree)
                    path = os.path.normpath(os.path.join(path, rel))
                    if rel not in theirs_tree:
                        said = "is missing"
                    elif rel not in mine_tree:
                        said = "is there and not on the coordinator"
                return (
                    f"worker {worker}: bot {mine.bot}'s {path} {said}; every worker needs the "
                    "bot's files at the same path with the same content"
                )
        extra = sorted(set(other.paths) - set(mine.paths))
        if extra:
            return f"worker {worker}: bot {mine.bot} would also see {extra[0]} there, which it does not here"
    return None


__all__ = [
    "BotUnit",
    "Inspection",
    "content_hash",
    "decode_inspection",
    "difference",
    "encode_inspect_task",
    "inspect_here",
    "inspect_worker",
    "program_bots",
    "unit_paths",
]
