"""Does every stored game agree with the schedule and with its log? Checked on --resume, by
`report` and by `verify`; no row is trusted.

Three layers, each cheaper than the next:

* the rows (`row_problems`, no log read): every stored game must be a game of the schedule
  (a row with another id is flagged and never counted), with the deal, group, seating, seed
  (the one the master seed derives for it), bots per seat and log name the schedule gives it;
  the columns of `games`, `seats` and `failures` must say what the row's record says (the
  record is what the leaderboard counts; the columns are there for your own SQL); the master
  seed must be the one committed to when the arena was created.
* the quick check (`quick_check`: `--resume`, `report`): each log is read once, its SHA-256
  compared with the one kept with its row and, in a signed arena, its signature line checked
  against the arena's key: a missing, cut, edited or unsigned log shows at once.
* the full check (`full_check`: `altay arena verify`): every log is replayed with the engine
  (`altay replay`'s checks: chain, signature, every decision) and every field of the row is
  compared with what the log proves: bots, seed, roles, ranks, scores, end reason, rounds,
  turns, forfeits, decisions, failures and a team's result; the log must also name its arena
  and game (header `meta.arena`, written by the worker; games stored before schema 2 have none)
  and be a game of this arena's configuration. Games stored before schema 3 have no turns (the
  `turnless_games`): theirs are not compared; any other row must have them. `duration_s` and
  `think_ms` are the referee's measurements: only the row's columns and record are compared
  for them.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from .records import GameRecord
from .schedule import ScheduledGame
from .worker import FAILURE_DETAIL_CAP, LOGS, log_name

if TYPE_CHECKING:
    from .params import ArenaParams
    from .store import ArenaStore

MISSING_LOG = "missing_log"
CHANGED_LOG = "changed_log"
INVALID_LOG = "invalid_log"
MISMATCH = "mismatch"
ORPHAN_LOG = "orphan_log"
NOT_SCHEDULED = "not_scheduled"  # a row whose id is no game of the schedule: never counted
NOT_A_FILE = "not_a_file"  # the log is a symbolic link, FIFO, device or folder: not read
UNSIGNED = "unsigned"  # a signed arena's log without a valid signature
WRONG_KEY = "wrong_key"  # a signed arena's log signed by another key
WRONG_SEED = "wrong_seed"  # a log whose game was not played from the seed the schedule derives
ARENA = "arena"  # the arena as a whole (its master seed, its key); game_id is None

#: The kinds a re-play repairs: the game is forgotten and played again (`verify --forget-bad`).
REPLAYABLE = frozenset(
    {
        MISSING_LOG,
        CHANGED_LOG,
        INVALID_LOG,
        MISMATCH,
        NOT_A_FILE,
        UNSIGNED,
        WRONG_KEY,
        WRONG_SEED,
        NOT_SCHEDULED,
    }
)
LINE_CAP = 1 << 20  # bytes kept of each of a log's last two lines (a signature line: ~300)


@dataclass(frozen=True, slots=True)
class Problem:
    game_id: int | None
    kind: str  # one of the constants above
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def merged(problems: Iterable[Problem]) -> list[Problem]:
    """One problem per game and kind, its details joined (a row edited in several places, or
    an arena whose master seed changed, is one line per game, not one per field)."""
    out: dict[tuple[int | None, str], list[str]] = {}
    for p in problems:
        key = (p.game_id, p.kind) if p.game_id is not None else (None, f"{p.kind}:{len(out)}")
        out.setdefault(key, []).append(p.detail)
    return [Problem(g, kind.split(":")[0], "; ".join(details)) for (g, kind), details in out.items()]


# ----------------------------------------------------------------------------- the rows
def row_problems(store: ArenaStore, params: ArenaParams) -> list[Problem]:
    """The rows against the schedule and against each other (reads no log)."""
    schedule = store.schedule(params)
    names = [b.name for b in params.bots]
    from .session import logs_folder_problem

    problems: list[Problem] = []
    linked = logs_folder_problem(store.folder)
    if linked:
        problems.append(Problem(None, ARENA, linked))
    if store.seed_matches(params) is False:
        problems.append(
            Problem(
                None,
                ARENA,
                f"the master seed in the arena's parameters ({params.seed}) is not the one recorded "
                "when the arena was created: the parameters were edited",
            )
        )
    columns = store.game_columns()
    seats, failures = store.seat_rows(), store.failure_rows()
    records = {r.game_id: r for r in store.records(params)}
    turnless = store.turnless_ids()
    for game_id in sorted(columns):
        if game_id not in schedule:
            problems.append(
                Problem(
                    game_id,
                    NOT_SCHEDULED,
                    f"game {game_id} is no game of this arena's schedule ({len(schedule)} games): "
                    "its row is not counted",
                )
            )
            continue
        record = records[game_id]
        found = schedule_differences(record, schedule[game_id], names)
        found += column_differences(
            record, columns[game_id], seats.get(game_id, []), failures.get(game_id, []), store.seat_columns
        )
        if record.turns is None and game_id not in turnless:
            found.append("the row has no turns, though it was stored after rows kept them")
        problems += [Problem(game_id, MISMATCH, d) for d in found]
    for game_id in sorted((set(seats) | set(failures)) - set(columns)):
        problems.append(
            Problem(game_id, NOT_SCHEDULED, f"seat or failure rows of game {game_id}, which has no games row")
        )
    return problems


def schedule_differences(record: GameRecord, game: ScheduledGame, names: list[str]) -> list[str]:
    """Where a row says something else than the schedule gives its game id."""
    out = []
    if record.seed != game.seed:
        out.append(
            f"the row's seed is {record.seed}, but the master seed derives {game.seed} for game "
            f"{game.game_id}"
        )
    for what, row, scheduled in (
        ("deal", record.deal, game.deal),
        ("group", record.group, game.group),
        ("seating", record.seating, game.seating),
        ("bots", record.bots, [names[i] for i in game.seats]),
        ("log", record.log, log_name(game.game_id)),
    ):
        if row != scheduled:
            out.append(f"the row's {what} is {row!r}, the schedule's {scheduled!r}")
    return out


def _failure_row(record: GameRecord, f: dict[str, Any]) -> tuple[Any, ...]:
    seat = f["seat"]
    return (seat, record.bots[seat], f.get("status", "?"), f.get("detail"), f.get("n"), f.get("consequence"))


def column_differences(
    record: GameRecord,
    columns: dict[str, Any],
    seat_rows: list[tuple[Any, ...]],
    failure_rows: list[tuple[Any, ...]],
    seat_columns: tuple[str, ...] = ("seat", "bot", "role", "rank", "score", "forfeit", "think_ms"),
) -> list[str]:
    """Where the columns of games, seats and failures say something else than the row's record
    (`seat_columns`: the names of the seats columns, ArenaStore.seat_columns)."""
    out = []
    wanted = {
        "deal": record.deal,
        "grp": record.group,
        "seating": record.seating,
        "seed": record.seed,
        "end_reason": record.end_reason,
        "completed": int(record.completed),
        "rounds": record.rounds,
        "turns": record.turns,
        "decisions": record.decisions,
        "duration_s": record.duration_s,
        "log": record.log,
    }
    for column, value in wanted.items():
        if column == "turns" and column not in columns:  # a database before schema 3
            continue
        if columns.get(column) != value:
            out.append(f"the games column {column} is {columns.get(column)!r}, the record's {value!r}")
    forfeits = set(record.forfeits)
    fields = seat_columns
    totals = record.totals
    expected = [
        (
            s,
            record.bots[s],
            record.roles[s],
            record.ranks[s],
            totals[s],
            int(s in forfeits),
            record.think_ms[s] if s < len(record.think_ms) else None,
        )
        for s in range(len(record.bots))
    ]
    if [row[0] for row in seat_rows] != [row[0] for row in expected]:
        listed = [row[0] for row in seat_rows]
        out.append(f"the seats rows are for seats {listed}, the record has {len(expected)} seats")
    else:
        for row, want in zip(seat_rows, expected, strict=True):
            for name, a, b in zip(fields, row, want, strict=True):
                if a != b:
                    out.append(f"the seats column {name} of seat {row[0]} is {a!r}, the record's {b!r}")
    want_failures = sorted((_failure_row(record, f) for f in record.failures), key=repr)
    if sorted(failure_rows, key=repr) != want_failures:
        out.append(
            f"the failures rows ({len(failure_rows)}) are not the record's failures ({len(want_failures)}): "
            f"{sorted(failure_rows, key=repr)[:3]!r} against {want_failures[:3]!r}"
        )
    return out


# ----------------------------------------------------------------------------- reading a log
def plain_log_problem(folder: Path, game_id: int) -> Problem | None:
    """A missing log, or one that is not a plain file (never read: a link or a FIFO)."""
    path = folder / log_name(game_id)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return Problem(game_id, MISSING_LOG, f"{log_name(game_id)} does not exist")
    except OSError as exc:
        return Problem(game_id, MISSING_LOG, f"{log_name(game_id)}: {exc.strerror}")
    if stat.S_ISLNK(st.st_mode):
        return Problem(game_id, NOT_A_FILE, f"{log_name(game_id)} is a symbolic link, not a log file")
    if not stat.S_ISREG(st.st_mode):
        return Problem(game_id, NOT_A_FILE, f"{log_name(game_id)} is not a plain file")
    return None


@dataclass(slots=True)
class LogScan:
    """One pass over a log file: its SHA-256 and size, its signature line if any, and the seed
    its result line reveals."""

    sha256: str
    size: int
    signed_by: str | None = None  # the full public key (hex) of a signature line that verifies
    bad_signature: bool = False  # a signature line that does not verify
    seed: int | None = None  # the seed the result line reveals (None: no result line found)


def _parsed(raw: bytes | None) -> dict[str, Any]:
    try:
        data = orjson.loads(raw) if raw is not None else None
    except orjson.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def scan_log(path: Path) -> LogScan:
    """Hash the file, check its signature line (the chain's last link) and read the seed of its
    result line, in one read; the chain itself is the full check's business (the file's hash
    stands for it here). Opened without following links and without blocking (callers checked
    it is a plain file)."""
    whole = hashlib.sha256()
    size = 0
    line = hashlib.sha256()
    line_bytes = bytearray()
    line_len = 0
    hashes: list[str] = []  # the hashes of the last two complete lines
    raws: list[bytes | None] = []  # their bytes (None: longer than LINE_CAP)
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as fh:
        while chunk := fh.read(1 << 20):
            whole.update(chunk)
            size += len(chunk)
            start = 0
            while True:
                nl = chunk.find(b"\n", start)
                part = chunk[start:] if nl < 0 else chunk[start:nl]
                line.update(part)
                line_len += len(part)
                if len(line_bytes) <= LINE_CAP:
                    line_bytes += part[: LINE_CAP + 1 - len(line_bytes)]
                if nl < 0:
                    break
                if line_len:
                    hashes = [*hashes[-1:], line.hexdigest()]
                    raws = [*raws[-1:], bytes(line_bytes) if line_len <= LINE_CAP else None]
                line, line_bytes, line_len = hashlib.sha256(), bytearray(), 0
                start = nl + 1
    scan = LogScan(whole.hexdigest(), size)
    if line_len or len(hashes) < 2:  # cut mid-line (a killed writer): nothing at its end counts
        return scan
    last = _parsed(raws[-1])
    result = _parsed(raws[0]) if last.get("type") == "signature" else last
    seed = result.get("seed") if result.get("type") == "result" else None
    scan.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
    if last.get("type") != "signature":
        return scan
    from altay_cli.logsign import verify_chain

    key, prev, signature = last.get("public_key"), last.get("prev"), last.get("signature")
    ok = (
        last.get("algorithm") == "ed25519"
        and isinstance(key, str)
        and isinstance(prev, str)
        and isinstance(signature, str)
        and prev == hashes[0]
        and verify_chain(key, prev, signature)
    )
    if ok:
        assert isinstance(key, str)  # checked in ok
        scan.signed_by = key.lower()
    else:
        scan.bad_signature = True
    return scan


def signature_problem(game_id: int, scan: LogScan, expected_key: str) -> Problem | None:
    """In a signed arena: a log that is not signed by the arena's key."""
    from altay_cli.logsign import fingerprint

    name = log_name(game_id)
    if scan.signed_by is None:
        why = "its signature does not verify" if scan.bad_signature else "it has no signature"
        wanted = fingerprint(expected_key)
        return Problem(game_id, UNSIGNED, f"{name} is not signed by the arena's key {wanted}: {why}")
    if scan.signed_by != expected_key.lower():
        return Problem(
            game_id,
            WRONG_KEY,
            f"{name} is signed by key {fingerprint(scan.signed_by)}, "
            f"not by the arena's key {fingerprint(expected_key)}",
        )
    return None


def logged_key(folder: Path, records: Iterable[GameRecord]) -> str | None:
    """The key that signed the first signed log among these games (an arena made before the
    signing record: its logs say whether it signs)."""
    for record in records:
        if plain_log_problem(folder, record.game_id) is None:
            try:
                scan = scan_log(folder / log_name(record.game_id))
            except OSError:
                continue
            if scan.signed_by:
                return scan.signed_by
    return None


# ----------------------------------------------------------------------------- the quick check
def quick_check(
    folder: Path,
    records: Iterable[GameRecord],
    expected_key: str | None = None,
    schedule: Mapping[int, ScheduledGame] | None = None,
) -> list[Problem]:
    """Hash every stored game's log against its row (full check for rows without a hash) and,
    with `expected_key` (a signed arena), check each log's signature; with the `schedule`,
    check that each log's game was played from the seed the master seed derives for it."""
    problems: list[Problem] = []
    for record in records:
        bad = plain_log_problem(folder, record.game_id)
        if bad is not None:
            problems.append(bad)
            continue
        if not record.log_sha256:
            problems += check_game(folder, record, expected_key=expected_key)
            continue
        try:
            scan = scan_log(folder / log_name(record.game_id))
        except OSError as exc:
            name = log_name(record.game_id)
            problems.append(Problem(record.game_id, MISSING_LOG, f"{name}: {exc.strerror}"))
            continue
        if (scan.sha256, scan.size) != (record.log_sha256, record.log_bytes):
            problems.append(
                Problem(
                    record.game_id,
                    CHANGED_LOG,
                    f"{log_name(record.game_id)} changed after the game was stored ({scan.size} bytes, "
                    f"{record.log_bytes} when stored)",
                )
            )
            continue
        if schedule is not None and record.game_id in schedule:
            derived = schedule[record.game_id].seed
            if scan.seed is not None and scan.seed != derived:
                problems.append(seed_problem(record.game_id, scan.seed, derived))
        if expected_key is not None:
            signed = signature_problem(record.game_id, scan, expected_key)
            if signed is not None:
                problems.append(signed)
    return problems


def seed_problem(game_id: int, logged: int | None, derived: int) -> Problem:
    return Problem(
        game_id,
        WRONG_SEED,
        f"{log_name(game_id)} was played from seed {logged}, but the master seed derives "
        f"{derived} for game {game_id}",
    )


# ----------------------------------------------------------------------------- the full check
@dataclass(frozen=True, slots=True)
class Expected:
    """What the arena says the log of one game must show, beyond its row."""

    game: str  # the game's name
    seed: int  # the seed the master seed derives for the game
    config: dict[str, Any]  # the deal's configuration, without its seed (as the header has it)
    identity: dict[str, Any] | None  # {"id": arena id, "game": game id}; None: a legacy game
    seed_source: str | None  # the arena's recorded seed source (None: not recorded)
    turnless: bool = False  # stored before rows kept their turns (schema 3): its row has none


def expectations(
    store: ArenaStore, params: ArenaParams, records: Iterable[GameRecord]
) -> dict[int, Expected]:
    """The `Expected` of every stored game of the schedule."""
    import msgspec

    rules = params.rules()
    arena_id, legacy, source = store.arena_id(), store.legacy_ids(), store.seed_source()
    turnless = store.turnless_ids()
    out = {}
    schedule = store.schedule(params)
    for record in records:
        config = rules.deals.deal(record.seed, params.players, params.options_for(rules))
        data = msgspec.json.decode(msgspec.json.encode(rules.config_to_builtins(config)))  # as in a header
        data.pop("seed", None)
        legacy_game = record.game_id in legacy or not arena_id
        identity = None if legacy_game else {"id": arena_id, "game": record.game_id}
        source_now = None if identity is None else source
        out[record.game_id] = Expected(
            params.game,
            schedule[record.game_id].seed,
            data,
            identity,
            source_now,
            turnless=record.game_id in turnless,
        )
    return out


def check_game(
    folder: Path,
    record: GameRecord,
    expected: Expected | None = None,
    expected_key: str | None = None,
    simulate: bool = True,
) -> list[Problem]:
    """Replay one game's log and compare it with its row (and with what the arena expects).

    `simulate=False`: the log is checked in replay's chain mode (its chain, and its result
    against its own lines) and the row against the log's result line, without re-simulating a
    decision (a cluster game outside the coordinator's sample: `intake.VerifySample`)."""
    from altay_cli.replay import VALID, replay_log

    bad = plain_log_problem(folder, record.game_id)
    if bad is not None:
        return [bad]
    path = folder / log_name(record.game_id)
    try:
        scan = scan_log(path)
    except OSError as exc:
        return [Problem(record.game_id, MISSING_LOG, f"{log_name(record.game_id)}: {exc.strerror}")]
    verdict = replay_log(path, simulate=simulate)
    if verdict.status != VALID:
        return [Problem(record.game_id, INVALID_LOG, f"{log_name(record.game_id)}: {verdict.message}")]
    turns_kept = expected is not None and not expected.turnless
    found = differences(record, verdict, turns_kept) if simulate else logged_differences(record, verdict)
    out = [Problem(record.game_id, MISMATCH, d) for d in found]
    if expected is not None and verdict.seed != expected.seed:
        out.append(seed_problem(record.game_id, verdict.seed, expected.seed))
    if expected is not None:
        found = arena_differences(record.game_id, verdict, expected)
        out += [Problem(record.game_id, MISMATCH, d) for d in found]
    if record.log_sha256 and (scan.sha256, scan.size) != (record.log_sha256, record.log_bytes):
        changed = f"{log_name(record.game_id)} changed after the game was stored"
        out.append(Problem(record.game_id, CHANGED_LOG, changed))
    if expected_key is not None:
        signed = signature_problem(record.game_id, scan, expected_key)
        if signed is not None:
            out.append(signed)
    return out


def _failure_entries(failures: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Failures as (seat, status, detail, n, request_id, consequence), detail capped as the
    worker caps it, in a fixed order (the row lists them seat by seat, the log in time order)."""
    out = []
    for f in failures:
        entry = f.as_entry() if hasattr(f, "as_entry") else f
        detail = entry.get("detail")
        if isinstance(detail, str) and len(detail) > FAILURE_DETAIL_CAP:
            detail = detail[:FAILURE_DETAIL_CAP] + "..."
        out.append(
            (
                entry.get("seat"),
                str(entry.get("status")),
                detail,
                entry.get("n"),
                entry.get("request_id"),
                str(entry.get("consequence")),
            )
        )
    return sorted(out, key=repr)


def differences(record: GameRecord, verdict: Any, turns_kept: bool = False) -> list[str]:
    """Where the row says something else than the (valid) log proves: the seats' names and
    roles, the seed, and the result re-derived from the replayed state. A row without turns
    (stored before rows kept them) is compared on the rest, unless `turns_kept` says that
    its game was stored after."""
    header, result, game, state = verdict.header, verdict.result, verdict.game, verdict.state
    names = [s.name for s in sorted(header.seats, key=lambda s: s.seat)]
    outcome = game.outcome(state, result.forfeits, result.end_reason == "aborted")
    team = None if outcome.team is None else str(outcome.team)
    pairs = [
        ("bots", record.bots, names),
        ("seed", record.seed, verdict.seed),
        ("roles", record.roles, list(game.roles(state))),
        ("ranks", record.ranks, list(outcome.ranks)),
        ("scores", record.scores, [dict(s) for s in outcome.scores]),
        ("end_reason", record.end_reason, outcome.end_reason),
        ("completed", record.completed, outcome.finished),
        ("rounds", record.rounds, outcome.rounds),
        ("turns", record.turns, outcome.turns if record.turns is not None or turns_kept else None),
        ("forfeits", record.forfeits, list(outcome.forfeits)),
        ("decisions", record.decisions, len(verdict.decisions)),
        ("team", record.team, team),
        ("failures", _failure_entries(record.failures), _failure_entries(verdict.failures)),
    ]
    return [f"the row's {what} is {row!r}, the log's {log!r}" for what, row, log in pairs if row != log]


def logged_differences(record: GameRecord, verdict: Any) -> list[str]:
    """Where the row says something else than a log checked in the chain mode says of itself
    (its seats, its seed, and its result line, which that mode checked against its own lines but
    not against the game). The seats' roles are left out: only the replayed state knows them."""
    header, result = verdict.header, verdict.result
    names = [s.name for s in sorted(header.seats, key=lambda s: s.seat)]
    pairs = [
        ("bots", record.bots, names),
        ("seed", record.seed, verdict.seed),
        ("ranks", record.ranks, list(result.ranks)),
        ("scores", record.scores, [dict(s) for s in result.scores]),
        ("end_reason", record.end_reason, result.end_reason),
        ("completed", record.completed, result.finished),
        ("rounds", record.rounds, result.rounds),
        ("turns", record.turns, result.turns),
        ("forfeits", record.forfeits, list(result.forfeits)),
        ("decisions", record.decisions, len(verdict.decisions)),
        ("team", record.team, result.team),
        ("failures", _failure_entries(record.failures), _failure_entries(verdict.failures)),
    ]
    return [f"the row's {what} is {row!r}, the log's {log!r}" for what, row, log in pairs if row != log]


def arena_differences(game_id: int, verdict: Any, expected: Expected) -> list[str]:
    """Where the log is not this arena's game `game_id`: another game's log put in its place,
    or a game of other conditions."""
    header = verdict.header
    out = []
    claimed = header.meta.get("arena") if isinstance(header.meta, dict) else None
    # A legacy game's log names no arena; any other must name this arena and this game.
    if claimed != expected.identity:
        out.append(f"the log says it is {_identity_text(claimed)}, not game {game_id} of this arena")
    if header.source != "arena":
        out.append(f"the log was written by {header.source!r}, not by an arena")
    if header.game != expected.game:
        out.append(f"the log is a game of {header.game}, the arena plays {expected.game}")
    config = {k: v for k, v in header.config.items() if k != "seed"}
    if config != expected.config:
        keys = sorted(k for k in {*config, *expected.config} if config.get(k) != expected.config.get(k))
        out.append(f"the log's configuration differs from the arena's deal in {', '.join(keys)}")
    if expected.seed_source is not None and header.seed_source != expected.seed_source:
        out.append(f"the log's seed source is {header.seed_source!r}, the arena's {expected.seed_source!r}")
    return out


def _identity_text(claimed: Any) -> str:
    if not isinstance(claimed, dict):
        return "no game of any arena" if claimed is None else f"{claimed!r}"
    return f"game {claimed.get('game')!r} of arena {str(claimed.get('id'))[:16]}"


def orphan_logs(folder: Path, records: Iterable[GameRecord]) -> list[Problem]:
    """Logs in the folder that belong to no stored game (a game in flight when it was killed,
    or a file put there)."""
    known = {log_name(record.game_id) for record in records}
    out = []
    logs = folder / LOGS
    if logs.is_dir() and not logs.is_symlink():
        for path in sorted(logs.glob("*.jsonl")):
            rel = f"{LOGS}/{path.name}"
            if rel not in known:
                out.append(Problem(None, ORPHAN_LOG, f"{rel} has no row in the database"))
    return out


def full_check(
    folder: Path,
    records: list[GameRecord],
    expected_key: str | None = None,
    on_game: Callable[[int], None] | None = None,
    expected: dict[int, Expected] | None = None,
) -> list[Problem]:
    """Replay every log and compare it with its row (see `orphan_logs` for the other way)."""
    problems: list[Problem] = []
    for record in records:
        problems += check_game(
            folder, record, (expected or {}).get(record.game_id), expected_key=expected_key
        )
        if on_game is not None:
            on_game(record.game_id)
    return problems
