"""Control groups for bots: memory, process and CPU limits the kernel enforces on a whole tree.

A bot and everything it starts share one cgroup, so a helper process it forks cannot take an
opponent's CPU (a CPU quota per bot), memory is capped for the tree rather than per process, and
the kernel tells afterwards whether a limit struck (`memory.events` oom_kill, `pids.events` max).

cgroup v2 is used where the referee's own cgroup lets it create children with the memory, pids
and cpu controllers (a delegated subtree, or running as root on a v2 host). Hosts in "hybrid"
mode keep these controllers on cgroup v1 hierarchies; there, when the referee may write them
(root), the v1 files are used with the same meaning. Otherwise `detect()` returns None and the
referee falls back to rlimits (see `limits.py`).

Each referee process owns one parent group `altay-<pid>` under its own cgroup; each bot gets
`seat-<n>` below it. A group is emptied (its processes SIGKILLed) and removed when the seat closes.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
CPU_PERIOD_US = 100_000
_counter = itertools.count()


@dataclass(frozen=True)
class CgroupLimits:
    memory_bytes: int | None
    max_processes: int | None
    cpus: float | None  # CPU quota in cores (1.0 = one full core); None = no quota


class CgroupError(OSError):
    """A cgroup could not be created or configured."""


def _write(path: Path, value: str) -> None:
    with open(path, "w") as fh:
        fh.write(value)


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _keyed(text: str) -> dict[str, int]:
    """Parse `key value` lines (memory.events, pids.events, cpu.stat, memory.oom_control)."""
    out: dict[str, int] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].lstrip("-").isdecimal():
            out[parts[0]] = int(parts[1])
    return out


def _own_paths(proc_cgroup: str) -> dict[str, str]:
    """controller name (or "" for the v2 unified hierarchy) -> this process's cgroup path."""
    out: dict[str, str] = {}
    for line in proc_cgroup.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if not controllers:
            out[""] = path
        for name in controllers.split(","):
            out[name] = path
    return out


@dataclass
class CgroupSystem:
    """Where and how this process can create bot cgroups: `version` 2 or 1."""

    version: int
    base: dict[str, Path]  # controller -> this referee's parent group (created lazily)
    controllers: frozenset[str]
    _created: set[Path] = field(default_factory=set)

    @property
    def description(self) -> str:
        return f"cgroup v{self.version} ({', '.join(sorted(self.controllers))})"

    def enforces(self, controller: str) -> bool:
        return controller in self.controllers

    @property
    def accounts_cpu(self) -> bool:
        """Whether a bot's group tells its CPU time (v2: every group's cpu.stat; v1: cpuacct)."""
        return self.version == 2 or "cpuacct" in self.base

    def create(self, limits: CgroupLimits) -> BotCgroup:
        """A new, empty group with `limits` applied; raises CgroupError."""
        name = f"seat-{next(_counter)}"
        dirs: dict[str, Path] = {}
        made: dict[Path, Path] = {}  # resolved -> created (v1 may co-mount cpu and cpuacct)
        try:
            for ctrl, parent in self.base.items():
                if parent not in self._created or not parent.is_dir():  # (removed by someone else?)
                    parent.mkdir(exist_ok=True)
                    if self.version == 2:
                        _enable_subtree(parent, self.controllers)
                    self._created.add(parent)
                d = parent / name
                key = d.parent.resolve() / name
                if key not in made:
                    d.mkdir()
                    made[key] = d
                dirs[ctrl] = made[key]
            group = BotCgroup(self.version, dirs)
            group.apply(limits, self.controllers)
            return group
        except OSError as exc:
            for d in made.values():
                with contextlib.suppress(OSError):
                    d.rmdir()
            raise CgroupError(exc.errno or errno.EIO, f"cannot set up a cgroup: {exc}") from exc

    def remove_parent(self) -> None:
        for parent in list(self._created):
            with contextlib.suppress(OSError):
                parent.rmdir()
            self._created.discard(parent)


def _enable_subtree(group: Path, controllers: frozenset[str]) -> None:
    _write(group / "cgroup.subtree_control", " ".join(f"+{c}" for c in sorted(controllers)))


@dataclass
class BotCgroup:
    """One bot's group (one directory per hierarchy on v1, one directory on v2)."""

    version: int
    dirs: dict[str, Path]
    #: The CPU counter's file, kept open once read: every decision reads it twice, and a pread
    #: of an open cgroup file costs about a twentieth of opening it again.
    _cpu_fd: int | None = field(default=None, repr=False)

    # ------------------------------------------------------------------ set-up
    def apply(self, limits: CgroupLimits, controllers: frozenset[str]) -> None:
        v2 = self.version == 2
        if limits.memory_bytes is not None and "memory" in controllers:
            d = self.dirs["memory"]
            if v2:
                _write(d / "memory.max", str(limits.memory_bytes))
                with contextlib.suppress(OSError):
                    _write(d / "memory.swap.max", "0")
            else:
                _write(d / "memory.limit_in_bytes", str(limits.memory_bytes))
                with contextlib.suppress(OSError):  # only with swap accounting
                    _write(d / "memory.memsw.limit_in_bytes", str(limits.memory_bytes))
        if limits.max_processes is not None and "pids" in controllers:
            _write(self.dirs["pids"] / "pids.max", str(limits.max_processes))
        if limits.cpus is not None and "cpu" in controllers:
            quota = max(1000, int(limits.cpus * CPU_PERIOD_US))
            d = self.dirs["cpu"]
            if v2:
                _write(d / "cpu.max", f"{quota} {CPU_PERIOD_US}")
            else:
                _write(d / "cpu.cfs_period_us", str(CPU_PERIOD_US))
                _write(d / "cpu.cfs_quota_us", str(quota))

    def procs_files(self) -> list[Path]:
        """The `cgroup.procs` files a new process must join (one per hierarchy on v1)."""
        return [d / "cgroup.procs" for d in dict.fromkeys(self.dirs.values())]

    # ------------------------------------------------------------------ reading
    def oom_kills(self) -> int:
        d = self.dirs.get("memory")
        if d is None:
            return 0
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        return _keyed(_read(d / name)).get("oom_kill", 0)

    def memory_limit_hits(self) -> int:
        """How often usage reached the limit (v1 failcnt, v2 `max` events)."""
        d = self.dirs.get("memory")
        if d is None:
            return 0
        if self.version == 2:
            return _keyed(_read(d / "memory.events")).get("max", 0)
        text = _read(d / "memory.failcnt").strip()
        return int(text) if text.isdecimal() else 0

    def pids_limit_hits(self) -> int:
        d = self.dirs.get("pids")
        return 0 if d is None else _keyed(_read(d / "pids.events")).get("max", 0)

    def cpu_seconds(self) -> float | None:
        """CPU time used so far by every process that was ever in the group (user + system):
        v2 cpu.stat usage_usec, v1 cpuacct.usage; None when the group has no such counter."""
        if self._cpu_fd is None:
            if self.version == 2:
                path = (self.dirs.get("cpu") or next(iter(self.dirs.values()))) / "cpu.stat"
            elif "cpuacct" in self.dirs:
                path = self.dirs["cpuacct"] / "cpuacct.usage"
            else:
                return None
            try:
                self._cpu_fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return None
        try:
            data = os.pread(self._cpu_fd, 4096, 0)
        except OSError:
            return None
        if self.version == 2:
            usec = _keyed(data.decode("ascii", "replace")).get("usage_usec")
            return None if usec is None else usec / 1e6
        text = data.strip()
        return int(text) / 1e9 if text.isdigit() else None

    def close_counters(self) -> None:
        """Close the CPU counter's file (the group can then be removed)."""
        if self._cpu_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._cpu_fd)
            self._cpu_fd = None

    def throttled_periods(self) -> int | None:
        """How many CPU periods the quota held the group back in (cpu.stat nr_throttled)."""
        d = self.dirs.get("cpu")
        return None if d is None else _keyed(_read(d / "cpu.stat")).get("nr_throttled")

    def pids(self) -> list[int]:
        out: set[int] = set()
        for f in self.procs_files():
            out.update(int(x) for x in _read(f).split() if x.isdecimal())
        return sorted(out)

    # ------------------------------------------------------------------ ending
    def kill_all(self, timeout_s: float = 2.0) -> None:
        """SIGKILL every process in the group until it is empty (a fork race cannot escape)."""
        if self.version == 2:
            d = next(iter(self.dirs.values()))
            with contextlib.suppress(OSError):
                _write(d / "cgroup.kill", "1")
        end = time.monotonic() + timeout_s
        while True:
            pids = self.pids()
            if not pids or time.monotonic() > end:
                return
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.005)

    def remove(self) -> None:
        self.kill_all()
        self.close_counters()
        for d in dict.fromkeys(self.dirs.values()):
            for _ in range(50):  # the kernel may need a moment after the last exit
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)


# ---------------------------------------------------------------------------- detection
V1_CONTROLLERS = {"memory": "memory", "pids": "pids", "cpu": "cpu", "cpuacct": "cpuacct"}
WANTED = frozenset({"memory", "pids", "cpu"})


def detect(root: Path = CGROUP_ROOT, proc_cgroup: str | None = None) -> CgroupSystem | None:
    """The cgroup system this process may use for bots, or None (then rlimits are used)."""
    if proc_cgroup is None:
        try:
            proc_cgroup = Path("/proc/self/cgroup").read_text()
        except OSError:
            return None
    own = _own_paths(proc_cgroup)
    tag = f"altay-{os.getpid()}"
    v2 = _detect_v2(root, own, tag)
    if v2 is not None:
        return v2
    return _detect_v1(root, own, tag)


def _v2_mount(root: Path) -> Path | None:
    if (root / "cgroup.controllers").is_file():
        return root
    if (root / "unified" / "cgroup.controllers").is_file():
        return root / "unified"
    return None


def _detect_v2(root: Path, own: dict[str, str], tag: str) -> CgroupSystem | None:
    mount = _v2_mount(root)
    if mount is None or "" not in own:
        return None
    group = mount / own[""].lstrip("/")
    if not WANTED & set(_read(group / "cgroup.controllers").split()) or not os.access(group, os.W_OK):
        return None
    # Controllers reach a child only when the parent enables them. Our own group holds a
    # process (us), so unless it is the root group the kernel refuses that ("no internal
    # processes"); a delegated subtree that already enables them works too.
    with contextlib.suppress(OSError):
        _enable_subtree(group, WANTED & set(_read(group / "cgroup.controllers").split()))
    parent = group / tag
    try:
        parent.mkdir(exist_ok=True)
        controllers = frozenset(WANTED & set(_read(parent / "cgroup.controllers").split()))
        if "memory" not in controllers and "pids" not in controllers:
            raise OSError(errno.ENOTSUP, "no memory or pids controller delegated")
        _enable_subtree(parent, controllers)
    except OSError:
        with contextlib.suppress(OSError):
            parent.rmdir()
        return None
    with contextlib.suppress(OSError):
        parent.rmdir()  # created again, lazily, by the first bot
    return CgroupSystem(2, {c: parent for c in controllers}, controllers)


def _detect_v1(root: Path, own: dict[str, str], tag: str) -> CgroupSystem | None:
    base: dict[str, Path] = {}
    for ctrl, dirname in V1_CONTROLLERS.items():
        mount = root / dirname
        if ctrl not in own or not (mount / "cgroup.procs").is_file():
            continue
        group = mount / own[ctrl].lstrip("/")
        if not os.access(group, os.W_OK):
            continue
        probe = group / f"{tag}-probe"
        try:
            probe.mkdir(exist_ok=True)
            probe.rmdir()
        except OSError:
            continue
        base[ctrl] = group / tag
    controllers = frozenset(WANTED & set(base))
    if not controllers:
        return None
    return CgroupSystem(1, base, controllers)


def sweep_stale(root: Path = CGROUP_ROOT) -> None:
    """Remove empty `altay-<pid>` groups left by referees that were killed (best effort)."""
    own = _own_paths(_read(Path("/proc/self/cgroup")))
    candidates: list[Path] = []
    mount = _v2_mount(root)
    if mount is not None and "" in own:
        candidates.append(mount / own[""].lstrip("/"))
    for ctrl, dirname in V1_CONTROLLERS.items():
        if ctrl in own:
            candidates.append(root / dirname / own[ctrl].lstrip("/"))
    for group in candidates:
        with contextlib.suppress(OSError):
            for entry in group.iterdir():
                name = entry.name
                if not name.startswith("altay-") or not name[6:].isdecimal():
                    continue
                if Path(f"/proc/{name[6:]}").exists():
                    continue
                for child in entry.iterdir():
                    if child.is_dir():
                        with contextlib.suppress(OSError):
                            child.rmdir()
                with contextlib.suppress(OSError):
                    entry.rmdir()
