"""`--ship`: the bots' units sent to the cluster's workers instead of copied there beforehand.

What is shipped is what the sandbox binds for the arena's program bots (`units.unit_parts`):
each bot's own folder (or its program and the files its command names) and the `--bot-ro`
paths, every one a *root*. The interpreter is not shipped: its identity (the program a command
runs and each `#!` interpreter after it, when it lies outside the roots) must still be the
coordinator's on every worker, which the inspection after shipping checks as without `--ship`.

The roots go into one deterministic archive (`pack`: a gzip'd tar, entries in name order, every
time, owner and mode normalised but the executable bit; links kept only when they stay inside
their root), addressed by its SHA-256. A worker keeps it unpacked under its cache folder
(`$ALTAY_SHIP_CACHE`, default `~/.cache/altay-units`), in `<sha256>/<i>` for root i, and the
coordinator never trusts that folder by its name: before the first game of every run it asks
each worker for the folder's content hash (`units.content_hash`, the one the unit check uses)
and sends the archive again to a worker that has no copy, or one that differs (a tampered copy
is removed first). `unpack` refuses anything but plain files, folders and links that stay in
their root, any absolute name or `..`, a name twice, and more than `MAX_BYTES` or `MAX_ENTRIES`.

On the worker, the game's bots run from the cache: `rewritten` maps each root at the start of a
command's words (and of each `--bot-ro` path) to its folder in the cache. The arena's stored
parameters keep the coordinator's paths; the log's seats name the command as run on the worker.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import os
import shlex
import shutil
import stat
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import msgspec

from .params import ArenaParams, ArenaUsageError

MAX_BYTES = 256 << 20  # the unpacked roots together, and the archive itself
MAX_ENTRIES = 100_000
CACHE_ENV = "ALTAY_SHIP_CACHE"


class ShipRef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a worker needs to run shipped bots: the archive's hash, the unpacked folder's
    content hash, and the coordinator's path of each root (root i unpacks to `<sha256>/<i>`)."""

    sha256: str
    digest: str
    roots: list[str]


class ShipTask(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Ask a worker for its copy of a unit (`archive` empty), or give it the archive."""

    ref: ShipRef
    archive: bytes = b""


class ShipAnswer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    status: str  # "cached", "missing", "tampered" (removed), "unpacked", "refused"
    detail: str = ""


class Shipment(msgspec.Struct, frozen=True):
    """The coordinator's archive and its reference."""

    ref: ShipRef
    archive: bytes


class UnsafeArchive(ValueError):
    """An archive `unpack` refuses; the message says which entry and why."""


# ----------------------------------------------------------------------------- the coordinator
def ship_roots(params: ArenaParams, cwd: str) -> list[str]:
    """The paths the arena's program bots bind (their folders, named files, --bot-ro paths),
    outermost only, sorted; a usage error when one cannot be computed."""
    from .units import program_bots, unit_parts

    found: set[str] = set()
    for name, command, read_only in program_bots(params):
        try:
            binds, _ = unit_parts(command, read_only, cwd)
        except ValueError as exc:
            raise ArenaUsageError(f"bot {name}: {exc}") from None
        found.update(binds)
    ordered = sorted(found)
    return [p for p in ordered if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in ordered)]


def pack(roots: list[str]) -> bytes:
    """The deterministic archive of `roots` (root i as entry `i`); a usage error for a link out
    of its root, a file that is not plain, or more than the bounds."""
    buf = io.BytesIO()
    total, count = 0, 0
    with (
        gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        for i, root in enumerate(roots):
            for name, full in _walk(root, str(i)):
                count += 1
                info = tarfile.TarInfo(name)
                info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
                st = os.lstat(full)
                if stat.S_ISLNK(st.st_mode):
                    target = os.readlink(full)
                    if _link_escapes(name, target):
                        raise ArenaUsageError(
                            f"--ship: {full} links out of {root} (to {target}); ship refuses it"
                        )
                    info.type, info.linkname, info.mode = tarfile.SYMTYPE, target, 0o777
                    tar.addfile(info)
                elif stat.S_ISDIR(st.st_mode):
                    info.type, info.mode = tarfile.DIRTYPE, 0o755
                    tar.addfile(info)
                elif stat.S_ISREG(st.st_mode):
                    total += st.st_size
                    if total > MAX_BYTES or count > MAX_ENTRIES:
                        raise ArenaUsageError(
                            f"--ship: the bots' files are more than {MAX_BYTES >> 20} MiB or "
                            f"{MAX_ENTRIES} entries; copy them to the workers instead"
                        )
                    info.size, info.mode = st.st_size, 0o755 if st.st_mode & 0o111 else 0o644
                    with open(full, "rb") as fh:
                        tar.addfile(info, fh)
                else:
                    raise ArenaUsageError(
                        f"--ship: {full} is not a file, a folder or a link; ship refuses it"
                    )
    data = buf.getvalue()
    if len(data) > MAX_BYTES:
        raise ArenaUsageError(f"--ship: the bots' archive is more than {MAX_BYTES >> 20} MiB")
    return data


def _walk(root: str, top: str) -> Iterator[tuple[str, str]]:
    """(archive name, path) of `root` and everything under it, in name order (links not followed)."""
    yield top, root
    if os.path.isdir(root) and not os.path.islink(root):
        for name in sorted(os.listdir(root)):
            yield from _walk(os.path.join(root, name), f"{top}/{name}")


def _link_escapes(name: str, target: str) -> bool:
    if os.path.isabs(target):
        return True
    top = name.split("/", 1)[0]
    resolved = os.path.normpath(os.path.join(os.path.dirname(name), target))
    return resolved != top and not resolved.startswith(top + "/")


def build(params: ArenaParams, cwd: str) -> Shipment | None:
    """The arena's shipment (None: no program bot), its digest computed from the archive
    unpacked here as a worker unpacks it."""
    roots = ship_roots(params, cwd)
    if not roots:
        return None
    archive = pack(roots)
    sha = hashlib.sha256(archive).hexdigest()
    with tempfile.TemporaryDirectory(prefix="altay-ship-") as tmp:
        unpack(archive, Path(tmp) / "u", len(roots))
        digest = _digest(Path(tmp) / "u")
    return Shipment(ShipRef(sha, digest, roots), archive)


def _digest(folder: Path) -> str:
    from .units import content_hash

    return content_hash(str(folder))


# ----------------------------------------------------------------------------- unpacking
def unpack(archive: bytes, dest: Path, roots: int) -> None:
    """Unpack `archive` into the new folder `dest` (made here), or raise `UnsafeArchive`: only
    plain files, folders and links that stay inside their root `0` to `roots - 1`, each name
    once, relative and without `..`, its folder an earlier entry; at most `MAX_BYTES` and
    `MAX_ENTRIES`. Nothing is written outside `dest`; a refused archive leaves no `dest`."""
    if len(archive) > MAX_BYTES:
        raise UnsafeArchive(f"the archive is more than {MAX_BYTES >> 20} MiB")
    os.mkdir(dest, 0o755)
    try:
        _unpack(archive, dest, roots)
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        raise


def _unpack(archive: bytes, dest: Path, roots: int) -> None:
    folders = {""}  # names of the folders made so far ("": dest)
    seen: set[str] = set()
    total = 0
    try:
        raw = gzip.GzipFile(fileobj=io.BytesIO(archive)).read(MAX_BYTES + 1)
    except (OSError, EOFError) as exc:
        raise UnsafeArchive(f"the archive is not a gzip'd tar ({exc})") from None
    if len(raw) > MAX_BYTES:
        raise UnsafeArchive(f"the archive unpacks to more than {MAX_BYTES >> 20} MiB")
    try:
        tar = tarfile.open(fileobj=io.BytesIO(raw), mode="r:")  # noqa: SIM115 (closed below: with tar)
    except tarfile.TarError as exc:
        raise UnsafeArchive(f"the archive is not a tar ({exc})") from None
    with tar:
        for count, member in enumerate(_members(tar), start=1):
            name = member.name
            why = _name_problem(name, roots)
            if why is None and name in seen:
                why = "is there twice"
            if why is None and count > MAX_ENTRIES:
                why = f"is past the {MAX_ENTRIES} entries an archive may have"
            parent = name.rpartition("/")[0]
            if why is None and "/" in name and parent not in folders:
                why = "is not in a folder the archive made before it"
            if why is None and not (member.isreg() or member.isdir() or member.issym()):
                why = "is not a file, a folder or a link (devices, FIFOs and hard links are refused)"
            if why is None and member.issym() and _link_escapes(name, member.linkname):
                why = f"links out of its root (to {member.linkname})"
            if why is None and "/" not in name and not member.isdir() and not member.isreg():
                why = "is a root that is a link"
            if why is None and member.isreg():
                total += member.size
                if total > MAX_BYTES:
                    why = f"takes the unpacked files past {MAX_BYTES >> 20} MiB"
            if why is not None:
                raise UnsafeArchive(f"the archive's entry {name!r} {why}")
            seen.add(name)
            path = os.path.join(dest, name)
            if member.isdir():
                os.mkdir(path, 0o755)
                folders.add(name)
            elif member.issym():
                os.symlink(member.linkname, path)
            else:
                src = tar.extractfile(member)
                assert src is not None
                mode = 0o755 if member.mode & 0o111 else 0o644
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
                with os.fdopen(fd, "wb") as out:
                    shutil.copyfileobj(src, out)
                os.chmod(path, mode, follow_symlinks=False)
    missing = [str(i) for i in range(roots) if str(i) not in seen]
    if missing:
        raise UnsafeArchive(f"the archive has no root {missing[0]}")


def _members(tar: tarfile.TarFile) -> Iterator[tarfile.TarInfo]:
    try:
        yield from tar
    except tarfile.TarError as exc:
        raise UnsafeArchive(f"the archive is not a readable tar ({exc})") from None


def _name_problem(name: str, roots: int) -> str | None:
    if not name or name.startswith("/") or "\\" in name or "\0" in name:
        return "is not a relative name"
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return "has an empty part, '.' or '..'"
    if not (
        parts[0].isascii() and parts[0].isdigit() and int(parts[0]) < roots and str(int(parts[0])) == parts[0]
    ):
        return f"is under no root of the {roots} the unit has"
    return None


# ----------------------------------------------------------------------------- the worker
def cache_root() -> Path:
    """This worker's cache of shipped units."""
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "altay-units"


def unit_folder(ref: ShipRef) -> Path:
    """Where this worker keeps the unit `ref` names (ValueError for a name that is no SHA-256)."""
    if not _hex(ref.sha256):
        raise ValueError("the unit's name is not a SHA-256")
    return cache_root() / ref.sha256


_encoder = msgspec.msgpack.Encoder()
_task = msgspec.msgpack.Decoder(ShipTask)
_answer = msgspec.msgpack.Decoder(ShipAnswer)


def encode_ship_task(ref: ShipRef, archive: bytes = b"") -> bytes:
    return _encoder.encode(ShipTask(ref, archive))


def decode_ship_answer(data: object) -> ShipAnswer:
    if not isinstance(data, bytes):
        raise ValueError(f"its answer is a {type(data).__name__}, not plain bytes")
    try:
        return _answer.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"its answer is not a shipping answer ({exc})") from None


def ship_worker(task: bytes) -> bytes:
    """A Dask task: whether this worker's cache holds the unit intact (a copy that differs is
    removed), or, given the archive, unpack and check it. Never raises."""
    try:
        t = _task.decode(task)
        return _encoder.encode(_receive(t.ref, t.archive) if t.archive else _probe(t.ref))
    except Exception as exc:  # (a raised exception would travel pickled)
        return _encoder.encode(ShipAnswer("refused", f"{type(exc).__name__}: {exc}"))


def _probe(ref: ShipRef) -> ShipAnswer:
    if not _hex(ref.sha256):
        return ShipAnswer("refused", "the unit's name is not a SHA-256")
    folder = unit_folder(ref)
    if not os.path.lexists(folder):
        return ShipAnswer("missing")
    if not folder.is_symlink() and folder.is_dir() and _digest(folder) == ref.digest:
        return ShipAnswer("cached")
    _remove(folder)
    return ShipAnswer("tampered", f"{folder} differed from the unit and was removed")


def _receive(ref: ShipRef, archive: bytes) -> ShipAnswer:
    if not _hex(ref.sha256) or hashlib.sha256(archive).hexdigest() != ref.sha256:
        return ShipAnswer("refused", "the archive is not the one its SHA-256 names")
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".incoming-", dir=root))
    try:
        try:
            unpack(archive, tmp / "u", len(ref.roots))
        except UnsafeArchive as exc:
            return ShipAnswer("refused", str(exc))
        if _digest(tmp / "u") != ref.digest:
            return ShipAnswer("refused", "the unpacked unit's content hash is not the coordinator's")
        folder = unit_folder(ref)
        if os.path.lexists(folder) and _probe(ref).status == "cached":
            return ShipAnswer("cached")  # (another worker of this machine unpacked it meanwhile)
        with contextlib.suppress(FileNotFoundError):
            _remove(folder)
        try:
            os.rename(tmp / "u", folder)
        except OSError:  # another worker of this machine put its copy there first
            return (
                _probe(ref) if os.path.lexists(folder) else ShipAnswer("refused", f"{folder} cannot be made")
            )
        return ShipAnswer("unpacked")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _remove(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        path.unlink()
    else:
        shutil.rmtree(path)


def _hex(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


# ----------------------------------------------------------------------------- running from the cache
def moved(path: str, ref: ShipRef, here: str) -> str:
    """`path` with the root it starts with replaced by that root's folder in the cache."""
    for i, root in enumerate(ref.roots):
        if path == root or path.startswith(root.rstrip("/") + "/"):
            return os.path.join(here, str(i)) + path[len(root) :]
    return path


def moved_back(path: str, ref: ShipRef, here: str) -> str:
    """A path in the cache's unit folder `here` as the coordinator names it (others unchanged)."""
    for i in range(len(ref.roots)):
        top = os.path.join(here, str(i))
        if path == top or path.startswith(top + "/"):
            return ref.roots[i] + path[len(top) :]
    return path


def rewritten_command(command: str, ref: ShipRef, here: str) -> str:
    """A bot command with each word that starts with a root moved into the cache (the words
    are shlex's; a command that shlex cannot split is left as it is)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    out = [moved(w, ref, here) for w in words]
    return command if out == words else shlex.join(out)


def rewritten(params: ArenaParams, ref: ShipRef, here: str) -> ArenaParams:
    """The arena's parameters as a worker runs them: every bot command and --bot-ro path that
    names a root, moved into the cache folder `here`."""
    sandbox = params.match.sandbox
    read_only = tuple(moved(p, ref, here) for p in sandbox.read_only)
    match = replace(params.match, sandbox=replace(sandbox, read_only=read_only))
    bots = tuple(replace(b, command=rewritten_command(b.command, ref, here)) for b in params.bots)
    return replace(params, bots=bots, match=match)


__all__ = [
    "ShipRef",
    "Shipment",
    "UnsafeArchive",
    "build",
    "cache_root",
    "moved",
    "moved_back",
    "pack",
    "rewritten",
    "ship_roots",
    "ship_worker",
    "unpack",
]
