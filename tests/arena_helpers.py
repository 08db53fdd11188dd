"""Helpers for the arena's tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import orjson

from arena.store import GAME_COLUMNS, MIGRATIONS


def watch(folder: Path) -> sqlite3.Connection:
    """The database of an arena that may be running, opened read-only: a watcher must never
    create `arena.sqlite` before the arena does (the arena then finds a database that is not an
    arena's and refuses to start, exit 2). sqlite3.OperationalError while it does not exist."""
    path = (folder / "arena.sqlite").resolve()
    return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5)


def as_schema_2(folder: Path) -> None:
    """Rewrite the arena's database as an altay of schema 2 wrote it: tables made by the steps
    up to 2 (the old DDL), the same meta, seats and failures, and games without turns (neither
    column nor record field: that altay knew none)."""
    old_path, new_path = folder / "arena.sqlite", folder / "arena.sqlite.2"
    new = sqlite3.connect(new_path, isolation_level=None)
    new.execute("PRAGMA journal_mode=WAL")  # as every arena database is
    for step in MIGRATIONS[:2]:
        step.apply(new)
    new.execute("PRAGMA user_version=2")
    new.execute("ATTACH DATABASE ? AS cur", (str(old_path),))
    new.execute("BEGIN")
    new.execute("DELETE FROM meta")
    for table in ("meta", "seats", "failures", "legacy_games"):
        new.execute(f"INSERT INTO {table} SELECT * FROM cur.{table}")
    columns = [c for c in GAME_COLUMNS if c != "turns"]
    for row in new.execute(f"SELECT {', '.join(columns)} FROM cur.games").fetchall():
        record = orjson.loads(row[-1])
        del record["turns"]
        values = (*row[:-1], orjson.dumps(record).decode())
        new.execute(f"INSERT INTO games VALUES ({', '.join('?' * len(values))})", values)
    new.execute("COMMIT")
    new.execute("DETACH DATABASE cur")
    new.close()
    new_path.replace(old_path)
    for suffix in ("-wal", "-shm"):
        (folder / f"arena.sqlite{suffix}").unlink(missing_ok=True)
