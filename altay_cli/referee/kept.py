"""`KeptBots`: bot processes kept from one game to the next (`ready`'s `many_games`).

A worker that plays games one after another (an arena's, `sprt`'s) owns one pool. `run_match`
takes from it a live process for a seat whose bot (name and command), sandbox limits and line
limits are those the process was started with, sends it the new game's `hello` instead of
starting a new process, and after a clean `game_over` gives it back instead of `quit`. A process
is taken by one game at a time. Anything unclean (a failure of any kind, a request still owed, a
partial line either way, output waiting to be read, stderr over its cap, the process gone, half
of its CPU-time limit used, a limit its cgroup counted as reached) and the process is stopped
instead: the next game starts a fresh one.

The sandbox is the one the process was started in: a game whose hidden paths (its log, the
signing key, an arena's folder) are not all inside paths hidden from that process never gets it.
In an arena every log lies in the arena's folder, which is hidden whole, so reuse is the rule.
`close()` (and leaving a `with` block, Ctrl-C and SIGTERM included) stops every process kept.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from protocol import Quit, encode_line

from .process import WriteBlocked, WriteClosed
from .sandbox import Isolation, SandboxPolicy
from .seat import QUIT_GRACE_S, TERM_GRACE_S
from .signals import signals_deferred
from .visibility import inside

if TYPE_CHECKING:
    from .process import BotProcess
    from .seat import BotSeat
    from .types import BotCommand, MatchOptions

#: Processes a pool keeps between games at most (an arena of many bots): beyond, the one that
#: waited longest is stopped, so a worker never holds more than this many idle bots.
MAX_IDLE = 12
STOP_GRACE_S = 0.2  # how long an idle process the pool stops has to exit after `quit`
#: A kept process is retired once it used this share of its CPU-time limit (`cpu_time_s`, a
#: limit per process that keeps counting across games), so that no game starts short of half.
CPU_LIMIT_SHARE = 0.5


@dataclass(frozen=True)
class ReuseKey:
    """What must be equal for a process to play another game: the bot and the process's limits."""

    name: str
    command: str
    sandbox: SandboxPolicy  # without `hidden` (compared apart: see `covers`)
    max_line_bytes: int
    stderr_cap_bytes: int


def reuse_key(spec: BotCommand, options: MatchOptions) -> ReuseKey:
    return ReuseKey(
        spec.name,
        spec.command,
        replace(options.sandbox, hidden=()),
        options.max_line_bytes,
        options.stderr_cap_bytes,
    )


def covers(hidden_at_launch: tuple[str, ...], hidden_now: tuple[str, ...]) -> bool:
    """Every path hidden for this game lies inside a path that was hidden when the process started
    (masks are set at launch: a path hidden later would be visible to it)."""
    return all(any(inside(p, h) for h in hidden_at_launch) for p in hidden_now)


@dataclass
class KeptProcess:
    """A live bot process between games, with what it was started under."""

    process: BotProcess
    key: ReuseKey
    hidden: tuple[str, ...]
    isolation: Isolation | None
    cpu_time_s: int
    since: int  # the game it was started for
    games: int  # games it has played


def met_a_limit(process: BotProcess) -> bool:
    """The process's cgroup counted a limit reached (memory, an out-of-memory kill, processes):
    kept, a later death would be blamed on that limit, so it starts afresh instead."""
    group = process.plan.cgroup if process.plan is not None else None
    if group is None:
        return False
    return group.oom_kills() > 0 or group.memory_limit_hits() > 0 or group.pids_limit_hits() > 0


class KeptBots:
    """The processes kept between the games of one worker (see the module docstring)."""

    def __init__(self, max_idle: int = MAX_IDLE) -> None:
        self.max_idle = max_idle
        self._idle: list[KeptProcess] = []
        self._label: int | None = None
        self._count = 0
        self.game = 0  # the game being played (set by begin_game)

    def __enter__(self) -> KeptBots:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._idle)

    def label_next(self, game_id: int) -> None:
        """Name the next game (an arena's game id); otherwise games are numbered from 1."""
        self._label = game_id

    def begin_game(self) -> int:
        """A game starts (run_match calls it): its name, which processes started now will carry."""
        self._count += 1
        self.game = self._count if self._label is None else self._label
        self._label = None
        return self.game

    def take(self, spec: BotCommand, options: MatchOptions) -> KeptProcess | None:
        """A live kept process for this bot under these options, removed from the pool (or None)."""
        key = reuse_key(spec, options)
        for i, kept in enumerate(self._idle):
            if kept.key != key or not covers(kept.hidden, options.sandbox.hidden):
                continue
            if not kept.process.quiet():
                self._stop(self._idle.pop(i))
                return self.take(spec, options)
            return self._idle.pop(i)
        return None

    def give_back(self, seat: BotSeat, kept: KeptProcess | None) -> bool:
        """Keep the seat's process for another game when it ended this one cleanly (the seat no
        longer owns it then); False when the seat must close it as usual."""
        if not seat.can_be_kept():
            return False
        process = seat.process
        assert process is not None
        options = seat.options
        if kept is None:
            kept = KeptProcess(
                process,
                reuse_key(seat.spec, options),
                options.sandbox.hidden,
                seat.isolation,
                options.sandbox.cpu_time_s,
                since=self.game,
                games=0,
            )
        used = process.cpu_seconds()
        if kept.cpu_time_s and (used is None or used >= kept.cpu_time_s * CPU_LIMIT_SHARE):
            return False
        if met_a_limit(process):
            return False
        assert process.stderr is not None
        process.stderr.reset()
        kept.games += 1
        seat.detach()
        self._idle.append(kept)
        while len(self._idle) > self.max_idle:
            self._stop(self._idle.pop(0))
        return True

    def close(self) -> None:
        """Stop every kept process (`quit`, a shared grace period, then kill): none outlives it."""
        with signals_deferred():
            idle, self._idle = self._idle, []
            quit_line = encode_line(Quit())
            for kept in idle:
                with contextlib.suppress(WriteClosed, WriteBlocked):
                    kept.process.send(quit_line, time.monotonic() + 0.2)
            deadline = time.monotonic() + QUIT_GRACE_S
            for kept in idle:
                kept.process.wait_exit(max(0.0, deadline - time.monotonic()))
                kept.process.kill(TERM_GRACE_S)

    def _stop(self, kept: KeptProcess) -> None:
        """`quit`, a moment to exit, then kill (an idle bot the pool no longer keeps)."""
        with signals_deferred():
            with contextlib.suppress(WriteClosed, WriteBlocked):
                kept.process.send(encode_line(Quit()), time.monotonic() + 0.1)
            kept.process.wait_exit(STOP_GRACE_S)
            kept.process.kill(TERM_GRACE_S)
