"""The referee's public value types: what a match is given, and what it returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altay_cli.engine import DEFAULT_GAME
from altay_cli.gamelog import Failure
from altay_cli.records import FAILURE_STATUSES as FAILURE_STATUSES  # the referee's users import it here
from altay_cli.records import (
    ClockKind,
    Consequence,
    FailureStatus,
    OnFailure,
)

from .botcmd import BotCommand as BotCommand
from .sandbox import SandboxPolicy

# The failure statuses and consequences, by their old names (altay_cli.records defines them).
TIMEOUT = FailureStatus.TIMEOUT
CRASH = FailureStatus.CRASH
STALL = FailureStatus.STALL
BAD_JSON = FailureStatus.BAD_JSON
LINE_TOO_LONG = FailureStatus.LINE_TOO_LONG
WRONG_REQUEST_ID = FailureStatus.WRONG_REQUEST_ID
ILLEGAL_ACTION = FailureStatus.ILLEGAL_ACTION
HANDSHAKE_FAILED = FailureStatus.HANDSHAKE_FAILED
STARTUP_TIMEOUT = FailureStatus.STARTUP_TIMEOUT
START_FAILED = FailureStatus.START_FAILED
FLOOD = FailureStatus.FLOOD
LATE_ANSWER = FailureStatus.LATE_ANSWER
MEMORY_LIMIT = FailureStatus.MEMORY_LIMIT
PROCESS_LIMIT = FailureStatus.PROCESS_LIMIT
CPU_LIMIT = FailureStatus.CPU_LIMIT
FILE_SIZE_LIMIT = FailureStatus.FILE_SIZE_LIMIT
FORFEIT = Consequence.FORFEIT
DEFAULT_ACTION = Consequence.DEFAULT_ACTION
RETRY = Consequence.RETRY
DISCARDED = Consequence.DISCARDED

ON_FAILURE_POLICIES: tuple[str, ...] = tuple(p.value for p in OnFailure)


#: The referee's name for a bot to run (the one record: botcmd.BotCommand).
BotSpec = BotCommand


@dataclass(frozen=True)
class MatchOptions:
    """Clocks, limits and the failure policy of a match (all times in milliseconds).

    Each decision may take `move_ms`; time beyond that is taken from the bank (`bank_ms` at
    the start, `increment_ms` added after every answered decision). `startup_ms` bounds the
    handshake and is not charged to any clock. `no_timeout` disables every deadline (debugging).
    `on_failure`: "lose" (the failing bot forfeits), "default" (the first legal action is played
    for it after a recoverable failure), "retry" (up to `retries` more tries within the same
    clock after a recoverable failure, then lose).
    `clock`: what the clock charges, wall time (the default) or the CPU time of the bot's cgroup
    (`cpu`, which needs a cgroup per bot: `validate()` says when this machine has none); see
    `clock.py`.
    """

    move_ms: int = 1000
    bank_ms: int = 0
    increment_ms: int = 0
    startup_ms: int = 10000
    no_timeout: bool = False
    on_failure: str = "lose"
    retries: int = 1
    max_line_bytes: int = 1_000_000
    stderr_cap_bytes: int = 65536
    sandbox: SandboxPolicy = field(default_factory=SandboxPolicy)
    clock: ClockKind = ClockKind.WALL

    def validate(self) -> None:
        self.sandbox.validate()
        if self.clock not in tuple(ClockKind):
            raise ValueError(f"clock must be one of {', '.join(ClockKind)}, not {self.clock!r}")
        if self.clock == ClockKind.CPU:
            from .clock import cpu_clock_problem

            problem = cpu_clock_problem(self.sandbox)
            if problem is not None:
                raise ValueError(problem)
        if self.on_failure not in ON_FAILURE_POLICIES:
            raise ValueError(
                f"on_failure must be one of {', '.join(ON_FAILURE_POLICIES)}, not {self.on_failure!r}"
            )
        for name in ("move_ms", "startup_ms"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1 ms, not {getattr(self, name)}")
        for name in ("bank_ms", "increment_ms", "retries", "stderr_cap_bytes"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be 0 or more, not {getattr(self, name)}")
        if self.max_line_bytes < 1024:
            raise ValueError(f"max_line_bytes must be at least 1024, not {self.max_line_bytes}")


@dataclass
class MatchResult:
    """What `run_match` returns. `failures`: the gamelog.Failure records, in the order they happened."""

    completed: bool
    end_reason: str | None
    scores: list[dict[str, Any]]
    ranks: list[int]
    forfeits: list[int]
    failures: list[Failure]
    decisions: int
    rounds: int
    roles: list[str]  # each seat's role (Game.roles: Altay's factions), "" when seats have none
    log_path: Path | None
    duration_s: float
    think_ms: list[float]
    names: list[str] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    isolation: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    game: str = DEFAULT_GAME
    team: str | None = None  # cooperative games: "won" or "lost", shared by every seat
    turns: int = 0  # turns begun (`Game.text.length_text` says whether people count turns or rounds)
    reused: int = 0  # programs that played with a process kept from an earlier game (kept.py)
    kept: int = 0  # programs whose process was kept for the next game

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "completed": self.completed,
            "end_reason": self.end_reason,
            "names": self.names,
            "roles": self.roles,
            "factions": self.roles,  # the old name of "roles", kept for scripts that read it
            "scores": self.scores,
            "ranks": self.ranks,
            "winners": self.winners,
            "forfeits": self.forfeits,
            "failures": [f.as_entry() for f in self.failures],
            "decisions": self.decisions,
            "rounds": self.rounds,
            "turns": self.turns,
            "log": str(self.log_path) if self.log_path is not None else None,
            "duration_s": round(self.duration_s, 3),
            "think_ms": [round(t, 1) for t in self.think_ms],
            "seed": self.seed,
            "isolation": self.isolation,
            **({"team": self.team} if self.team is not None else {}),
        }


class BotFailure(Exception):
    """A bot failed in a way the policy does not forgive; `status` is one of FAILURE_STATUSES."""

    def __init__(self, status: str, detail: str, request_id: int | None = None) -> None:
        super().__init__(f"{status}: {detail}")
        self.status = status
        self.detail = detail
        self.request_id = request_id
