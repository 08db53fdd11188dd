"""Game logs: JSON Lines that prove what happened, written by match/play/arena, read by replay.

    {"type": "header", ...}      one: versions, configuration, seats, initial state digest
    {"type": "decision", ...}    one per applied action: seat, request id, action, digest after
    {"type": "failure", ...}     a bot failure (timeout, crash, ...) and what the policy did
    {"type": "stderr", ...}      a seat's captured stderr (capped), written at the end
    {"type": "result", ...}      one, last: scores with breakdown, ranks, end reason

Every line is one JSON object with a `type`. Timings (`time_ms`, `overhead_us`, `created`)
are the only fields that differ between two runs of the same game with the same answers.
The writer flushes each line, so a killed process leaves a log that is valid up to its end
(and `replay` reports it as truncated: no result line).
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import IO, Any

import msgspec
import orjson

from . import __version__
from .engine import ENGINE_VERSION, GameConfig

LOG_FORMAT = "altay-log"
LOG_FORMAT_VERSION = 1


class SeatInfo(msgspec.Struct):
    seat: int
    name: str
    command: str | None = None  # None for an in-process or human seat
    kind: str = "bot"  # "bot", "human", "policy"


class Header(msgspec.Struct, tag="header", tag_field="type"):
    config: GameConfig
    seats: list[SeatInfo]
    initial_digest: str
    format: str = LOG_FORMAT
    format_version: int = LOG_FORMAT_VERSION
    engine_version: str = ENGINE_VERSION
    altay_version: str = __version__
    protocol_version: int | None = None
    source: str = "match"  # "match", "play", "arena", ...
    created: str | None = None  # UTC ISO time; informational
    meta: dict[str, Any] = {}


class Decision(msgspec.Struct, tag="decision", tag_field="type"):
    n: int  # 0-based decision number
    seat: int
    action: dict[str, Any]  # the action's JSON form
    digest: str  # state digest after applying it
    index: int | None = None  # index in the legal list, when known
    request_id: int | None = None
    time_ms: float | None = None  # the bot's wall time for this decision
    overhead_us: float | None = None  # the referee's own cost for this decision
    status: str = "ok"  # "ok", or how the action came about: "default", "retry"
    info: str | None = None  # the bot's optional debug text for this decision (capped)


class Failure(msgspec.Struct, tag="failure", tag_field="type"):
    seat: int
    status: str  # timeout, crash, stall, bad_json, line_too_long, wrong_request_id, illegal_action, ...
    detail: str
    n: int | None = None  # decision number it happened at
    request_id: int | None = None
    consequence: str = ""  # "forfeit", "default_action", "retry"


class Stderr(msgspec.Struct, tag="stderr", tag_field="type"):
    seat: int
    text: str
    truncated: bool = False
    bytes_total: int = 0


class Result(msgspec.Struct, tag="result", tag_field="type"):
    end_reason: str | None
    finished: bool  # the game reached its natural end or the round limit
    rounds: int
    turns: int
    scores: list[dict[str, int]]
    ranks: list[int]
    winners: list[int]
    final_digest: str
    decisions: int
    failures: list[dict[str, Any]] = []
    forfeits: list[int] = []  # seats that lost by a failure


LogLine = Header | Decision | Failure | Stderr | Result
_decoder = msgspec.json.Decoder(LogLine)
_encoder = msgspec.json.Encoder()


def now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class LogWriter:
    """Appends log lines to a file (or any binary stream), flushing each one."""

    def __init__(self, target: str | Path | IO[bytes]) -> None:
        if isinstance(target, (str, Path)):
            self.path: Path | None = Path(target)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh: IO[bytes] = open(self.path, "wb")  # noqa: SIM115 (closed in close())
            self._owns = True
        else:
            self.path = None
            self._fh = target
            self._owns = False

    def write(self, line: LogLine) -> None:
        self._fh.write(_encoder.encode(line) + b"\n")
        self._fh.flush()

    def close(self) -> None:
        if self._owns:
            self._fh.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LogError(ValueError):
    """The log cannot be read: says which line and what was wrong."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


def parse_line(raw: bytes, lineno: int) -> LogLine:
    try:
        return _decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise LogError(f"not a valid log line ({exc})", lineno) from exc
    except msgspec.DecodeError as exc:
        raise LogError(f"not JSON ({exc})", lineno) from exc


def read_log(path: str | Path) -> list[LogLine]:
    """Parse every line; raise LogError naming the first bad line. Blank lines are skipped."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror or exc}") from exc
    lines: list[LogLine] = []
    for lineno, raw in enumerate(data.split(b"\n"), start=1):
        if raw.strip():
            lines.append(parse_line(raw, lineno))
    if not lines:
        raise LogError(f"{path} is empty: a game log starts with a header line")
    if not isinstance(lines[0], Header):
        raise LogError('the first line must be the header ({"type": "header", ...})', 1)
    if lines[0].format != LOG_FORMAT:
        raise LogError(f"format is {lines[0].format!r}, expected {LOG_FORMAT!r}", 1)
    if lines[0].format_version > LOG_FORMAT_VERSION:
        raise LogError(
            f"log format version {lines[0].format_version} is newer than this altay "
            f"({LOG_FORMAT_VERSION}); upgrade altay to read it",
            1,
        )
    return lines


def to_json_bytes(obj: Any) -> bytes:
    return orjson.dumps(obj)
