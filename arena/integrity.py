"""Does every stored game agree with its log? Checked on --resume, by `report` and by `verify`.

Each row keeps its log's SHA-256 and size (written right after the log was closed), so the
quick check (`--resume`, `report`) reads each log once and compares hashes: a missing, cut or
edited log shows at once. Rows stored before hashes were kept get the full check instead.
The full check (`altay arena verify`) replays every log with the engine (`altay replay`'s
checks: chain, signature, every decision, the result) and compares what the log proves with
the row: seat names, seed, ranks, scores, end reason, forfeits and decision count; it also
finds logs that have no row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .records import GameRecord
from .worker import LOGS, file_digest

MISSING_LOG = "missing_log"
CHANGED_LOG = "changed_log"
INVALID_LOG = "invalid_log"
MISMATCH = "mismatch"
ORPHAN_LOG = "orphan_log"


@dataclass(frozen=True, slots=True)
class Problem:
    game_id: int | None
    kind: str  # one of the constants above
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _log_path(folder: Path, record: GameRecord) -> Path:
    return folder / record.log


def quick_check(folder: Path, records: Iterable[GameRecord], public_key: str | None = None) -> list[Problem]:
    """Hash every stored game's log against its row (full check for rows without a hash)."""
    problems: list[Problem] = []
    for record in records:
        path = _log_path(folder, record)
        if not path.is_file():
            problems.append(Problem(record.game_id, MISSING_LOG, f"{record.log} does not exist"))
            continue
        if not record.log_sha256:
            problems += check_game(folder, record, public_key)
            continue
        try:
            digest, size = file_digest(path)
        except OSError as exc:
            problems.append(Problem(record.game_id, MISSING_LOG, f"{record.log}: {exc.strerror}"))
            continue
        if (digest, size) != (record.log_sha256, record.log_bytes):
            problems.append(
                Problem(
                    record.game_id,
                    CHANGED_LOG,
                    f"{record.log} changed after the game was stored ({size} bytes, "
                    f"{record.log_bytes} when stored)",
                )
            )
    return problems


def check_game(folder: Path, record: GameRecord, public_key: str | None = None) -> list[Problem]:
    """Replay one game's log and compare it with its row."""
    from altay_cli.replay import VALID, replay_log

    path = _log_path(folder, record)
    if not path.is_file():
        return [Problem(record.game_id, MISSING_LOG, f"{record.log} does not exist")]
    verdict = replay_log(path, public_key=public_key)
    if verdict.status != VALID:
        return [Problem(record.game_id, INVALID_LOG, f"{record.log}: {verdict.message}")]
    out = [Problem(record.game_id, MISMATCH, d) for d in differences(record, verdict)]
    if record.log_sha256:
        digest, size = file_digest(path)
        if (digest, size) != (record.log_sha256, record.log_bytes):
            changed = f"{record.log} changed after the game was stored"
            out.append(Problem(record.game_id, CHANGED_LOG, changed))
    return out


def differences(record: GameRecord, verdict: Any) -> list[str]:
    """Where the row says something else than the (valid) log proves."""
    header, result = verdict.header, verdict.result
    names = [s.name for s in sorted(header.seats, key=lambda s: s.seat)]
    pairs = [
        ("bots", record.bots, names),
        ("seed", record.seed, verdict.seed),
        ("ranks", record.ranks, result.ranks),
        ("scores", record.scores, result.scores),
        ("vp", record.vp, [s.get("total") for s in result.scores]),
        ("end_reason", record.end_reason, result.end_reason),
        ("forfeits", record.forfeits, result.forfeits),
        ("decisions", record.decisions, result.decisions),
        ("completed", record.completed, result.finished),
    ]
    return [f"the row's {what} is {row!r}, the log's {log!r}" for what, row, log in pairs if row != log]


def orphan_logs(folder: Path, records: Iterable[GameRecord]) -> list[Problem]:
    """Logs in the folder that belong to no stored game (a game in flight when it was killed,
    or a file put there)."""
    known = {record.log for record in records}
    out = []
    for path in sorted((folder / LOGS).glob("*.jsonl")) if (folder / LOGS).is_dir() else []:
        rel = f"{LOGS}/{path.name}"
        if rel not in known:
            out.append(Problem(None, ORPHAN_LOG, f"{rel} has no row in the database"))
    return out


def full_check(
    folder: Path,
    records: list[GameRecord],
    public_key: str | None = None,
    on_game: Callable[[int], None] | None = None,
) -> list[Problem]:
    """Replay every log and compare it with its row (see `orphan_logs` for the other way)."""
    problems: list[Problem] = []
    for record in records:
        problems += check_game(folder, record, public_key)
        if on_game is not None:
            on_game(record.game_id)
    return problems
