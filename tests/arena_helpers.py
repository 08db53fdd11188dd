"""Helpers for the arena's tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import orjson

from altay_cli.engine import load_game
from arena.params import LEGACY_MATCH_OPTIONS
from arena.store import GAME_COLUMNS, MIGRATIONS


def watch(folder: Path) -> sqlite3.Connection:
    """The database of an arena that may be running, opened read-only: a watcher must never
    create `arena.sqlite` before the arena does (the arena then finds a database that is not an
    arena's and refuses to start, exit 2). sqlite3.OperationalError while it does not exist."""
    path = (folder / "arena.sqlite").resolve()
    return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5)


def old_record(record: dict[str, Any], version: int) -> dict[str, Any]:
    """A record as an altay of schema `version` (2 or 3) wrote it: each seat's role under
    `factions`, its score again in `vp`, and before schema 3 no turns."""
    out = {k: v for k, v in record.items() if k != "roles"}
    out["factions"] = record["roles"]
    out["vp"] = [s["total"] for s in record["scores"]]
    if version < 3:
        del out["turns"]
    return out


def old_params(params: dict[str, Any]) -> dict[str, Any]:
    """Stored parameters as an altay before schema 4 wrote them: Altay's --max-rounds and
    --trading in the match conditions (their values, else Altay's defaults, in every game's
    arena), not in the game's options."""
    defaults = {o.field: o.default for o in load_game("altay").options}
    options = dict(params["game_options"])
    own = {k: options.pop(k) for k in LEGACY_MATCH_OPTIONS if k in options}
    match = {**params["match"], **{k: own.get(k, defaults[k]) for k in LEGACY_MATCH_OPTIONS}}
    return {**params, "match": match, "game_options": options}


def as_schema(folder: Path, version: int) -> None:
    """Rewrite the arena's database as an altay of schema `version` (2 or 3) wrote it: tables
    made by the steps up to it (the old DDL: seats with faction and vp), the same meta, seats,
    failures and lists of old games, the parameters in that version's shape (`old_params`),
    and games in that version's shape (`old_record`; before schema 3 without the turns
    column)."""
    old_path, new_path = folder / "arena.sqlite", folder / f"arena.sqlite.{version}"
    new = sqlite3.connect(new_path, isolation_level=None)
    new.execute("PRAGMA journal_mode=WAL")  # as every arena database is
    for step in MIGRATIONS[:version]:
        step.apply(new)
    new.execute(f"PRAGMA user_version={version}")
    new.execute("ATTACH DATABASE ? AS cur", (str(old_path),))
    new.execute("BEGIN")
    new.execute("DELETE FROM meta")
    lists = ("legacy_games", "turnless_games")[: version - 1]
    for table in ("meta", "seats", "failures", *lists):
        new.execute(f"INSERT INTO {table} SELECT * FROM cur.{table}")
    params = orjson.loads(new.execute("SELECT value FROM meta WHERE key = 'params'").fetchone()[0])
    new.execute(
        "UPDATE meta SET value = ? WHERE key = 'params'", (orjson.dumps(old_params(params)).decode(),)
    )
    columns = [c for c in GAME_COLUMNS if c != "turns" or version >= 3]
    at = columns.index("record")
    for row in new.execute(f"SELECT {', '.join(columns)} FROM cur.games").fetchall():
        record = old_record(orjson.loads(row[at]), version)
        values = (*row[:at], orjson.dumps(record).decode(), *row[at + 1 :])
        new.execute(
            f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' * len(values))})", values
        )
    new.execute("COMMIT")
    new.execute("DETACH DATABASE cur")
    new.close()
    new_path.replace(old_path)
    for suffix in ("-wal", "-shm"):
        (folder / f"arena.sqlite{suffix}").unlink(missing_ok=True)


def as_schema_2(folder: Path) -> None:
    """The arena's database as an altay of schema 2 wrote it (no turns: neither column nor
    record field, that altay knew none)."""
    as_schema(folder, 2)
