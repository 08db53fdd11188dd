"""The arena database's schema version and its ordered migrations.

tests/fixtures/arena_schema1/ holds two arena folders made by the release before migrations
(schema 1; see its README): they must report, verify (changing nothing) and resume with every
later altay; the signed one still needs its key. An Innovation arena rewritten as schema 2
wrote it (no turns) does the same, its old games' turns unknown. tests/fixtures/arena_schema3/
holds an Altay and an Innovation arena made by the release before roles and scores (schema 3:
seats.faction and seats.vp, records with factions and vp): the same again, their rows under
the new names once resumed. A database newer than this altay is refused with a sentence. Real
bots and the real CLI for the folders (about 45 s in all)."""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from arena import store as store_module
from arena.params import ArenaParams, BotEntry
from arena.store import MIGRATIONS, SCHEMA_VERSION, ArenaStore, Migration, StoreError
from tests.arena_helpers import as_schema_2

FIXTURES = Path(__file__).parent / "fixtures" / "arena_schema1"
FIXTURES_3 = Path(__file__).parent / "fixtures" / "arena_schema3"
KEY = FIXTURES / "organiser.key"


def altay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], capture_output=True, text=True, timeout=180
    )


def user_version(folder: Path) -> int:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def old_arena(tmp_path: Path, name: str, fixtures: Path = FIXTURES) -> Path:
    copy = tmp_path / name
    shutil.copytree(fixtures / name, copy)
    return copy


def header(folder: Path, game_id: int) -> dict:
    return orjson.loads((folder / "logs" / f"{game_id:06d}.jsonl").read_bytes().splitlines()[0])


# ----------------------------------------------------------------------------- the steps
def test_the_migrations_are_ordered_and_a_new_database_has_the_last_version(tmp_path: Path) -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
    assert SCHEMA_VERSION >= 2
    params = ArenaParams(bots=(BotEntry("a", "random"), BotEntry("b", "greedy")), players=2, games=1)
    with ArenaStore.create(tmp_path, params, public_key="ab" * 32, seed_source="organiser") as store:
        assert store.version == SCHEMA_VERSION == user_version(tmp_path)
        assert store.signing().state == "signed" and store.signing().public_key == "ab" * 32
        assert store.seed_source() == "organiser" and store.seed_matches(params) is True
        assert store.arena_id() and store.legacy_ids() == set()


def test_a_failing_step_leaves_the_database_as_it_was(tmp_path: Path, monkeypatch) -> None:
    folder = old_arena(tmp_path, "unsigned")

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x INTEGER)")
        raise sqlite3.OperationalError("disk I/O error, on purpose")

    monkeypatch.setattr(store_module, "MIGRATIONS", (MIGRATIONS[0], Migration(2, "broken", broken)))
    with pytest.raises(StoreError, match="cannot be brought up to schema"):
        ArenaStore.open(folder, migrate=True)
    conn = sqlite3.connect(folder / "arena.sqlite")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert user_version(folder) == 1 and "half_done" not in tables  # one transaction per step


# ----------------------------------------------------------------------------- the old folders
def test_an_old_arena_reports_and_verifies_without_being_changed(tmp_path: Path) -> None:
    folder = old_arena(tmp_path, "unsigned")
    before = (folder / "arena.sqlite").read_bytes()
    report = altay("arena", "report", str(folder), "--json")
    assert report.returncode == 0, report.stderr
    board = orjson.loads(report.stdout)
    assert board["arena"]["games_played"] == 4 and board["integrity"]["problems"] == []
    verify = altay("arena", "verify", str(folder), "--json")
    assert verify.returncode == 0, verify.stdout
    assert orjson.loads(verify.stdout)["ok"] is True
    assert user_version(folder) == 1 and (folder / "arena.sqlite").read_bytes() == before


def test_an_old_arena_resumes_extended_and_is_migrated(tmp_path: Path) -> None:
    folder = old_arena(tmp_path, "unsigned")
    res = altay("arena", "--resume", "--out", str(folder), "--games", "3", "-q", "--json")
    assert res.returncode == 0, res.stderr
    assert orjson.loads(res.stdout)["arena"]["games_played"] == 6
    assert user_version(folder) == SCHEMA_VERSION
    with ArenaStore.open(folder) as store:
        assert store.legacy_ids() == {0, 1, 2, 3}  # stored before logs named their arena
        assert store.signing().state == "unsigned"
        arena_id = store.arena_id()
    assert "arena" not in header(folder, 0)["meta"]
    assert header(folder, 4)["meta"]["arena"] == {"id": arena_id, "game": 4}
    verify = altay("arena", "verify", str(folder), "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["games_checked"] == 6, verify.stdout
    assert altay("arena", "report", str(folder)).returncode == 0


def test_an_old_signed_arena_needs_its_key_to_resume(tmp_path: Path) -> None:
    folder = old_arena(tmp_path, "signed")
    missing = altay("arena", "--resume", "--out", str(folder), "--games", "3", "-q")
    assert missing.returncode == 2 and "--sign-key" in missing.stderr, missing.stderr
    with ArenaStore.open(folder) as store:
        assert store.params().games == 2  # a refused resume extends nothing
    res = altay("arena", "--resume", "--out", str(folder), "--games", "3", "-q", "--sign-key", str(KEY))
    assert res.returncode == 0, res.stderr
    with ArenaStore.open(folder) as store:
        assert store.signing().state == "signed"  # decided from its logs, and recorded
    verify = altay("arena", "verify", str(folder), "--public-key", f"{KEY}.pub", "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["games_checked"] == 6, verify.stdout


def test_a_newer_database_is_refused_with_a_sentence(tmp_path: Path) -> None:
    folder = old_arena(tmp_path, "unsigned")
    conn = sqlite3.connect(folder / "arena.sqlite")
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    for args in (
        ["arena", "report", str(folder)],
        ["arena", "verify", str(folder)],
        ["arena", "--resume", "--out", str(folder), "-q"],
    ):
        res = altay(*args)
        assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
        assert "newer altay" in res.stderr and "upgrade altay" in res.stderr
    assert user_version(folder) == SCHEMA_VERSION + 1


# ----------------------------------------------------------------------------- schema 2: no turns
def games_table(folder: Path) -> tuple[list[str], list[tuple]]:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        cursor = conn.execute("SELECT * FROM games ORDER BY game_id")
        return [d[0] for d in cursor.description], cursor.fetchall()
    finally:
        conn.close()


INNOVATION = ["r=random 3", "g=greedy", "--game", "innovation", "-p", "2", "--seed", str(2**50 + 5)]


def test_an_arena_of_schema_2_reports_verifies_and_resumes_with_turns_unknown(tmp_path: Path) -> None:
    """An Innovation arena stored before rows kept turns: read as it is (report, verify: its
    games' turns unknown, shown as such, never a problem), then resumed and extended: the
    database gains the turns column, the new games have their turns, the old ones none.
    Six short games of the built-in bots (about 15 s)."""
    folder = tmp_path / "inno"
    made = altay("arena", *INNOVATION, "--games", "1", "-j", "2", "--out", str(folder), "-q")
    assert made.returncode == 0, made.stderr
    as_schema_2(folder)
    columns, rows = games_table(folder)
    assert user_version(folder) == 2 and "turns" not in columns and len(rows) == 2
    assert all("turns" not in orjson.loads(row[columns.index("record")]) for row in rows)
    before = (folder / "arena.sqlite").read_bytes()

    report = altay("arena", "report", str(folder), "--json")
    assert report.returncode == 0, report.stderr
    board = orjson.loads(report.stdout)
    assert board["arena"]["games_played"] == 2 and board["integrity"]["problems"] == []
    page = tmp_path / "old.html"
    assert altay("arena", "report", str(folder), "--html", str(page)).returncode == 0
    data = orjson.loads(re.search(r'id="games-data">(.*?)</script>', page.read_text()).group(1))
    assert data["length"] == "turns" and "<th>Turns</th>" in page.read_text()
    assert [g[data["columns"].index("turns")] for g in data["games"]] == [None, None]  # unknown
    verify = altay("arena", "verify", str(folder), "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["games_checked"] == 2, verify.stdout
    assert user_version(folder) == 2 and (folder / "arena.sqlite").read_bytes() == before

    res = altay("arena", "--resume", "--out", str(folder), "--games", "3", "-j", "2", "-q", "--json")
    assert res.returncode == 0, res.stderr
    assert orjson.loads(res.stdout)["arena"]["games_played"] == 6
    assert user_version(folder) == SCHEMA_VERSION
    columns, rows = games_table(folder)
    turns = {row[0]: row[columns.index("turns")] for row in rows}
    assert turns[0] is None and turns[1] is None and all(turns[g] > 0 for g in range(2, 6))
    with ArenaStore.open(folder) as store:
        assert store.turnless_ids() == {0, 1} and store.legacy_ids() == set()
        assert {r.game_id: r.turns for r in store.records()} == turns
    verify = altay("arena", "verify", str(folder), "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["games_checked"] == 6, verify.stdout
    report = altay("arena", "report", str(folder))
    assert report.returncode == 0 and "6/6 games (complete)" in report.stdout, report.stderr


# ----------------------------------------------------------------------------- schema 3: factions, vp
def seat_columns(folder: Path) -> list[str]:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return [row[1] for row in conn.execute("PRAGMA table_info(seats)")]
    finally:
        conn.close()


def stored_records(folder: Path) -> list[dict]:
    columns, rows = games_table(folder)
    return [orjson.loads(row[columns.index("record")]) for row in rows]


def leaderboard(folder: Path) -> dict:
    report = altay("arena", "report", str(folder), "--json")
    assert report.returncode == 0, report.stderr
    board = orjson.loads(report.stdout)
    assert board["integrity"]["problems"] == []
    return board


@pytest.mark.parametrize("name", ["altay", "innovation"])
def test_an_arena_of_schema_3_reports_verifies_and_resumes_with_roles_and_scores(
    tmp_path: Path, name: str
) -> None:
    """An arena made by the release before roles and scores: read as it is (report and verify
    change nothing), then resumed: the database is migrated (seats.role and seats.score, each
    record's roles; nothing else changes, the leaderboard is the same), and extended with two
    games of today's altay that verify with the old ones. Four short games (about 10 s)."""
    folder = old_arena(tmp_path, name, FIXTURES_3)
    assert user_version(folder) == 3 and seat_columns(folder)[3:6] == ["faction", "rank", "vp"]
    assert all({"factions", "vp"} <= set(r) and "roles" not in r for r in stored_records(folder))
    before = (folder / "arena.sqlite").read_bytes()
    board = leaderboard(folder)
    assert board["arena"]["games_played"] == 2
    if name == "altay":  # each seat's faction and its VP, under the seam's names and the old ones
        assert set(board["roles"]) == {"Elvenfolk", "Smallfolk"} and board["factions"] == board["roles"]
        row = board["leaderboard"][0]
        assert row["avg_score"] == row["avg_vp"] == 1.0 and row["roles"] == row["factions"]
    verify = altay("arena", "verify", str(folder), "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["games_checked"] == 2, verify.stdout
    assert user_version(folder) == 3 and (folder / "arena.sqlite").read_bytes() == before

    old_records = stored_records(folder)
    if name == "altay":  # its --max-rounds and --trading, kept with the clocks, are the game's
        assert board["arena"]["game_options"] == {"trading": True, "max_rounds": 2}
        other = altay("arena", "--resume", "--out", str(folder), "--max-rounds", "3", "-q")
        assert other.returncode == 2 and "--max-rounds: stored 2, given 3" in other.stderr, other.stderr
    else:
        assert board["arena"]["game_options"] == {"edition": "3e", "max_turns": 4}
    resumed = altay("arena", "--resume", "--out", str(folder), "-q")  # complete: plays nothing
    assert resumed.returncode == 0, resumed.stderr
    assert user_version(folder) == SCHEMA_VERSION
    assert seat_columns(folder)[3:6] == ["role", "rank", "score"]
    for old, new in zip(old_records, stored_records(folder), strict=True):
        assert new == {
            **{k: v for k, v in old.items() if k not in ("factions", "vp")},
            "roles": old["factions"],
        }
        assert old["vp"] == [s["total"] for s in new["scores"]]
    again = leaderboard(folder)
    assert {k: v for k, v in again.items() if k != "integrity"} == {
        k: v for k, v in board.items() if k != "integrity"
    }

    res = altay("arena", "--resume", "--out", str(folder), "--games", "2", "-j", "2", "-q", "--json")
    assert res.returncode == 0, res.stderr
    assert orjson.loads(res.stdout)["arena"]["games_played"] == 4
    assert all("roles" in r and "factions" not in r and "vp" not in r for r in stored_records(folder))
    verify = altay("arena", "verify", str(folder), "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["games_checked"] == 4, verify.stdout


def test_an_old_record_whose_vp_is_not_its_score_is_damaged(tmp_path: Path) -> None:
    """Before schema 4 a seat's score was kept twice (vp, and its scores' total): a record whose
    two disagree was edited, and is a damaged row (one sentence, exit 2), read as it is or
    once migrated (the step leaves such a record as it was)."""
    folder = old_arena(tmp_path, "altay", FIXTURES_3)
    conn = sqlite3.connect(folder / "arena.sqlite")
    with conn:
        record = orjson.loads(conn.execute("SELECT record FROM games WHERE game_id = 1").fetchone()[0])
        record["vp"] = [v + 5 for v in record["vp"]]
        conn.execute("UPDATE games SET record = ? WHERE game_id = 1", (orjson.dumps(record).decode(),))
    conn.close()
    for args in (["arena", "report", str(folder)], ["arena", "--resume", "--out", str(folder), "-q"]):
        res = altay(*args)
        assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
        assert "the row of game 1 is damaged" in res.stderr and "vp" in res.stderr
    assert user_version(folder) == SCHEMA_VERSION  # the resume migrated the rest
    assert "vp" in stored_records(folder)[1] and "roles" in stored_records(folder)[0]


def test_the_fixture_is_what_it_says() -> None:
    """The kept folders stay what their README says (the tests above work on copies; this
    reads the version from the file's header, without opening the database)."""
    kept = [(FIXTURES / name, 1, 4) for name in ("unsigned", "signed")]
    kept += [(FIXTURES_3 / name, 3, 2) for name in ("altay", "innovation")]
    for folder, version, logs in kept:
        raw = (folder / "arena.sqlite").read_bytes()
        assert raw[:16] == b"SQLite format 3\x00" and int.from_bytes(raw[60:64], "big") == version
        assert len(list((folder / "logs").glob("*.jsonl"))) == logs
        assert not list(folder.glob("arena.sqlite-*")) and not (folder / "arena.lock").exists()
