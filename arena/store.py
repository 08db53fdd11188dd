"""The arena's results database (SQLite, WAL): parameters plus one row set per finished game.

Only the arena's parent process writes, one transaction per game, right after the game's log
is closed. A game is "played" exactly when its row exists: a killed arena loses at most the
games that were in flight, and `--resume` plays exactly the ids that have no row. The primary
key on game_id makes a duplicate impossible rather than merely unlikely.

Tables (for your own SQL as well):
  meta(key, value)                      params (JSON), created, altay version; from schema 2:
                                        arena_id, signing ("signed", "unsigned", "unknown"),
                                        public_key (hex), seed_source, seed_commitment; from
                                        schema 6: verify_salt (the coordinator's secret that
                                        picks the games re-simulated; never sent to a worker)
                                        and verify_sample (the last cluster run's rate);
                                        shipped: the bots' unit a --ship run sent (JSON)
  games(game_id, deal, grp, seating, seed, end_reason, completed, rounds, decisions,
        duration_s, log, finished_at, record, turns)   record = the whole GameRecord as JSON;
                                        turns (schema 3) NULL for a game stored before it
  seats(game_id, seat, bot, role, rank, score, forfeit, think_ms)   role: the seat's role
                                        (Altay: its faction), score: its total (Altay: its VP);
                                        before schema 4 these columns were faction and vp
  failures(game_id, seat, bot, status, detail, n, consequence)
  legacy_games(game_id)                 (schema 2) games stored before logs named their arena
  turnless_games(game_id)               (schema 3) games stored before rows kept their turns
  game_workers(game_id, worker, cores, load, resimulated)  (schema 5) the cluster worker each
                                        game was played on, its cores and load as it said (local
                                        games: no row); resimulated (schema 6): 1 when the
                                        coordinator re-simulated the game, 0 when it checked its
                                        chain and result only (--verify-sample), NULL before
                                        schema 6 (every game was re-simulated then)

The schema has a version (PRAGMA user_version) and an ordered list of migrations
(`MIGRATIONS`): step k takes a database from version k - 1 to k in one transaction. A new
database runs every step; an older one is brought up to date when an arena resumes (reading
it, as `report` and `verify` do, changes nothing); a newer one is refused.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import os
import secrets
import sqlite3
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from altay_cli import __version__

from .params import ArenaParams, ArenaUsageError
from .records import GameRecord, upgraded
from .schedule import ScheduledGame

if TYPE_CHECKING:
    from .integrity import Problem

DB_NAME = "arena.sqlite"


@dataclass(frozen=True, slots=True)
class WorkerSaid:
    """Where a cluster game was played: the worker's address, its cores and its machine's load
    (one-minute average, at the game's end), as the worker said them."""

    worker: str
    cores: int
    load: float
    #: Whether the coordinator re-simulated the game (False: chain and result only,
    #: --verify-sample); None: stored before schema 6, when every game was.
    resimulated: bool | None = None


#: The files SQLite keeps beside the database; none may be a link to elsewhere.
DB_COMPANIONS = ("-wal", "-shm", "-journal")

_V1_TABLES = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS games (
    game_id INTEGER PRIMARY KEY,
    deal INTEGER NOT NULL, grp INTEGER NOT NULL, seating INTEGER NOT NULL, seed INTEGER NOT NULL,
    end_reason TEXT, completed INTEGER NOT NULL, rounds INTEGER NOT NULL,
    decisions INTEGER NOT NULL, duration_s REAL NOT NULL, log TEXT NOT NULL,
    finished_at TEXT NOT NULL, record TEXT NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(game_id), seat INTEGER NOT NULL,
    bot TEXT NOT NULL, faction TEXT NOT NULL, rank INTEGER NOT NULL, vp INTEGER NOT NULL,
    forfeit INTEGER NOT NULL, think_ms REAL,
    PRIMARY KEY (game_id, seat)
)""",
    """CREATE TABLE IF NOT EXISTS failures (
    game_id INTEGER NOT NULL REFERENCES games(game_id), seat INTEGER NOT NULL,
    bot TEXT NOT NULL, status TEXT NOT NULL, detail TEXT, n INTEGER, consequence TEXT
)""",
    "CREATE INDEX IF NOT EXISTS failures_game ON failures(game_id)",
)

#: The columns of `games`, in the order a row is written (turns: schema 3).
GAME_COLUMNS = (
    "game_id", "deal", "grp", "seating", "seed", "end_reason", "completed", "rounds", "decisions",
    "duration_s", "log", "finished_at", "record", "turns",
)  # fmt: skip

_INSERT_GAME = f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * len(GAME_COLUMNS))})"

#: Signing states recorded in meta: the arena signs its logs, does not, or was made before
#: this was recorded (schema 1: `--resume` decides from the stored logs, and records it).
SIGNED, UNSIGNED, UNKNOWN = "signed", "unsigned", "unknown"


def _v1_tables(conn: sqlite3.Connection) -> None:
    for statement in _V1_TABLES:
        conn.execute(statement)


def _v2_signing_and_identity(conn: sqlite3.Connection) -> None:
    """The signing record, the arena's id, a commitment to its master seed, and the list of
    the games stored before logs named their arena (their logs cannot say which game they are)."""
    conn.execute("CREATE TABLE legacy_games (game_id INTEGER PRIMARY KEY)")
    conn.execute("INSERT INTO legacy_games SELECT game_id FROM games")
    arena_id = secrets.token_hex(16)
    rows = [("arena_id", arena_id), ("signing", UNKNOWN)]
    raw = conn.execute("SELECT value FROM meta WHERE key = 'params'").fetchone()
    seed = _seed_in(raw[0]) if raw else None
    if seed is not None:
        rows.append(("seed_commitment", seed_commitment(arena_id, seed)))
    if raw:
        rows.append(("migrated", f"from schema 1 by altay {__version__} at {_now()}"))
    conn.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", rows)


def _seed_in(params_json: str) -> int | None:
    try:
        seed = orjson.loads(params_json).get("seed")
    except (orjson.JSONDecodeError, AttributeError, TypeError):
        return None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def _v3_turns(conn: sqlite3.Connection) -> None:
    """Each game's turns beside its rounds (Innovation counts its games in turns); the games
    stored before have none, and are listed (their rows cannot say it, and need not)."""
    conn.execute("ALTER TABLE games ADD COLUMN turns INTEGER")
    conn.execute("CREATE TABLE turnless_games (game_id INTEGER PRIMARY KEY)")
    conn.execute("INSERT INTO turnless_games SELECT game_id FROM games")


def _v4_roles_and_scores(conn: sqlite3.Connection) -> None:
    """Roles and scores, as the seam names them: the seats columns faction and vp become role
    and score, and each record's `factions` becomes `roles` (its `vp` goes: its scores' totals
    say it). A record that cannot be read so is left as it was, and reads as damaged."""
    conn.execute("ALTER TABLE seats RENAME COLUMN faction TO role")
    conn.execute("ALTER TABLE seats RENAME COLUMN vp TO score")
    last = -1
    while True:  # in batches: an arena may hold a million games
        rows = conn.execute(
            "SELECT game_id, record FROM games WHERE game_id > ? ORDER BY game_id LIMIT 2000", (last,)
        ).fetchall()
        if not rows:
            return
        last = rows[-1][0]
        updates = []
        for game_id, raw in rows:
            try:
                updates.append((orjson.dumps(upgraded(orjson.loads(raw))).decode(), game_id))
            except (orjson.JSONDecodeError, TypeError, ValueError):
                continue
        conn.executemany("UPDATE games SET record = ? WHERE game_id = ?", updates)


def _v5_game_workers(conn: sqlite3.Connection) -> None:
    """The cluster worker each game was played on, with its cores and load as the worker said
    (games played locally, and those stored before, have no row)."""
    conn.execute(
        "CREATE TABLE game_workers (game_id INTEGER PRIMARY KEY REFERENCES games(game_id), "
        "worker TEXT NOT NULL, cores INTEGER NOT NULL, load REAL NOT NULL)"
    )


def _v6_verify_sample(conn: sqlite3.Connection) -> None:
    """Whether the coordinator re-simulated each cluster game (`--verify-sample`), and the
    arena's secret salt that picks the sample (games stored before were all re-simulated)."""
    conn.execute("ALTER TABLE game_workers ADD COLUMN resimulated INTEGER")
    conn.execute(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('verify_salt', ?)", (secrets.token_hex(32),)
    )


@dataclass(frozen=True, slots=True)
class Migration:
    version: int  # the schema version this step produces
    what: str
    apply: Callable[[sqlite3.Connection], None]


#: Ordered; step k produces version k. Later issues append their own steps.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "tables: meta, games, seats, failures", _v1_tables),
    Migration(2, "signing record, arena id, master seed commitment, legacy games", _v2_signing_and_identity),
    Migration(3, "turns of each game, turnless games", _v3_turns),
    Migration(4, "roles and scores: seats.role and seats.score, records with roles", _v4_roles_and_scores),
    Migration(5, "the cluster worker of each game: game_workers", _v5_game_workers),
    Migration(6, "re-simulated cluster games and the sample's salt", _v6_verify_sample),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def seed_commitment(arena_id: str, seed: int) -> str:
    """What the arena records of its master seed at creation: a changed seed in the stored
    parameters no longer matches it (`--resume` refuses, `verify` says so)."""
    return hashlib.sha256(f"altay-arena-master-seed:{arena_id}:{seed}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Signing:
    """Whether the arena signs its logs, and with which key (raw Ed25519 public key, hex)."""

    state: str  # SIGNED, UNSIGNED or UNKNOWN
    public_key: str | None = None

    @property
    def fingerprint(self) -> str | None:
        from altay_cli.logsign import fingerprint

        return fingerprint(self.public_key) if self.public_key else None


class StoreError(Exception):
    """The folder holds no arena, or one this altay cannot use; the message says what to do."""


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


def plain_file_problem(path: Path) -> str | None:
    """Why the arena must not open `path` for writing: a symbolic link or not a regular file
    (None when it is a plain file or does not exist)."""
    return _link_or_kind_problem(path, folder=False)


def plain_folder_problem(path: Path) -> str | None:
    """Why the arena must not write into the folder `path`: a symbolic link or not a folder
    (None when it is a plain folder or does not exist)."""
    return _link_or_kind_problem(path, folder=True)


def _link_or_kind_problem(path: Path, folder: bool) -> str | None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{path} cannot be examined ({exc.strerror})"
    if stat.S_ISLNK(st.st_mode):
        what = "into a folder of its own" if folder else "only plain files of its own (remove the link)"
        return f"{path} is a symbolic link; an arena writes {what}"
    if folder and not stat.S_ISDIR(st.st_mode):
        return f"{path} is not a folder; an arena keeps its logs in a folder of that name"
    if not folder and not stat.S_ISREG(st.st_mode):
        return f"{path} is not a plain file (a directory, FIFO or device); an arena writes only plain files"
    return None


class ArenaStore:
    def __init__(self, conn: sqlite3.Connection, folder: Path, version: int = SCHEMA_VERSION) -> None:
        self.conn = conn
        self.folder = folder
        self.version = version  # the schema version of this database (older ones are read as they are)
        self._scheduled: tuple[str, dict[int, ScheduledGame]] | None = None
        #: What `session.check_resumable` found wrong with the stored logs (integrity.Problem
        #: list; None: not checked): `--resume` forgets those games and plays them again.
        self.log_problems: list[Problem] | None = None

    # ------------------------------------------------------------------ opening
    @staticmethod
    def exists(folder: str | Path) -> bool:
        return (Path(folder) / DB_NAME).is_file()

    @staticmethod
    def _check_files(path: Path) -> None:
        """StoreError when the database or a file SQLite keeps beside it is a link or not a file."""
        for p in (path, *(path.with_name(path.name + suffix) for suffix in DB_COMPANIONS)):
            problem = plain_file_problem(p)
            if problem:
                raise StoreError(problem)

    @classmethod
    def _connect(cls, path: Path, read_only: bool = False) -> sqlite3.Connection:
        cls._check_files(path)
        if read_only:  # (`altay serve`): no file written, none made, not even SQLite's own
            wal = path.with_name(path.name + "-wal").exists()  # a running arena's: read through it
            mode = "mode=ro" if wal else "immutable=1"
            return sqlite3.connect(
                f"{path.absolute().as_uri()}?{mode}", uri=True, isolation_level=None, timeout=30
            )
        conn = sqlite3.connect(path, isolation_level=None, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL: a committed game survives a power cut too, not only a killed process.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    @staticmethod
    def _migrate(conn: sqlite3.Connection, path: Path) -> int:
        """Apply every step after the database's version, each in one transaction."""
        for step in MIGRATIONS:
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version >= step.version:
                    conn.execute("ROLLBACK")
                    continue
                if version != step.version - 1:
                    raise StoreError(f"{path}: schema version {version} has no migration to {step.version}")
                step.apply(conn)
                conn.execute(f"PRAGMA user_version={step.version}")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        return int(conn.execute("PRAGMA user_version").fetchone()[0])

    @classmethod
    def create(
        cls,
        folder: str | Path,
        params: ArenaParams,
        public_key: str | None = None,
        seed_source: str | None = None,
    ) -> ArenaStore:
        """Create the database atomically: built under a temporary name, then renamed. It records
        whether the arena signs its logs (`public_key`, hex) and where its master seed came from."""
        folder = Path(folder)
        if cls.exists(folder):
            raise StoreError(f"{folder} already holds an arena")
        folder.mkdir(parents=True, exist_ok=True)
        cls._check_files(folder / DB_NAME)
        tmp = folder / (DB_NAME + ".new")
        tmp.unlink(missing_ok=True)  # a link there is removed, never followed
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            cls._migrate(conn, tmp)
            arena_id = conn.execute("SELECT value FROM meta WHERE key = 'arena_id'").fetchone()[0]
            rows = [
                ("params", orjson.dumps(params.to_dict()).decode()),
                ("created", _now()),
                ("altay_version", __version__),
                ("signing", SIGNED if public_key else UNSIGNED),
                ("seed_commitment", seed_commitment(arena_id, params.seed)),
            ]
            if public_key:
                rows.append(("public_key", public_key))
            if seed_source:
                rows.append(("seed_source", seed_source))
            conn.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", rows)
        finally:
            conn.close()
        tmp.rename(folder / DB_NAME)
        return cls(cls._connect(folder / DB_NAME), folder)

    @classmethod
    def open(cls, folder: str | Path, migrate: bool = False, read_only: bool = False) -> ArenaStore:
        """Open the arena in `folder`; with `migrate`, bring an older schema up to date first
        (only a process holding the folder's lock may: it writes); `read_only` writes nothing."""
        folder = Path(folder)
        path = folder / DB_NAME
        if not path.is_file() or path.is_symlink():
            if path.is_symlink():
                raise StoreError(plain_file_problem(path) or f"{path} is a symbolic link")
            raise StoreError(
                f"no arena in {folder} (no {DB_NAME}); start one with "
                f"altay arena a=random b=greedy --players 2 --games 4 --out {folder}"
            )
        conn = None
        try:
            conn = cls._connect(path, read_only)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise StoreError(
                f"{path} is not a readable arena database ({exc}); it is damaged or not an arena"
            ) from None
        if version > SCHEMA_VERSION:
            conn.close()
            raise StoreError(
                f"{path} was written by a newer altay (database schema {version}; altay {__version__} "
                f"reads schemas 1 to {SCHEMA_VERSION}): upgrade altay to use this arena"
            )
        if version < 1 or not {"meta", "games", "seats", "failures"} <= tables:
            conn.close()
            what = f"schema version {version}" if version < 1 else "no arena tables"
            raise StoreError(f"{path} is not an arena database this altay reads ({what})")
        if migrate and version < SCHEMA_VERSION:
            try:
                version = cls._migrate(conn, path)
            except sqlite3.Error as exc:
                conn.close()
                raise StoreError(f"{path} cannot be brought up to schema {SCHEMA_VERSION} ({exc})") from None
            except StoreError:
                conn.close()
                raise
        return cls(conn, folder, version)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ArenaStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ identity and signing
    def arena_id(self) -> str | None:
        """The arena's random id (schema 2), written into every log it plays; None before."""
        return self.meta("arena_id") if self.version >= 2 else None

    def signing(self) -> Signing:
        state = self.meta("signing") if self.version >= 2 else None
        if state == SIGNED:
            key = self.meta("public_key")
            if not key:
                where = self.folder / DB_NAME
                raise StoreError(f"{where}: the arena is recorded as signed, but without its key")
            return Signing(SIGNED, key)
        if state == UNSIGNED:
            return Signing(UNSIGNED)
        return Signing(UNKNOWN)

    def set_signing(self, public_key: str | None) -> None:
        """Record (once the stored logs have decided it) whether an older arena signs its logs."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            state = SIGNED if public_key else UNSIGNED
            c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('signing', ?)", (state,))
            if public_key:
                c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('public_key', ?)", (public_key,))
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def seed_source(self) -> str | None:
        """records.SeedSource of the master seed ("organiser" or "system"); None: not recorded."""
        return self.meta("seed_source") if self.version >= 2 else None

    def seed_matches(self, params: ArenaParams) -> bool | None:
        """Whether the stored master seed is the one recorded at creation (None: nothing recorded)."""
        arena_id, commitment = self.arena_id(), self.meta("seed_commitment") if self.version >= 2 else None
        if not arena_id or not commitment:
            return None
        return seed_commitment(arena_id, params.seed) == commitment

    def legacy_ids(self) -> set[int]:
        """Games stored before logs named their arena (every game of a schema-1 database)."""
        if self.version < 2:
            return self.done_ids()
        return {row[0] for row in self._query("SELECT game_id FROM legacy_games")}

    def turnless_ids(self) -> set[int]:
        """Games stored before rows kept their turns (every game of a database before schema 3)."""
        if self.version < 3:
            return self.done_ids()
        return {row[0] for row in self._query("SELECT game_id FROM turnless_games")}

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every read inside sees the database as of one moment (one read transaction): a report
        made while the arena stores games never sees a game's seats without its row. Reads
        only: a write inside would be refused by SQLite."""
        try:
            self.conn.execute("BEGIN")
        except sqlite3.Error as exc:
            raise StoreError(f"{self.folder / DB_NAME} cannot be read ({exc})") from None
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("COMMIT")  # (nothing was written: it ends the snapshot)

    # ------------------------------------------------------------------ parameters
    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
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
        return int(self._query("SELECT COUNT(*) FROM games")[0][0])

    def schedule(self, params: ArenaParams) -> dict[int, ScheduledGame]:
        """The arena's schedule by game id (computed once per set of parameters: a long SPRT's
        takes a second)."""
        key = orjson.dumps(params.to_dict()).decode()
        if self._scheduled is None or self._scheduled[0] != key:
            self._scheduled = (key, {g.game_id: g for g in params.schedule()})
        return self._scheduled[1]

    def played(self, params: ArenaParams) -> int:
        """The stored games that are games of the schedule (a row beyond it never counts)."""
        return len(self.done_ids() & self.schedule(params).keys())

    def delete_games(self, game_ids: list[int]) -> None:
        """Forget these games (one transaction), so that --resume plays them again."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            tables = ("failures", "seats", "games") + (("legacy_games",) if self.version >= 2 else ())
            tables += ("turnless_games",) if self.version >= 3 else ()
            tables = (("game_workers",) if self.version >= 5 else ()) + tables
            for table in tables:
                c.executemany(f"DELETE FROM {table} WHERE game_id = ?", [(g,) for g in game_ids])
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def record(self, rec: GameRecord, worker: WorkerSaid | None = None) -> None:
        """Store one finished game atomically (raises sqlite3.IntegrityError on a duplicate id),
        with the cluster worker it was played on (None: played locally)."""
        forfeits = set(rec.forfeits)
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute(
                _INSERT_GAME,
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
                    rec.turns,
                ),
            )
            c.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        rec.game_id,
                        seat,
                        rec.bots[seat],
                        rec.roles[seat],
                        rec.ranks[seat],
                        rec.totals[seat],
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
            if worker is not None:
                c.execute(
                    "INSERT INTO game_workers VALUES (?, ?, ?, ?, ?)",
                    (rec.game_id, worker.worker, worker.cores, worker.load, worker.resimulated),
                )
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def game_workers(self) -> dict[int, WorkerSaid]:
        """The cluster worker of each stored game played on one ({} before schema 5)."""
        if self.version < 5:
            return {}
        resimulated = "resimulated" if self.version >= 6 else "NULL"
        rows = self.conn.execute(
            f"SELECT game_id, worker, cores, load, {resimulated} FROM game_workers"
        ).fetchall()
        return {
            int(g): WorkerSaid(str(w), int(c), float(lo), None if r is None else bool(r))
            for g, w, c, lo, r in rows
        }

    def verify_salt(self) -> bytes:
        """The arena's secret that picks the cluster games the coordinator re-simulates
        (schema 6; `intake.VerifySample`)."""
        salt = self.meta("verify_salt") if self.version >= 6 else None
        if not salt:
            raise StoreError(
                f"{self.folder / DB_NAME}: the arena has no verification salt (schema {self.version})"
            )
        return bytes.fromhex(salt)

    def set_verify_sample(self, rate: float) -> None:
        """Record the rate of a cluster run's re-simulated sample (`--verify-sample`)."""
        self.conn.execute(  # (autocommit: one statement)
            "INSERT OR REPLACE INTO meta(key, value) VALUES ('verify_sample', ?)", (repr(float(rate)),)
        )

    def set_shipped(self, unit: dict[str, Any]) -> None:
        """Record the bots' unit a cluster run shipped to its workers (`--ship`: its SHA-256,
        size and roots)."""
        self.conn.execute(  # (autocommit: one statement)
            "INSERT OR REPLACE INTO meta(key, value) VALUES ('shipped', ?)", (orjson.dumps(unit).decode(),)
        )

    def shipped(self) -> dict[str, Any] | None:
        """The bots' unit the last cluster run shipped (None: none was)."""
        raw = self.meta("shipped")
        try:
            found = None if raw is None else orjson.loads(raw)
        except orjson.JSONDecodeError:
            return None
        return found if isinstance(found, dict) else None

    def verify_sample(self) -> float | None:
        """The rate the last cluster run re-simulated its games at (None: never recorded)."""
        raw = self.meta("verify_sample") if self.version >= 6 else None
        try:
            return None if raw is None else float(raw)
        except ValueError:
            return None

    def records(self, params: ArenaParams | None = None) -> list[GameRecord]:
        """Every stored game of the schedule, in game-id order (the order ratings are computed
        in); with `params`, rows whose id is no game of the schedule are left out (see
        `arena verify` flags them: integrity.NOT_SCHEDULED).

        StoreError names the first row that no game of this arena could have produced.
        """
        out = []
        names = {b.name for b in params.bots} if params is not None else None
        scheduled = self.schedule(params) if params is not None else None
        for game_id, raw in self._query("SELECT game_id, record FROM games ORDER BY game_id"):
            if scheduled is not None and game_id not in scheduled:
                continue
            try:
                data = orjson.loads(raw)
                record = GameRecord.from_dict(upgraded(data) if self.version < 4 else data)
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

    # ------------------------------------------------------------------ raw rows (for verify)
    def game_columns(self) -> dict[int, dict[str, object]]:
        """Every games row's columns but the record, by game id."""
        cols: tuple[str, ...] = (
            "deal",
            "grp",
            "seating",
            "seed",
            "end_reason",
            "completed",
            "rounds",
            "decisions",
        )
        cols += ("duration_s", "log") + (("turns",) if self.version >= 3 else ())
        rows = self._query(f"SELECT game_id, {', '.join(cols)} FROM games")
        return {row[0]: dict(zip(cols, row[1:], strict=True)) for row in rows}

    @property
    def seat_columns(self) -> tuple[str, ...]:
        """The columns of `seats` that `seat_rows` gives (role and score were faction and vp
        before schema 4)."""
        role, score = ("role", "score") if self.version >= 4 else ("faction", "vp")
        return ("seat", "bot", role, "rank", score, "forfeit", "think_ms")

    def seat_rows(self) -> dict[int, list[tuple[Any, ...]]]:
        """(seat, bot, role, rank, score, forfeit, think_ms) per game id, in seat order."""
        out: dict[int, list[tuple[Any, ...]]] = {}
        cols = ", ".join(("game_id", *self.seat_columns))
        for row in self._query(f"SELECT {cols} FROM seats ORDER BY game_id, seat"):
            out.setdefault(row[0], []).append(tuple(row[1:]))
        return out

    def failure_rows(self) -> dict[int, list[tuple[Any, ...]]]:
        """(seat, bot, status, detail, n, consequence) per game id."""
        out: dict[int, list[tuple[Any, ...]]] = {}
        for row in self._query("SELECT game_id, seat, bot, status, detail, n, consequence FROM failures"):
            out.setdefault(row[0], []).append(tuple(row[1:]))
        return out
