"""Resource limits for one bot, and telling afterwards which limit ended it.

Limits are enforced by the kernel: through the bot's cgroup where the machine allows it
(memory for the whole process tree, the number of processes, a CPU quota) and through rlimits
set in the child just before it executes (CPU seconds per process, size of any file it writes,
no core dumps; and, only where no cgroup does it, address space).

A bot that dies at a limit gets a named status instead of `crash`: `memory_limit`,
`process_limit`, `cpu_limit` or `file_size_limit`.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass

from altay_cli.records import FailureStatus

from .cgroups import BotCgroup

MEMORY_LIMIT = FailureStatus.MEMORY_LIMIT
PROCESS_LIMIT = FailureStatus.PROCESS_LIMIT
CPU_LIMIT = FailureStatus.CPU_LIMIT
FILE_SIZE_LIMIT = FailureStatus.FILE_SIZE_LIMIT
LIMIT_STATUSES: tuple[str, ...] = (MEMORY_LIMIT, PROCESS_LIMIT, CPU_LIMIT, FILE_SIZE_LIMIT)

MIB = 1 << 20
#: Signs in a dying program's stderr that an allocation failed (the rlimit-only case, where the
#: kernel does not record it): Python, C++, Node, Java, Go, Rust, glibc.
_OUT_OF_MEMORY_SIGNS = (
    "MemoryError",
    "std::bad_alloc",
    "out of memory",
    "Out of memory",
    "OutOfMemoryError",
    "Cannot allocate memory",
    "memory allocation of",
    "heap out of memory",
    "failed to allocate",
)


@dataclass(frozen=True)
class RlimitPlan:
    """rlimits applied in the child before exec; None leaves a limit as it is.

    There is deliberately no process-count rlimit: RLIMIT_NPROC counts every process of the
    user on the machine (and a user namespace inherits that count), so it would stop a bot from
    starting on a desktop with a few hundred processes, and root is exempt from it anyway. The
    number of processes is limited by the bot's cgroup (pids.max) where there is one.
    """

    address_space: int | None = None
    cpu_seconds: int | None = None
    file_size: int | None = None

    def pairs(self) -> list[tuple[int, int]]:
        out = [(resource.RLIMIT_CORE, 0)]
        if self.address_space is not None:
            out.append((resource.RLIMIT_AS, self.address_space))
        if self.cpu_seconds is not None:
            out.append((resource.RLIMIT_CPU, self.cpu_seconds))
        if self.file_size is not None:
            out.append((resource.RLIMIT_FSIZE, self.file_size))
        return out


def make_preexec(rlimits: RlimitPlan, cgroup: BotCgroup | None) -> Callable[[], None]:
    """The function the child runs between fork and exec: join the cgroup, set the rlimits.

    Everything it needs is prepared here, in the parent: the child only writes to file
    descriptors and calls setrlimit (no imports, no locks, no allocation worth mentioning).
    """
    procs_fds = [os.open(p, os.O_WRONLY | os.O_CLOEXEC) for p in cgroup.procs_files()] if cgroup else []
    pairs = rlimits.pairs()
    setrlimit = resource.setrlimit
    write = os.write

    def preexec() -> None:
        for fd in procs_fds:
            write(fd, b"0")  # "0" = the writing process itself
        for which, value in pairs:
            # The soft CPU limit sends SIGXCPU; the hard one, a second later, SIGKILL.
            hard = value + 1 if which == resource.RLIMIT_CPU else value
            setrlimit(which, (value, hard))

    preexec.fds = procs_fds  # type: ignore[attr-defined]  # closed by close_preexec_fds
    return preexec


def close_preexec_fds(preexec: Callable[[], None]) -> None:
    for fd in getattr(preexec, "fds", ()):
        with contextlib.suppress(OSError):
            os.close(fd)


@dataclass(frozen=True)
class LimitHit:
    status: str
    detail: str


def classify_exit(
    signal_number: int | None,
    cgroup: BotCgroup | None,
    memory_limit_bytes: int | None,
    memory_by_rlimit: bool,
    stderr_text: str,
    file_size_limited: bool = False,
) -> LimitHit | None:
    """Which limit, if any, explains why the bot died (signal_number: what killed it, if a signal)."""
    mib = (memory_limit_bytes or 0) // MIB
    if cgroup is not None and cgroup.oom_kills() > 0:
        return LimitHit(MEMORY_LIMIT, f"the bot exceeded its memory limit of {mib} MiB and was killed")
    if signal_number == signal.SIGXCPU:
        return LimitHit(CPU_LIMIT, "the bot used up its CPU time limit (SIGXCPU)")
    if signal_number == signal.SIGXFSZ or (file_size_limited and "File too large" in stderr_text):
        # Programs that ignore SIGXFSZ (Python does) see the write fail with EFBIG instead.
        return LimitHit(FILE_SIZE_LIMIT, "the bot wrote a file larger than its file size limit")
    if memory_by_rlimit and memory_limit_bytes and any(s in stderr_text for s in _OUT_OF_MEMORY_SIGNS):
        return LimitHit(MEMORY_LIMIT, f"the bot ran out of memory at its limit of {mib} MiB")
    if cgroup is not None and cgroup.memory_limit_hits() > 0 and signal_number == signal.SIGKILL:
        return LimitHit(MEMORY_LIMIT, f"the bot reached its memory limit of {mib} MiB and was killed")
    if cgroup is not None and cgroup.pids_limit_hits() > 0:
        return LimitHit(
            PROCESS_LIMIT, "the bot tried to start more processes or threads than its limit allows"
        )
    return None
