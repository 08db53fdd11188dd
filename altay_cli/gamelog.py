"""Game logs: JSON Lines that prove what happened, written by match/play/arena, read by replay.

    {"type": "header", ...}      one: versions, configuration (seed sealed), seats, initial digest
    {"type": "decision", ...}    one per applied action: seat, request id, action, digest after
    {"type": "failure", ...}     a bot failure (timeout, crash, ...) and what the policy did
    {"type": "stderr", ...}      a seat's captured stderr (capped), written at the end
    {"type": "result", ...}      scores with breakdown, ranks, end reason; reveals the seed
    {"type": "signature", ...}   optional, last: the organiser's Ed25519 signature of the chain

Since format 2 the lines are chained: every line after the header carries `prev`, the
SHA-256 of the previous line's exact bytes, so inserting, deleting, reordering or editing any
line (times and info included) breaks the chain at that point, and a signature over the last
line's hash covers the whole file. The seed is sealed: a bot that learned it would know every
hidden card, so the header holds only a commitment (SHA-256 of a random nonce and the seed)
and the result line, written after the game, reveals both. Format 3 (this one) fixes one order
for failures: the result line lists them in the order of their failure lines, which is the
order they happened in (format 2 results may list them grouped seat by seat instead). Format 1
logs (unchained, seed in the header) and format 2 logs are still read. protocol/LOG-FORMAT.md
lists every field and says which ones replay re-derives and which are only attested.

The writer flushes each line, so a killed process leaves a log that is valid up to its end
(replay reports it as truncated: no result line).
"""

from __future__ import annotations

import datetime as _dt
import errno
import hashlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NamedTuple

import msgspec
import orjson

from . import __version__
from .engine import ConfigError, Game, Outcome

if TYPE_CHECKING:
    from .logsign import Signer

LOG_FORMAT = "altay-log"
LOG_FORMAT_VERSION = 3
#: The first format that chains its lines (and seals the seed).
CHAINED_FORMAT = 2
#: The first format whose result line lists the failures exactly in the order of their lines.
FAILURE_ORDER_FORMAT = 3
#: No game has more players: a header claiming more (or fewer than 1) is not a game log, refused
#: before anything is sized by it.
MAX_PLAYERS = 64
#: A header line longer than this is refused before it is decoded (a real one is a few KiB:
#: configuration, at most MAX_PLAYERS seats, the conditions of play), so a header stuffed with a
#: million seats costs neither time nor memory.
MAX_HEADER_BYTES = 1 << 20
#: Logs larger than this are refused by the reader (a game log is a few hundred KiB).
MAX_LOG_BYTES = 256 << 20


class SeatInfo(msgspec.Struct):
    seat: int
    name: str
    command: str | None = None  # None for an in-process or human seat
    kind: str = "bot"  # "bot", "human", "policy"
    #: One player (a program, a person) playing several seats of a cooperative game: the first
    #: of them, the same in each of them. Absent (never written) when the seat's player plays it
    #: alone, so logs of one seat per player are as they always were.
    player: int | msgspec.UnsetType = msgspec.UNSET
    #: A bot process kept from earlier games (`ready`'s `many_games`): the game it was started
    #: for (an arena's game id; elsewhere the number of the game in the run, from 1) and how many
    #: games it had played before this one. Absent for a process started for this game.
    process_since: int | msgspec.UnsetType = msgspec.UNSET
    process_games: int | msgspec.UnsetType = msgspec.UNSET

    def __post_init__(self) -> None:
        if self.player is not msgspec.UNSET and not 0 <= self.player <= self.seat:
            raise ValueError(f"seat {self.seat}: `player` is the first seat of its player, not {self.player}")
        if (self.process_since is msgspec.UNSET) != (self.process_games is msgspec.UNSET):
            raise ValueError(f"seat {self.seat}: `process_since` and `process_games` go together")
        if self.process_games is not msgspec.UNSET and self.process_games < 1:
            raise ValueError(
                f"seat {self.seat}: a kept process played at least one game before, not {self.process_games}"
            )

    @property
    def first_seat(self) -> int:
        """The first seat of this seat's player (the seat itself for a player of one seat)."""
        return self.seat if self.player is msgspec.UNSET else self.player


class Header(msgspec.Struct, tag="header", tag_field="type"):
    """The first line. `game` names the game (logs from before there were several games are
    Altay's); `engine_version` is that game's rules version; `config` is the game's
    configuration without its seed (sealed: the result line reveals it; format 1 has it here)."""

    config: dict[str, Any]
    seats: list[SeatInfo]
    initial_digest: str
    format: str = LOG_FORMAT
    format_version: int = LOG_FORMAT_VERSION
    engine_version: str = ""
    altay_version: str = __version__
    protocol_version: int | None = None
    source: str = "match"  # "match", "play", "arena", ...
    created: str | None = None  # UTC ISO time; informational
    meta: dict[str, Any] = {}
    log_id: str | None = None  # random, 128 bits: tells two logs apart
    seed_commitment: str | None = None  # sha256(f"{seed_nonce}:{seed}") when the seed is sealed
    game: str = "altay"
    #: records.SeedSource: "organiser" (--seed N) or "system" (OS randomness); None: not recorded.
    seed_source: str | None = None

    @classmethod
    def of(cls, game: Game, config: Any, **fields: Any) -> Header:
        """The header of a game of `game` with `config` (the writer seals its seed)."""
        return cls(
            game=game.kind.name,
            engine_version=game.kind.version,
            config={**game.config_to_builtins(config), "seed": config.seed},
            **fields,
        )

    @property
    def players(self) -> int | None:
        value = self.config.get("players")
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def game_config(self, game: Game, seed: int | None = None) -> Any:
        """The game's configuration, with `seed` (needed when this header's is sealed);
        ValueError when there is no seed or the configuration is not valid for `game`."""
        value = self.config.get("seed") if seed is None else seed
        if value is None:
            raise ValueError("the seed is sealed in this log header; it is revealed by the result line")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"the seed must be an integer, not {value!r}")
        data = {k: v for k, v in self.config.items() if k != "seed"}
        try:
            return game.config_from_builtins(data, value)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None


class Answer(msgspec.Struct, frozen=True):
    """How a seat's decision came about: the answer's part of a `Decision`, as the referee
    (or a person, or an in-process player) produced it, plus the referee's measurements."""

    index: int | None = None  # index in the legal list, when known
    request_id: int | None = None
    time_ms: float | None = None  # the bot's wall time for this decision
    overhead_us: float | None = None  # the referee's own cost for this decision
    status: str = "ok"  # a records.DecisionStatus: "ok", "retry", "default"
    info: str | None = None  # the bot's optional debug text (capped)
    observation_us: float | None = None  # the engine's cost of observation(seat) (not logged)
    legal_us: float | None = None  # the engine's cost of legal_actions() (not logged)
    request_bytes: int | None = None  # the size of the request line (not logged)
    cpu_ms: float | None = None  # the CPU time of the bot's cgroup for this decision (attested)


class Decision(msgspec.Struct, tag="decision", tag_field="type"):
    """One applied action: the one record of a decision, kept in a session's history, written
    as a log line, given to `run_match`'s on_decision, checked by replay."""

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
    prev: str | None = None  # SHA-256 of the previous line (format 2)
    cpu_ms: float | None = None  # the bot's CPU time for this decision, from its cgroup (attested)

    @classmethod
    def of(cls, n: int, seat: int, action: dict[str, Any], digest: str, answer: Answer) -> Decision:
        # round(x * 1000) / 1000 rather than round(x, 3): the same 3 decimals at a tenth of the
        # cost (round with digits goes through decimal text), and this is on every decision's path
        return cls(
            n=n,
            seat=seat,
            action=action,
            digest=digest,
            index=answer.index,
            request_id=answer.request_id,
            time_ms=None if answer.time_ms is None else round(answer.time_ms * 1000) / 1000,
            overhead_us=None if answer.overhead_us is None else round(answer.overhead_us * 10) / 10,
            status=str(answer.status),
            info=answer.info,
            cpu_ms=None if answer.cpu_ms is None else round(answer.cpu_ms * 1000) / 1000,
        )


class Failure(msgspec.Struct, tag="failure", tag_field="type"):
    """A bot failure: the one record of it, kept by the referee, written as a log line, listed
    by the result line (`as_entry`), returned in MatchResult.failures. `status` is a
    records.FailureStatus and `consequence` a records.Consequence (plain strings when read
    back from a log, which replay checks)."""

    seat: int
    status: str  # timeout, crash, stall, bad_json, line_too_long, wrong_request_id, illegal_action, ...
    detail: str
    n: int | None = None  # decision number it happened at
    request_id: int | None = None
    consequence: str = ""  # "forfeit", "default_action", "retry", "discarded"
    prev: str | None = None

    def as_entry(self) -> dict[str, Any]:
        """The failure as the result line lists it (its fields, without the line's type and chain)."""
        return {
            "seat": self.seat,
            "status": str(self.status),
            "detail": self.detail,
            "n": self.n,
            "request_id": self.request_id,
            "consequence": str(self.consequence),
        }


class Stderr(msgspec.Struct, tag="stderr", tag_field="type"):
    seat: int
    text: str
    truncated: bool = False
    bytes_total: int = 0
    prev: str | None = None


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
    seed: int | None = None  # revealed here, after the game (format 2)
    seed_nonce: str | None = None
    prev: str | None = None
    team: str | None = None  # cooperative games: the shared result, "won" or "lost"

    @classmethod
    def of(cls, outcome: Outcome, **fields: Any) -> Result:
        """The result line of a game that ended with `outcome`."""
        return cls(
            end_reason=outcome.end_reason,
            finished=outcome.finished,
            rounds=outcome.rounds,
            turns=outcome.turns,
            scores=outcome.scores,
            ranks=outcome.ranks,
            winners=outcome.winners,
            forfeits=outcome.forfeits,
            team=None if outcome.team is None else str(outcome.team),
            **fields,
        )


class Signature(msgspec.Struct, tag="signature", tag_field="type"):
    """The organiser's signature of the chain: `signed` is the hash of the previous line."""

    algorithm: str
    public_key: str  # hex of the raw 32-byte Ed25519 public key
    signature: str  # hex
    prev: str | None = None


LogLine = Header | Decision | Failure | Stderr | Result | Signature
_decoder = msgspec.json.Decoder(LogLine)
_encoder = msgspec.json.Encoder()


def now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


def line_hash(raw: bytes) -> str:
    """The chain hash of one line's exact bytes (newline excluded)."""
    return hashlib.sha256(raw).hexdigest()


def seed_commitment(seed: int, nonce: str) -> str:
    return hashlib.sha256(f"{nonce}:{seed}".encode()).hexdigest()


class LogWriteError(OSError):
    """The log could not be written (disk full, file gone, not writable): says which and why."""


class LogWriter:
    """Appends chained log lines to a file (or any binary stream), each written whole at once.

    The writer seals the seed: a header whose config carries one is written with the seed
    replaced by a commitment, and the result line gets the seed and the nonce. With a signer,
    closing a log that has its result line appends the signature line. `randomness(n)` gives
    the n random bytes of the log id and the nonce (tests pass a fixed one for goldens).
    """

    def __init__(
        self,
        target: str | Path | IO[bytes],
        signer: Signer | None = None,
        randomness: Callable[[int], bytes] = secrets.token_bytes,
        exclusive: bool = False,
    ) -> None:
        """`exclusive`: create the file, which must not exist (never through a symbolic link)."""
        if isinstance(target, (str, Path)):
            self.path: Path | None = Path(target)
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if exclusive:
                    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
                    self._fh: IO[bytes] = os.fdopen(os.open(self.path, flags, 0o644), "wb", buffering=0)
                else:
                    self._fh = open(self.path, "wb", buffering=0)  # noqa: SIM115 (closed in close())
            except OSError as exc:
                raise LogWriteError(exc.errno, f"cannot write the log {target}: {exc.strerror}") from None
            self._owns = True
        else:
            self.path = None
            self._fh = target
            self._owns = False
        self.signer = signer
        self._random = randomness
        self._prev: str | None = None
        self._seed: int | None = None
        self._nonce: str | None = None
        self._has_result = False
        self._closed = False

    def write(self, line: LogLine) -> None:
        if isinstance(line, Header):
            line = self._seal(line)
        else:
            if isinstance(line, Result) and self._seed is not None:
                line = msgspec.structs.replace(line, seed=self._seed, seed_nonce=self._nonce)
            line = msgspec.structs.replace(line, prev=self._prev)
        raw = _encoder.encode(line)
        try:
            self._put(raw + b"\n")
        except OSError as exc:
            raise LogWriteError(exc.errno, f"cannot write the log {self._name()}: {exc.strerror}") from None
        except ValueError as exc:  # written after close
            raise LogWriteError(0, f"cannot write the log {self._name()}: {exc}") from None
        self._prev = line_hash(raw)
        self._has_result = self._has_result or isinstance(line, Result)

    def _put(self, data: bytes) -> None:
        """Write one whole line now. A file the writer opened is unbuffered (one system call per
        line, no flush); a stream it was given is flushed. A short write is finished."""
        fh = self._fh
        if self._owns:
            view = memoryview(data)
            while view:
                n = fh.write(view)
                if not n:  # an unbuffered file in non-blocking mode: never here, but never a loop
                    raise OSError(errno.EIO, "the log file took no bytes")
                view = view[n:]
        else:
            fh.write(data)
            fh.flush()

    def _seal(self, header: Header) -> Header:
        log_id = self._random(16).hex()
        seed = header.config.get("seed")
        if seed is None or header.format_version < CHAINED_FORMAT:
            return msgspec.structs.replace(header, log_id=log_id)
        self._seed, self._nonce = seed, self._random(16).hex()
        return msgspec.structs.replace(
            header,
            config={**header.config, "seed": None},
            log_id=log_id,
            seed_commitment=seed_commitment(seed, self._nonce),
        )

    def _name(self) -> str:
        return str(self.path) if self.path is not None else "stream"

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            if self.signer is not None and self._has_result and self._prev is not None:
                self.write_signature()
        finally:
            if self._owns:
                try:
                    self._fh.close()
                except OSError as exc:
                    raise LogWriteError(
                        exc.errno, f"cannot close the log {self._name()}: {exc.strerror}"
                    ) from None

    def write_signature(self) -> None:
        assert self.signer is not None and self._prev is not None
        line = Signature(
            algorithm="ed25519",
            public_key=self.signer.public_key_hex,
            signature=self.signer.sign_chain(self._prev),
            prev=self._prev,
        )
        raw = _encoder.encode(line)
        try:
            self._put(raw + b"\n")
        except (OSError, ValueError) as exc:
            raise LogWriteError(0, f"cannot write the log {self._name()}: {exc}") from None
        self._prev = line_hash(raw)

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
    """One log line; LogError (never anything else) when it is not one."""
    try:
        return _decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise LogError(f"not a valid log line ({exc})", lineno) from None
    except msgspec.DecodeError as exc:
        raise LogError(f"not JSON ({exc})", lineno) from None
    except UnicodeDecodeError:
        raise LogError("not UTF-8 text", lineno) from None
    except RecursionError:
        raise LogError("JSON nested too deeply", lineno) from None
    except Exception as exc:  # whatever else a corrupt line provokes is still a bad line
        raise LogError(f"unreadable ({exc.__class__.__name__})", lineno) from None


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a log file; LogError for what is not a readable regular file of sane size.

    Read by `userfiles.read_user_file`, as every file a user names is: checked before and after
    opening without blocking, so a FIFO or a device (/dev/zero) cannot block or stream forever.
    """
    from .userfiles import UserFileError, read_user_file

    try:
        return read_user_file(path, "game log", MAX_LOG_BYTES)
    except UserFileError as exc:
        raise LogError(str(exc)) from None


def check_header(header: LogLine, lineno: int = 1) -> Header:
    if not isinstance(header, Header):
        raise LogError('the first line must be the header ({"type": "header", ...})', lineno)
    if header.format != LOG_FORMAT:
        raise LogError(f"format is {header.format!r}, expected {LOG_FORMAT!r}", lineno)
    if header.format_version > LOG_FORMAT_VERSION:
        raise LogError(
            f"log format version {header.format_version} is newer than this altay "
            f"({LOG_FORMAT_VERSION}); upgrade altay to read it",
            lineno,
        )
    if header.format_version < 1:
        raise LogError(f"log format version {header.format_version} does not exist", lineno)
    players = header.config.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= MAX_PLAYERS:
        raise LogError(
            f"the header claims {_short_repr(players)} players; a game log has 1 to {MAX_PLAYERS}", lineno
        )
    if len(header.seats) > MAX_PLAYERS:
        raise LogError(
            f"the header lists {len(header.seats)} seats; a game log has 1 to {MAX_PLAYERS}", lineno
        )
    return header


def _short_repr(value: Any, limit: int = 40) -> str:
    """`value` for a one-sentence error: short whatever a hostile file holds."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a {'negative ' if value < 0 else ''}number of over {limit} digits"
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ReadLine(NamedTuple):
    """One line as read: its number in the file, its exact bytes (what the chain hashes), and
    what it says."""

    lineno: int
    raw: bytes
    line: LogLine


def read_lines(path: str | Path) -> tuple[list[ReadLine], bool]:
    """The one log reader (replay, `play --load`, `--show` and the arena all use it): every
    line with its number and exact bytes, and whether the last line was cut off mid-way (a
    killed writer; that partial line is left out). LogError names the first bad line."""
    data = read_bytes(path)
    raw_lines = data.split(b"\n")
    out: list[ReadLine] = []
    for lineno, raw in enumerate(raw_lines, start=1):
        if not raw.strip():
            continue
        if not out and len(raw) > MAX_HEADER_BYTES:
            raise LogError(
                f"the header line is {len(raw)} bytes; a game log's header has at most "
                f"{MAX_HEADER_BYTES >> 20} MiB",
                lineno,
            )
        try:
            exact = raw[:-1] if raw.endswith(b"\r") else raw  # a CRLF file hashes as written
            out.append(ReadLine(lineno, exact, parse_line(raw, lineno)))
        except LogError:
            last = lineno == len(raw_lines) and not data.endswith(b"\n")
            if last and out:
                return out, True  # a partly written last line: the log was cut off mid-line
            raise
    if not out:
        raise LogError(f"{path} is empty: a game log starts with a header line")
    check_header(out[0].line, out[0].lineno)
    return out, False


def read_log(path: str | Path) -> list[LogLine]:
    """Every line of a complete log (LogError for a bad line, a cut-off last line included)."""
    lines, cut = read_lines(path)
    if cut:
        raise LogError(f"{path} ends in a line cut off mid-way (the writer was stopped)")
    return [r.line for r in lines]


def read_header(path: str | Path) -> Header:
    """The header of a log (the whole file is read and checked line by line)."""
    lines, _ = read_lines(path)
    header = lines[0].line
    assert isinstance(header, Header)  # read_lines checks the first line
    return header


def to_json_bytes(obj: Any) -> bytes:
    """JSON for reports: orjson, falling back to msgspec for what orjson refuses (huge ints)."""
    try:
        return orjson.dumps(obj)
    except TypeError:
        return msgspec.json.encode(obj)
