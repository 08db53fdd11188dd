"""The referee's public value types: what a match is given, and what it returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .limits import (  # noqa: F401 (the limit statuses are failure statuses like the others)
    CPU_LIMIT,
    FILE_SIZE_LIMIT,
    LIMIT_STATUSES,
    MEMORY_LIMIT,
    PROCESS_LIMIT,
)
from .sandbox import SandboxPolicy

# ---------------------------------------------------------------------------- failure statuses
#: The bot did not answer before its deadline, but it was still reading its input.
TIMEOUT = "timeout"
#: The bot process exited (or closed its stdout); the detail says the exit code or signal.
CRASH = "crash"
#: The bot is alive but stopped consuming its input (the request is still unread in the pipe,
#: or could not even be written) or the process is stopped (SIGSTOP): it cannot answer at all.
STALL = "stall"
#: A line that is not JSON, or JSON that is not a valid bot message.
BAD_JSON = "bad_json"
#: A line longer than `max_line_bytes` (read with a bounded buffer, then discarded).
LINE_TOO_LONG = "line_too_long"
#: An answer naming a request id the referee never sent to this bot (or a missing id).
WRONG_REQUEST_ID = "wrong_request_id"
#: An index out of range, an action not in the legal list, or index and action disagreeing.
ILLEGAL_ACTION = "illegal_action"
#: The bot exited, answered something other than `ready`, or spoke another protocol version.
HANDSHAKE_FAILED = "handshake_failed"
#: No `ready` within the start-up budget.
STARTUP_TIMEOUT = "startup_timeout"
#: The bot program could not be started at all (no such file, not executable).
START_FAILED = "start_failed"
#: More lines than allowed besides the answer while a request is pending (see seat.py).
FLOOD = "flood"
#: Not a failure: an answer to an earlier request (e.g. after a timeout) arrived and was dropped.
LATE_ANSWER = "late_answer"

FAILURE_STATUSES: tuple[str, ...] = (
    TIMEOUT,
    CRASH,
    STALL,
    BAD_JSON,
    LINE_TOO_LONG,
    WRONG_REQUEST_ID,
    ILLEGAL_ACTION,
    HANDSHAKE_FAILED,
    STARTUP_TIMEOUT,
    START_FAILED,
    FLOOD,
    *LIMIT_STATUSES,
)
#: Failures after which the bot is still able to answer a new request (the others end it).
RECOVERABLE: frozenset[str] = frozenset({TIMEOUT, BAD_JSON, LINE_TOO_LONG, WRONG_REQUEST_ID, ILLEGAL_ACTION})

# Consequences written with each failure.
FORFEIT = "forfeit"
DEFAULT_ACTION = "default_action"
RETRY = "retry"
DISCARDED = "discarded"

ON_FAILURE_POLICIES: tuple[str, ...] = ("lose", "default", "retry")


@dataclass(frozen=True)
class BotSpec:
    """A bot to run: a display name and a command line (see `resolve_bot_command`)."""

    name: str
    command: str


@dataclass(frozen=True)
class MatchOptions:
    """Clocks, limits and the failure policy of a match (all times in milliseconds).

    Each decision may take `move_ms`; time beyond that is taken from the bank (`bank_ms` at
    the start, `increment_ms` added after every answered decision). `startup_ms` bounds the
    handshake and is not charged to any clock. `no_timeout` disables every deadline (debugging).
    `on_failure`: "lose" (the failing bot forfeits), "default" (the first legal action is played
    for it after a recoverable failure), "retry" (up to `retries` more tries within the same
    clock after a recoverable failure, then lose).
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

    def validate(self) -> None:
        self.sandbox.validate()
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
    """What `run_match` returns. `failures` entries: seat, status, detail, n, request_id, consequence."""

    completed: bool
    end_reason: str
    scores: list[dict]
    ranks: list[int]
    forfeits: list[int]
    failures: list[dict]
    decisions: int
    rounds: int
    factions: list[str]
    log_path: Path | None
    duration_s: float
    think_ms: list[float]
    names: list[str] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    isolation: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    game: str = "altay"
    team: str | None = None  # cooperative games: "won" or "lost", shared by every seat

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "completed": self.completed,
            "end_reason": self.end_reason,
            "names": self.names,
            "factions": self.factions,
            "scores": self.scores,
            "ranks": self.ranks,
            "winners": self.winners,
            "forfeits": self.forfeits,
            "failures": self.failures,
            "decisions": self.decisions,
            "rounds": self.rounds,
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
