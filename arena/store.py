"""The arena's results database (SQLite, WAL): parameters plus one row set per finished game.

Only the arena's parent process writes, one transaction per game, right after the game's log
is closed. A game is "played" exactly when its row exists: a killed arena loses at most the
games that were in flight, and `--resume` plays exactly the ids that have no row. The primary
key on game_id makes a duplicate impossible rather than merely unlikely.

Tables (for your own SQL as well):
  meta(key, value)                      params (JSON), created, altay version
  games(game_id, deal, grp, seating, seed, end_reason, completed, rounds, decisions,
        duration_s, log, finished_at, record)   record = the whole GameRecord as JSON
  seats(game_id, seat, bot, faction, rank, vp, forfeit, think_ms)
  failures(game_id, seat, bot, status, detail, n, consequence)
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from pathlib import Path

import orjson

from altay_cli import __version__

from .params import ArenaParams, ArenaUsageError
from .records import GameRecord

DB_NAME = "arena.sqlite"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    game_id INTEGER PRIMARY KEY,
    deal INTEGER NOT NULL, grp INTEGER NOT NULL, seating INTEGER NOT NULL, seed INTEGER NOT NULL,
    end_reason TEXT, completed INTEGER NOT NULL, rounds INTEGER NOT NULL,
    decisions INTEGER NOT NULL, duration_s REAL NOT NULL, log TEXT NOT NULL,
    finished_at TEXT NOT NULL, record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(game_id), seat INTEGER NOT NULL,
    bot TEXT NOT NULL, faction TEXT NOT NULL, rank INTEGER NOT NULL, vp INTEGER NOT NULL,
    forfeit INTEGER NOT NULL, think_ms REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS failures (
    game_id INTEGER NOT NULL REFERENCES games(game_id), seat INTEGER NOT NULL,
    bot TEXT NOT NULL, status TEXT NOT NULL, detail TEXT, n INTEGER, consequence TEXT
);
CREATE INDEX IF NOT EXISTS failures_game ON failures(game_id);
"""


class StoreError(Exception):
    """The folder holds no arena, or one this altay cannot use; the message says what to do."""


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class ArenaStore:
    def __init__(self, conn: sqlite3.Connection, folder: Path) -> None:
        self.conn = conn
        self.folder = folder

    # ------------------------------------------------------------------ opening
    @staticmethod
    def exists(folder: str | Path) -> bool:
        return (Path(folder) / DB_NAME).is_file()

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL: a committed game survives a power cut too, not only a killed process.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    @classmethod
    def create(cls, folder: str | Path, params: ArenaParams) -> ArenaStore:
        """Create the database atomically: built under a temporary name, then renamed."""
        folder = Path(folder)
        if cls.exists(folder):
            raise StoreError(f"{folder} already holds an arena")
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / (DB_NAME + ".new")
        tmp.unlink(missing_ok=True)
        conn = sqlite3.connect(tmp, isolation_level=None)
        conn.executescript(_SCHEMA)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        rows = [
            ("params", orjson.dumps(params.to_dict()).decode()),
            ("created", _now()),
            ("altay_version", __version__),
        ]
        conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", rows)
        conn.close()
        tmp.rename(folder / DB_NAME)
        return cls(cls._connect(folder / DB_NAME), folder)

    @classmethod
    def open(cls, folder: str | Path) -> ArenaStore:
        folder = Path(folder)
        path = folder / DB_NAME
        if not path.is_file():
            raise StoreError(
                f"no arena in {folder} (no {DB_NAME}); start one with "
                f"altay arena a=random b=greedy --players 2 --games 4 --out {folder}"
            )
        conn = None
        try:
            conn = cls._connect(path)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise StoreError(
                f"{path} is not a readable arena database ({exc}); it is damaged or not an arena"
            ) from None
        if version != SCHEMA_VERSION or not {"meta", "games", "seats", "failures"} <= tables:
            conn.close()
            what = f"schema version {version}" if version != SCHEMA_VERSION else "no arena tables"
            raise StoreError(f"{path} is not an arena database this altay reads ({what})")
        return cls(conn, folder)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ArenaStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ parameters
    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows of a read; StoreError (never a traceback) when the database is damaged."""
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(
                f"{self.folder / DB_NAME} cannot be read ({exc}): the database is damaged"
            ) from None

    def meta(self, key: str) -> str | None:
        rows = self._query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def params(self) -> ArenaParams:
        raw = self.meta("params")
        if raw is None:
            raise StoreError(f"{self.folder / DB_NAME} has no arena parameters")
        try:
            data = orjson.loads(raw)
        except (orjson.JSONDecodeError, TypeError):
            raise StoreError(f"{self.folder / DB_NAME}: the stored arena parameters are not JSON") from None
        try:
            params = ArenaParams.from_dict(data)
            params.validate()
        except ArenaUsageError as exc:
            raise StoreError(f"{self.folder / DB_NAME}: {exc}") from None
        return params

    def set_params(self, params: ArenaParams) -> None:
        self.conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'params'", (orjson.dumps(params.to_dict()).decode(),)
        )

    # ------------------------------------------------------------------ games
    def done_ids(self) -> set[int]:
        return {row[0] for row in self._query("SELECT game_id FROM games")}

    def count(self) -> int:
        return self._query("SELECT COUNT(*) FROM games")[0][0]

    def delete_games(self, game_ids: list[int]) -> None:
        """Forget these games (one transaction), so that --resume plays them again."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            for table in ("failures", "seats", "games"):
                c.executemany(f"DELETE FROM {table} WHERE game_id = ?", [(g,) for g in game_ids])
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def record(self, rec: GameRecord) -> None:
        """Store one finished game atomically (raises sqlite3.IntegrityError on a duplicate id)."""
        forfeits = set(rec.forfeits)
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    rec.game_id,
                    rec.deal,
                    rec.group,
                    rec.seating,
                    rec.seed,
                    rec.end_reason,
                    int(rec.completed),
                    rec.rounds,
                    rec.decisions,
                    rec.duration_s,
                    rec.log,
                    _now(),
                    orjson.dumps(rec.to_dict()).decode(),
                ),
            )
            c.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        rec.game_id,
                        seat,
                        rec.bots[seat],
                        rec.factions[seat],
                        rec.ranks[seat],
                        rec.vp[seat],
                        int(seat in forfeits),
                        rec.think_ms[seat] if seat < len(rec.think_ms) else None,
                    )
                    for seat in range(len(rec.bots))
                ],
            )
            c.executemany(
                "INSERT INTO failures VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        rec.game_id,
                        f["seat"],
                        rec.bots[f["seat"]],
                        f.get("status", "?"),
                        f.get("detail"),
                        f.get("n"),
                        f.get("consequence"),
                    )
                    for f in rec.failures
                ],
            )
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def records(self, params: ArenaParams | None = None) -> list[GameRecord]:
        """Every stored game, in game-id order (the order ratings are computed in).

        StoreError names the first row that no game of this arena could have produced.
        """
        out = []
        names = {b.name for b in params.bots} if params is not None else None
        for game_id, raw in self._query("SELECT game_id, record FROM games ORDER BY game_id"):
            try:
                record = GameRecord.from_dict(orjson.loads(raw))
                if record.game_id != game_id:
                    raise ValueError(f"it says it is game {record.game_id}")
                if params is not None:
                    if len(record.bots) != params.players:
                        raise ValueError(f"{len(record.bots)} seats in a {params.players}-player arena")
                    strangers = sorted(set(record.bots) - (names or set()))
                    if strangers:
                        raise ValueError(f"bot {strangers[0]!r} is not in this arena")
            except (ValueError, TypeError) as exc:
                raise StoreError(
                    f"{self.folder / DB_NAME}: the row of game {game_id} is damaged ({exc}); "
                    f"check the arena with: altay arena verify {self.folder}"
                ) from None
            out.append(record)
        return out
