"""A seat's clock: a per-move allowance plus an optional bank, Fischer-style increment.

Each decision may use `move_ms` for free; time beyond it is taken from the bank. After each
answered decision the bank gets `increment_ms`. Retries of one decision share that decision's
deadline.

What is charged depends on the clock's kind (`--clock`, records.ClockKind):

* `wall` (the default): wall time from the request's start to the moment its answer has been
  read. The deadline is start + move_ms + bank. On a busy host a bot gets less of a core and
  its wall time grows with the load, whatever `--bot-cpus` says (a quota is a ceiling, never
  a reservation).
* `cpu`: the CPU time of the bot's cgroup (every process the bot started) over the same
  interval, so other work on the machine cannot spend a bot's allowance. A bot that blocks or
  sleeps uses no CPU, so a wall-time ceiling of CPU_CLOCK_WALL_CEILING times the allowance ends
  its decision too. The referee waits for the answer in short wall-time slices and reads the
  cgroup's CPU counter between them (no busy loop): each slice is at most CPU_CHECK_SLICE_S
  and no longer than the CPU allowance left divided by the cores the bot may use (but at least
  CPU_CHECK_MIN_SLICE_S), so a bot overruns its CPU allowance by at most that shortest slice of
  its cores before the timeout is seen (plus the referee's own scheduling delays).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from altay_cli.records import ClockKind
from protocol import Clock as ClockMessage

if TYPE_CHECKING:
    from .sandbox import SandboxPolicy

#: Under `--clock cpu` a decision also ends after this many times its allowance (move_ms + bank)
#: of wall time, so a bot that blocks or sleeps, using no CPU, still times out.
CPU_CLOCK_WALL_CEILING = 3
#: Longest wall-time wait between two readings of the bot's CPU counter under `--clock cpu`:
#: 15 ms of waiting costs the referee one read of a cgroup file (a few microseconds).
CPU_CHECK_SLICE_S = 0.015
#: Shortest such wait (a bot with almost no CPU allowance left is checked this often).
CPU_CHECK_MIN_SLICE_S = 0.001

#: Reads the CPU seconds used so far by a bot's cgroup (None when it cannot be read).
CpuReader = Callable[[], float | None]


def cpu_clock_problem(policy: SandboxPolicy) -> str | None:
    """Why `--clock cpu` cannot run with `policy` on this machine (one sentence), or None.

    It reads each bot's CPU time from the cgroup the referee makes for it, so it needs cgroups
    the referee may create, with CPU accounting, and a policy that gives each bot a group."""
    from .sandbox import runtime

    groups = runtime().cgroups if sys.platform.startswith("linux") else None
    if groups is None or not groups.accounts_cpu:
        return (
            "--clock cpu charges each bot the CPU time of its own cgroup, and this referee cannot "
            "create cgroups with CPU accounting here (it needs cgroup v2 with a delegated subtree, "
            "or root on a cgroup v1 host); use --clock wall"
        )
    if not (policy.memory_mb or policy.processes or policy.cpus):
        return (
            "--clock cpu reads each bot's CPU time from its cgroup, which the referee makes only "
            "for a limit: keep --bot-cpus, --bot-memory or --bot-processes above 0"
        )
    return None


class Deadline:
    """When a decision's time is up: wall time alone (`wall`, and `--no-timeout` with no limit)."""

    kind = ClockKind.WALL

    def __init__(self, budget_s: float | None) -> None:
        self.budget_s = budget_s
        self.at = None if budget_s is None else time.monotonic() + budget_s

    def wait_until(self) -> float | None:
        """The monotonic instant to wait for input or output until, before asking `expired()`."""
        return self.at

    def expired(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    def limit_note(self, clock: Clock) -> str:
        """Which clock ran out and its limit, for a timeout's message."""
        return f"the wall clock ran out: {clock.move_ms} ms per move + {clock.bank_ms:.0f} ms bank"


class CpuDeadline(Deadline):
    """`--clock cpu`: up when the bot's cgroup has used `budget_s` of CPU time since the decision
    started, or when CPU_CLOCK_WALL_CEILING times that has passed on the wall clock."""

    kind = ClockKind.CPU

    def __init__(self, budget_s: float, read_cpu: CpuReader, cpu_start: float, cores: float) -> None:
        super().__init__(budget_s * CPU_CLOCK_WALL_CEILING)
        self.cpu_budget_s = budget_s
        self.read_cpu = read_cpu
        self.cpu_start = cpu_start
        self.cores = max(cores, 1e-3)
        self.cpu_used_s = 0.0
        self.ran_out: str | None = None  # "cpu" or "wall", once expired() said so

    def _used(self) -> float | None:
        now = self.read_cpu()
        if now is None:  # the cgroup is gone (the bot is ending): only the ceiling remains
            return None
        self.cpu_used_s = max(0.0, now - self.cpu_start)
        return self.cpu_used_s

    def wait_until(self) -> float | None:
        assert self.at is not None
        used = self._used() or 0.0
        left = max(0.0, self.cpu_budget_s - used) / self.cores
        wait = min(CPU_CHECK_SLICE_S, max(CPU_CHECK_MIN_SLICE_S, left))
        return min(time.monotonic() + wait, self.at)

    def expired(self) -> bool:
        used = self._used()
        if used is not None and used >= self.cpu_budget_s:
            self.ran_out = "cpu"
        elif super().expired():
            self.ran_out = "wall"
        return self.ran_out is not None

    def limit_note(self, clock: Clock) -> str:
        allowance = f"{clock.move_ms} ms per move + {clock.bank_ms:.0f} ms bank"
        if self.ran_out == "wall":
            assert self.budget_s is not None
            return (
                f"the CPU clock's wall-time ceiling ran out: {self.budget_s * 1000:.0f} ms, "
                f"{CPU_CLOCK_WALL_CEILING}x the CPU allowance of {allowance}; the bot used "
                f"{self.cpu_used_s * 1000:.0f} ms of CPU time (blocked or starved)"
            )
        return f"the CPU clock ran out: {self.cpu_used_s * 1000:.0f} ms of CPU time used, limit {allowance}"


class Clock:
    def __init__(
        self,
        move_ms: int,
        bank_ms: int = 0,
        increment_ms: int = 0,
        unlimited: bool = False,
        kind: ClockKind = ClockKind.WALL,
    ) -> None:
        self.move_ms = move_ms
        self.bank_ms = float(bank_ms)
        self.increment_ms = increment_ms
        self.unlimited = unlimited
        self.kind = ClockKind(kind)

    def budget_s(self) -> float | None:
        """Seconds available for the next decision (of CPU time for a `cpu` clock), or None
        without time limits."""
        if self.unlimited:
            return None
        return (self.move_ms + self.bank_ms) / 1000.0

    def deadline(self, read_cpu: CpuReader, cpu_start: float | None, cores: float) -> Deadline:
        """The deadline of a decision starting now. A `cpu` clock needs the bot's CPU counter
        (`read_cpu`, read as `cpu_start` just now) and the cores its cgroup may use at once;
        without it (BotSeat refuses to start such a bot) the wall clock rules."""
        budget = self.budget_s()
        if budget is None or self.kind == ClockKind.WALL or cpu_start is None:
            return Deadline(budget)
        return CpuDeadline(budget, read_cpu, cpu_start, cores)

    def charge(self, used_ms: float) -> None:
        """Account for an answered decision: overtime comes out of the bank, then the increment."""
        if self.unlimited:
            return
        over = used_ms - self.move_ms
        if over > 0:
            self.bank_ms = max(0.0, self.bank_ms - over)
        self.bank_ms += self.increment_ms

    def exhaust(self) -> None:
        """A timeout used everything: the bank is empty (the increment still comes)."""
        if not self.unlimited:
            self.bank_ms = float(self.increment_ms)

    def message(self) -> ClockMessage:
        if self.unlimited:
            return ClockMessage(move_ms=None, bank_ms=None, increment_ms=0, kind=str(self.kind))
        return ClockMessage(
            move_ms=self.move_ms,
            bank_ms=int(self.bank_ms),
            increment_ms=self.increment_ms,
            kind=str(self.kind),
        )
