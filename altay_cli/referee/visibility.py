"""What a sandboxed bot may see of the file system, decided by the organiser alone.

The view is a pure function of the organiser's command line and a fixed list of system paths:

* the system's program and library directories (`SYSTEM_PATHS`), read-only;
* this referee's own Python installation (its prefix and base prefix), the bundled bots and the
  public engine, read-only;
* the directories the bot's command line names (the folder of each file argument, each
  directory argument, the folder of a program named with a path) and those of `--bot-ro`.

Nothing a bot's author wrote decides a bind: a `#!` line, a venv's `pyvenv.cfg` or a symlink in
the bot's folder is only read to *check* that what the bot needs is visible; when it is not, the
bot is refused with one sentence that says what to pass (`--bot-ro PREFIX`), never given more.

No bind ever covers `/`, a home directory or an ancestor of the referee's working directory
(`forbidden_reason`); a bot file lying directly in such a directory is shown alone.

Hidden paths (the game log, the arena folder, the signing key, the secrets of /etc) are masked
by identity, not by spelling: every path under which the host shows the same file (symlinks
resolved; every mount of the same file system region, so a bind mount of a parent folder under
another name counts) is found, confirmed by device and inode, and masked wherever it falls
inside a bound tree. A hidden regular file with several names (hard links) cannot be found that
way, so a bot is refused while one exists.
"""

from __future__ import annotations

import functools
import os
import pwd
import select
import shutil
import stat
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

#: Read-only system paths every program may need (missing ones are skipped).
SYSTEM_PATHS: tuple[str, ...] = (
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc",
    "/opt",
)
#: Files and directories of /etc that hold secrets: masked even though /etc is visible.
ETC_SECRETS: tuple[str, ...] = (
    "/etc/shadow",
    "/etc/shadow-",
    "/etc/gshadow",
    "/etc/gshadow-",
    "/etc/sudoers",
    "/etc/sudoers.d",
    "/etc/ssh",
    "/etc/ssl/private",
    "/etc/security/opasswd",
)
#: Shared directories where many unrelated files lie: a bot file lying directly in one of them
#: is shown alone, never its neighbours.
SHARED_DIRS: tuple[str, ...] = (
    "/tmp",
    "/var",
    "/var/tmp",
    "/run",
    "/mnt",
    "/media",
    "/srv",
    "/home",
    "/dev",
    "/proc",
    "/sys",
)
#: Bytes of a `#!` line read to find a script's interpreter (the kernel reads at most 256).
SHEBANG_BYTES = 256
#: Lines of a venv's pyvenv.cfg read to find its base interpreter.
PYVENV_LINES = 50


class NotVisible(ValueError):
    """What the bot needs lies outside what bots may see, or a bind would show too much; the
    message is one sentence saying what to pass instead."""


@dataclass(frozen=True)
class Bind:
    """One read-only bind: host `source` (symlinks resolved) shown at `dest` (as named)."""

    source: str
    dest: str


@dataclass
class View:
    """A bot's file-system view: binds (in mount order) and masks over hidden paths."""

    binds: list[Bind] = field(default_factory=list)
    masked_dirs: list[str] = field(default_factory=list)
    masked_files: list[str] = field(default_factory=list)
    argv: list[str] = field(default_factory=list)  # the command to run, its program resolved

    @property
    def visible(self) -> list[str]:
        return [b.dest for b in self.binds]

    @property
    def masked(self) -> list[str]:
        return [*self.masked_dirs, *self.masked_files]


# ---------------------------------------------------------------------------- path helpers
def inside(path: str, parent: str) -> bool:
    """`path` is `parent` or lies below it (lexically; both absolute and normalised)."""
    return path == parent or path.startswith(parent.rstrip("/") + "/")


_memo = threading.local()


def _real(path: str) -> str:
    """`path` with every symlink resolved (remembered for the length of one `plan_view`)."""
    cache: dict[str, str] | None = getattr(_memo, "real", None)
    if cache is None:
        return os.path.realpath(path)
    found = cache.get(path)
    if found is None:
        found = cache[path] = os.path.realpath(path)
    return found


@functools.cache
def home_directories() -> frozenset[str]:
    """Every home directory of a person on this machine (resolved): /root, /home/*, the homes of
    ordinary accounts and of whoever runs the referee."""
    homes = {"/root", os.path.expanduser("~")}
    with _suppress():
        homes.update(str(p) for p in Path("/home").iterdir() if p.is_dir())
    with _suppress():
        for entry in pwd.getpwall():
            if entry.pw_uid == 0 or entry.pw_uid >= 1000:
                homes.add(entry.pw_dir)
    with _suppress():
        homes.add(pwd.getpwuid(os.getuid()).pw_dir)
    out = set()
    for h in homes:
        if h and os.path.isabs(h):
            out.update({os.path.normpath(h), _real(h)})
    return frozenset(h for h in out if h != "/" and not any(inside(h, s) for s in SYSTEM_PATHS))


class _suppress:
    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: object, tb: object) -> bool:
        return isinstance(exc, (OSError, KeyError))


def forbidden_reason(path: str, cwd: str) -> str | None:
    """Why a bind of `path` would show too much (None: it may be bound). `path` and `cwd` are
    absolute; both the path as named and its resolved form are judged."""
    here = _real(cwd)
    for p in dict.fromkeys((os.path.normpath(path), _real(path))):
        if p == "/":
            return "the root of the file system"
        homes = [h for h in home_directories() if inside(h, p)]
        if homes:
            return "a home directory" if p in homes else f"a folder holding the home directory {homes[0]}"
        if inside(here, p) and p != here:
            return f"a parent of the working directory {cwd}"
        if p in SHARED_DIRS:
            return f"{p}, a directory shared by unrelated files"
    return None


# ---------------------------------------------------------------------------- the referee's own
def referee_python() -> list[str]:
    """The referee's own Python installation (venv and base), as named and resolved: public
    files every Python bot may need (the bundled bots run on it)."""
    out: list[str] = []
    for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix):
        for p in (os.path.normpath(prefix), _real(prefix)):
            if p not in out:
                out.append(p)
    return out


def _package_dir(name: str) -> str:
    module = __import__(name)
    assert module.__file__ is not None, f"{name} is a package on disk"
    return str(Path(module.__file__).resolve().parent)


def referee_public_dirs() -> list[str]:
    """The bundled bots and the public engine (search bots simulate with it)."""
    return [_package_dir("bots"), _package_dir("altay_cli")]


@functools.lru_cache(maxsize=64)
def _referee_binds(cwd: str) -> tuple[Bind, ...]:
    """The referee's own Python and packages that may be shown from `cwd` (fixed for a process)."""
    out = []
    for path in referee_python() + referee_public_dirs():
        real = _real(path)
        if not os.path.isdir(path) or forbidden_reason(path, cwd) is not None:
            continue
        if any(inside(real, s) for s in SYSTEM_PATHS) and any(inside(path, s) for s in SYSTEM_PATHS):
            continue
        out.append(Bind(real, os.path.normpath(path)))
    return tuple(out)


# ---------------------------------------------------------------------------- the command line
def resolve_program(argv0: str, cwd: str, path_env: str | None) -> str | None:
    """The program `argv0` runs, as the sandbox will exec it: an absolute path (not resolved
    through symlinks), found on `path_env` for a bare name; None when there is none."""
    if os.sep in argv0:
        return os.path.normpath(os.path.join(cwd, argv0))
    found = shutil.which(argv0, path=path_env)
    return os.path.normpath(os.path.abspath(found)) if found else None


def named_paths(argv: Sequence[str], cwd: str) -> list[tuple[str, str]]:
    """(argument, path) for every existing path the command line names after the program
    (relative to `cwd`), the path absolute and normalised as named."""
    out: list[tuple[str, str]] = []
    for arg in argv[1:]:
        if not arg or "\0" in arg:
            continue
        path = os.path.normpath(os.path.join(cwd, arg))
        if os.path.exists(path):
            out.append((arg, path))
    return out


def _no_escaping_link(arg: str, cwd: str, final: bool) -> None:
    """A symlink on the way to a bot file must stay inside the folder that holds it.

    The components the organiser typed (all of an absolute path; those after the working
    directory for a relative one) are checked, the last one only with `final` (a program's own
    symlink, such as a venv's python, is fine: what it leads to is checked for visibility, never
    bound). A link that leaves its folder was put there by whoever wrote that folder, possibly the
    bot's author, so it must not decide what is bound."""
    base = "/" if os.path.isabs(arg) else cwd
    parts = [p for p in os.path.normpath(arg).split("/") if p and p != "."]
    if not final:
        parts = parts[:-1]
    current = base
    for part in parts:
        current = os.path.normpath(os.path.join(current, part))
        if not os.path.islink(current):
            continue
        target, parent = _real(current), _real(os.path.dirname(current))
        if not inside(target, parent):
            raise NotVisible(
                f"{current} is a link to {target}, outside its folder {parent}: a link may not decide "
                f"what a bot sees; name the real path instead ({target})"
            )


def _prefix_of(executable: str) -> str:
    """An installation prefix: the directory above `bin/`, else the executable's directory."""
    parent = os.path.dirname(executable)
    return os.path.dirname(parent) if os.path.basename(parent) == "bin" else parent


def shebang_interpreter(path: str, path_env: str | None) -> tuple[str, str] | None:
    """(what the `#!` line says, the interpreter it runs: a path, or None if not found) for a
    script; None when `path` is not a script. Read, never trusted: the caller only checks it."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(SHEBANG_BYTES)
    except OSError:
        return None
    if not head.startswith(b"#!"):
        return None
    words = head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").split()
    if not words:
        return None
    said = " ".join(words)
    if os.path.basename(words[0]) == "env" and len(words) > 1:
        name = next((w for w in words[1:] if not w.startswith("-")), None)
        found = shutil.which(name, path=path_env) if name else None
        return said, os.path.normpath(found) if found else ""
    return said, words[0] if os.path.isabs(words[0]) else ""


def pyvenv_home(executable: str) -> str | None:
    """The base interpreter directory a venv's pyvenv.cfg names (`home`), if `executable` is a
    venv's Python; read only to check that it is visible."""
    cfg = Path(_prefix_of(executable)) / "pyvenv.cfg"
    try:
        if not cfg.is_file():
            return None
        with open(cfg, encoding="utf-8", errors="replace") as fh:
            for _ in range(PYVENV_LINES):
                key, sep, value = fh.readline().partition("=")
                if sep and key.strip() == "home" and value.strip():
                    return value.strip()
    except OSError:
        return None
    return None


# ---------------------------------------------------------------------------- the view
def plan_view(
    argv: Sequence[str],
    read_only: Iterable[str],
    hidden: Iterable[str],
    cwd: str,
    path_env: str | None,
) -> View:
    """The binds and masks for running `argv` (from `cwd`) with the organiser's `read_only`
    paths, hiding `hidden`; NotVisible says why the bot cannot be shown what it needs."""
    _memo.real = {}
    try:
        return _plan_view(argv, read_only, hidden, cwd, path_env)
    finally:
        _memo.real = None


def _plan_view(
    argv: Sequence[str], read_only: Iterable[str], hidden: Iterable[str], cwd: str, path_env: str | None
) -> View:
    cwd = os.path.abspath(cwd)
    view = View(argv=list(argv))
    trees: list[Bind] = []  # everything bound but the system paths, before pruning

    def add(dest: str, what: str, file_alone: bool = False) -> None:
        source = _real(dest)
        if any(inside(source, s) for s in SYSTEM_PATHS) and any(inside(dest, s) for s in SYSTEM_PATHS):
            return  # visible already
        why = None if file_alone else forbidden_reason(dest, cwd)
        if why is not None:
            raise NotVisible(f"{what} {dest} is {why}; the sandbox never shows that to a bot")
        trees.append(Bind(source, dest))

    for path in (os.path.normpath(os.path.join(cwd, p)) for p in read_only):
        if not os.path.exists(path):
            raise NotVisible(f"--bot-ro {path} does not exist")
        add(path, "--bot-ro")
    trees.extend(_referee_binds(cwd))

    program = resolve_program(argv[0], cwd, path_env) if argv else None
    if argv and program is None:
        return _finish(view, trees, hidden)  # the launch fails with "not found", as without a sandbox
    if program is not None and os.sep in argv[0]:  # a program named with a path: the bot's own
        _no_escaping_link(argv[0], cwd, final=False)
        folder, prefix = os.path.dirname(program), _prefix_of(program)
        if prefix != folder and forbidden_reason(prefix, cwd) is None:
            add(prefix, "the bot's program lies in")
        elif forbidden_reason(folder, cwd) is None:
            add(folder, "the bot's program lies in")
        else:
            _no_escaping_link(argv[0], cwd, final=True)
            add(program, "the bot's program", file_alone=True)
    for arg, path in named_paths(argv, cwd):
        if os.path.isdir(path):
            _no_escaping_link(arg, cwd, final=True)
            if forbidden_reason(path, cwd) is None:  # a broad folder (an argument such as /tmp) is not shown
                add(path, "the bot's command names")
            continue
        _no_escaping_link(arg, cwd, final=False)
        folder = os.path.dirname(path)
        if forbidden_reason(folder, cwd) is None:
            add(folder, "the bot's command names a file in")
        else:
            _no_escaping_link(arg, cwd, final=True)
            add(path, "the bot's command names", file_alone=True)
    if program is not None:
        view.argv[0] = program
    _check_program(program, argv[0] if argv else "", trees, path_env)
    return _finish(view, trees, hidden)


def _hidden_part(path: str, trees: Sequence[Bind]) -> str | None:
    """The form of `path` the sandbox does not show (as named, or resolved through symlinks as
    the kernel will); None when both are visible."""
    named, real = os.path.normpath(path), _real(path)
    if not any(inside(named, d) for d in (*SYSTEM_PATHS, *(b.dest for b in trees))):
        return named
    if not any(inside(real, s) for s in (*SYSTEM_PATHS, *(b.source for b in trees))):
        return real
    return None


def _suggest(executable: str) -> str:
    prefix = _prefix_of(executable)
    if forbidden_reason(prefix, "/") is None:
        return f"--bot-ro {prefix} (if you trust what is there)"
    return f"an installation outside {prefix}, which is never shown whole"


def _check_program(program: str | None, argv0: str, trees: Sequence[Bind], path_env: str | None) -> None:
    """The program, its interpreter (`#!`) and a venv's base Python must be visible."""
    seen: set[str] = set()
    current, why = program, f"the bot's program {argv0}"
    while current and current not in seen:
        seen.add(current)
        hidden = _hidden_part(current, trees)
        if hidden is not None:
            raise NotVisible(
                f"{why} is {hidden}, which bots cannot see (they see the system's directories, this "
                f"referee's Python, their own folder and --bot-ro paths); to show it, pass {_suggest(hidden)}"
            )
        home = pyvenv_home(current)
        hidden = None if home is None else _hidden_part(home, trees)
        if home is not None and hidden is not None:
            raise NotVisible(
                f"{why} is a venv whose base Python is {home} (its pyvenv.cfg), which bots cannot see; "
                f"to show it, pass {_suggest(os.path.join(hidden, 'python'))}"
            )
        found = shebang_interpreter(_real(current), path_env)
        if found is None:
            return
        said, interpreter = found
        if not interpreter:
            raise NotVisible(f"the #! line of {current} ({said}) names no interpreter found here")
        current, why = interpreter, f"the interpreter of {current} ({said})"


# ---------------------------------------------------------------------------- hiding
@dataclass(frozen=True)
class _Mount:
    device: str  # major:minor
    root: str  # the path within its file system that is mounted
    point: str  # where


def _unescape(text: str) -> str:
    return text.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\")


class _MountTable:
    """/proc/self/mountinfo, read again only when the kernel says the mounts changed (it flags a
    change to a poller of that file with POLLPRI), so a launch does not pay for reading it."""

    def __init__(self) -> None:
        self._fh: IO[bytes] | None = None
        self._pid = -1
        self._poll: select.poll | None = None
        self.mounts: tuple[_Mount, ...] = ()
        self.generation = 0

    def current(self) -> tuple[_Mount, ...]:
        if self._fh is None or self._pid != os.getpid():
            try:
                self._fh = open("/proc/self/mountinfo", "rb")  # noqa: SIM115 (kept open to poll)
            except OSError:
                return ()
            self._pid = os.getpid()
            self._poll = select.poll()
            self._poll.register(self._fh.fileno(), select.POLLPRI | select.POLLERR)
            self._read()
        elif self._poll is not None and self._poll.poll(0):
            self._read()
        return self.mounts

    def _read(self) -> None:
        assert self._fh is not None
        self._fh.seek(0)
        text = self._fh.read(4 << 20).decode("utf-8", "replace")
        out = []
        for line in text.splitlines():
            parts = line.split(" ")
            if len(parts) >= 5:
                out.append(_Mount(parts[2], _unescape(parts[3]), _unescape(parts[4])))
        self.mounts = tuple(out)
        self.generation += 1


_MOUNTS = _MountTable()


def host_mounts() -> tuple[_Mount, ...]:
    """This process's mount table; empty where there is none."""
    return _MOUNTS.current()


def _join(base: str, rest: str) -> str:
    """`base` + `rest` as one normalised absolute path (never a POSIX `//` prefix)."""
    return os.path.normpath(base.rstrip("/") + "/" + rest.lstrip("/"))


def aliases(path: str, mounts: Sequence[_Mount]) -> list[str]:
    """Every host path that shows the same file as `path` (resolved), through any mount of the
    same region of its file system, each confirmed by device and inode; [] if it does not exist."""
    real = _real(path)
    try:
        identity = os.stat(real)
    except OSError:
        return []
    found = [real]
    containing = [m for m in mounts if inside(real, m.point)]
    if containing:
        own = max(containing, key=lambda m: len(m.point))
        fs_path = _join(own.root, real[len(own.point) :])
        for m in mounts:
            if m.device != own.device or not inside(fs_path, m.root):
                continue
            candidate = _join(m.point, fs_path[len(m.root) :])
            if candidate in found:
                continue
            try:
                st = os.stat(candidate)
            except OSError:
                continue
            if (st.st_dev, st.st_ino) == (identity.st_dev, identity.st_ino):
                found.append(candidate)
    return found


def _secret(secret: str, mounts: Sequence[_Mount]) -> tuple[str, bool, int, tuple[str, ...]] | None:
    """(the path, is it a folder, its number of names, every host path showing it), or None when
    it does not exist."""
    if not os.path.lexists(secret):
        return None
    real = _real(secret)
    try:
        st = os.stat(real)
    except OSError:
        return None
    return secret, stat.S_ISDIR(st.st_mode), st.st_nlink, tuple(aliases(real, mounts))


@functools.lru_cache(maxsize=64)
def _system_secret(secret: str, generation: int) -> tuple[str, bool, int, tuple[str, ...]] | None:
    """`_secret` for the fixed secrets of /etc, found again only when the mounts change."""
    del generation  # the cache key: a new mount table finds them again
    return _secret(secret, host_mounts())


def _finish(view: View, trees: list[Bind], hidden: Iterable[str]) -> View:
    """Prune binds inside others, then mask every alias of every hidden path that they show."""
    ordered = sorted(dict.fromkeys(trees), key=lambda b: (b.dest.count("/"), b.dest))
    for b in ordered:
        covered = any(inside(b.dest, o.dest) and inside(b.source, o.source) for o in view.binds)
        if not covered:
            view.binds.append(b)
    mounts = host_mounts()
    shown = [Bind(s, s) for s in SYSTEM_PATHS if os.path.isdir(s) and not os.path.islink(s)]
    shown += view.binds
    secrets = [_system_secret(s, _MOUNTS.generation) for s in ETC_SECRETS]
    secrets += [_secret(s, mounts) for s in hidden]
    for secret, is_dir, nlink, names in (found for found in secrets if found is not None):
        if not is_dir and nlink > 1 and secret not in ETC_SECRETS:
            raise NotVisible(
                f"{secret} has {nlink} names (hard links): the referee cannot hide a file with "
                "several names from a bot; give it a file with one name"
            )
        for name in names:
            for b in view.binds:
                if inside(b.source, name) and is_dir:
                    raise NotVisible(f"the bot's folder {b.dest} lies inside {secret}, which bots never see")
            for b in shown:
                if inside(name, b.source):
                    dest = _join(b.dest, name[len(b.source) :])
                    target = view.masked_dirs if is_dir else view.masked_files
                    if dest not in target:
                        target.append(dest)
    # A mask inside a masked folder is already hidden (and could not be made in its empty tmpfs).
    dirs = sorted(view.masked_dirs, key=lambda d: (d.count("/"), d))
    view.masked_dirs = [d for i, d in enumerate(dirs) if not any(inside(d, o) for o in dirs[:i])]
    view.masked_files = [f for f in view.masked_files if not any(inside(f, d) for d in view.masked_dirs)]
    return view


def forbidden_read_only(paths: Iterable[str], cwd: str | None = None) -> str | None:
    """The first `--bot-ro` path that would show too much or does not exist, as a sentence."""
    here = os.path.abspath(cwd or os.getcwd())
    for p in paths:
        path = os.path.normpath(os.path.join(here, p))
        if not os.path.exists(path):
            return f"--bot-ro {p}: no such file or directory"
        why = forbidden_reason(path, here)
        if why is not None:
            return f"--bot-ro {p} is {why}; the sandbox never shows that to a bot"
    return None
