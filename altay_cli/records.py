"""The names every layer shares, as StrEnums (the same strings on the wire and in logs): how a
bot failed, what the referee did about it, and how a decision came about.

One definition each: the referee records them, logs carry them, replay checks them, reports
print them. Being StrEnums they compare equal to their strings, so a log read back as text and
a live value are the same thing.
"""

from __future__ import annotations

from enum import StrEnum


class FailureStatus(StrEnum):
    """Why a bot's turn went wrong. PROTOCOL.md documents each one for bot authors."""

    #: The bot did not answer before its deadline, but it was still reading its input.
    TIMEOUT = "timeout"
    #: The bot process exited (or closed its stdout); the detail says the exit code or signal.
    CRASH = "crash"
    #: The bot is alive but stopped consuming its input, or the process is stopped (SIGSTOP).
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
    #: More lines than allowed besides the answer while a request is pending.
    FLOOD = "flood"
    #: The sandbox's limits: the bot was stopped at its memory, process, CPU-time or file-size limit.
    MEMORY_LIMIT = "memory_limit"
    PROCESS_LIMIT = "process_limit"
    CPU_LIMIT = "cpu_limit"
    FILE_SIZE_LIMIT = "file_size_limit"
    #: Not a failure: an answer to an earlier request (e.g. after a timeout) arrived and was dropped.
    LATE_ANSWER = "late_answer"


LIMIT_STATUSES: tuple[FailureStatus, ...] = (
    FailureStatus.MEMORY_LIMIT,
    FailureStatus.PROCESS_LIMIT,
    FailureStatus.CPU_LIMIT,
    FailureStatus.FILE_SIZE_LIMIT,
)
#: Every status that is a failure (all but late_answer).
FAILURE_STATUSES: tuple[FailureStatus, ...] = tuple(
    s for s in FailureStatus if s is not FailureStatus.LATE_ANSWER
)
#: Failures after which the bot is still able to answer a new request.
RECOVERABLE: frozenset[FailureStatus] = frozenset(
    {
        FailureStatus.TIMEOUT,
        FailureStatus.BAD_JSON,
        FailureStatus.LINE_TOO_LONG,
        FailureStatus.WRONG_REQUEST_ID,
        FailureStatus.ILLEGAL_ACTION,
    }
)
#: Failures after which the bot can never answer again.
FATAL: frozenset[FailureStatus] = frozenset(FAILURE_STATUSES) - RECOVERABLE


class Consequence(StrEnum):
    """What the referee did about a failure (the failure policy, or a late answer dropped)."""

    FORFEIT = "forfeit"
    DEFAULT_ACTION = "default_action"
    RETRY = "retry"
    DISCARDED = "discarded"


class DecisionStatus(StrEnum):
    """How an applied action came about."""

    OK = "ok"  # the bot's (or person's) own answer
    RETRY = "retry"  # the bot's answer after the referee asked again
    DEFAULT = "default"  # the first legal action, played for a bot that failed


class OnFailure(StrEnum):
    """The failure policy of a match."""

    LOSE = "lose"
    DEFAULT = "default"
    RETRY = "retry"


class SeedSource(StrEnum):
    """Where a game's seed came from, recorded in the log header (`seed_source`)."""

    #: Given by the organiser (`--seed N`): whoever knows or guesses it knows every hidden card.
    ORGANISER = "organiser"
    #: Drawn from the operating system's randomness (63 bits) and shown only after the game.
    SYSTEM = "system"


class ClockKind(StrEnum):
    """What a seat's clock charges (`--clock`)."""

    #: Wall time from the request sent to the answer read (the default).
    WALL = "wall"
    #: The CPU time of the bot's cgroup (every process it started), with a wall-time ceiling.
    CPU = "cpu"


#: An organiser's seed below 2**GUESSABLE_SEED_BITS can be searched by a bot in reasonable time.
GUESSABLE_SEED_BITS = 48
