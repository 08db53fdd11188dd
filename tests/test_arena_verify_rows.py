"""`arena verify` trusts no row, the arena never writes through a link, and a guessable master
seed is said out loud.

Each attack edits a copy of one finished arena (3 bots, one of which crashes, so that games
have failure rows) the way someone with the database in hand would, and the real CLI must
find it: a row copied beyond the schedule (never counted), a changed master seed (`--resume`
refuses), an edited column of games, seats or failures, a log swapped for another game's or
for the same game of another arena. Then links planted in the folder, and the seed warning.
About a minute in all."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from arena.worker import file_digest

CRASH = f"{sys.executable} {Path(__file__).parent / 'arena_bots' / 'crash_bot.py'}"
SEED = str(2**50 + 7)  # an organiser's seed too large to guess: no warning
BOTS = ["a=random 1", "b=greedy", f"c={CRASH}"]
FAST = ["--max-rounds", "3", "--move-ms", "3000", "-q", "-j", "2"]


def altay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], capture_output=True, text=True, timeout=180
    )


def verify(folder: Path, *extra: str) -> tuple[int, dict]:
    res = altay("arena", "verify", str(folder), "--json", *extra)
    assert "Traceback" not in res.stderr, res.stderr
    return res.returncode, orjson.loads(res.stdout)


def found(report: dict) -> set[tuple[int | None, str]]:
    return {(p["game_id"], p["kind"]) for p in report["problems"]}


def sql(folder: Path, *statements: tuple[str, tuple]) -> None:
    conn = sqlite3.connect(folder / "arena.sqlite")
    with conn:
        for statement, args in statements:
            conn.execute(statement, args)
    conn.close()


def query(folder: Path, statement: str, args: tuple = ()) -> list[tuple]:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return conn.execute(statement, args).fetchall()
    finally:
        conn.close()


def make_arena(out: Path, *extra: str) -> Path:
    res = altay("arena", *BOTS, "--games", "1", "--seed", SEED, *FAST, "--out", str(out), *extra)
    assert res.returncode == 0, res.stderr
    return out


@pytest.fixture(scope="module")
def arena_dir(tmp_path_factory) -> Path:
    """A finished arena: 3 bots, 1 deal, 6 games, the crashing bot in 4 of them."""
    return make_arena(tmp_path_factory.mktemp("arena") / "ladder")


@pytest.fixture
def ladder(arena_dir: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "ladder"
    shutil.copytree(arena_dir, copy)
    return copy


def board(folder: Path) -> dict:
    res = altay("arena", "report", str(folder), "--json")
    data = orjson.loads(res.stdout)
    return {"code": res.returncode, "leaderboard": data["leaderboard"], "arena": data["arena"], **data}


def test_the_clean_arena_verifies(ladder: Path) -> None:
    code, report = verify(ladder)
    assert code == 0 and report["ok"] and report["games_checked"] == 6
    assert report["seed_source"] == "organiser" and report["guessable_seed"] is False
    assert query(ladder, "SELECT COUNT(*) FROM failures")[0][0] >= 4  # the crashing bot's games


# ----------------------------------------------------------------------------- beyond the schedule
def _games_row(conn: sqlite3.Connection, game_id: int) -> tuple[list, dict[str, int]]:
    """A game's games row, and the index of each column by name (turns came last, in schema 3)."""
    cursor = conn.execute("SELECT * FROM games WHERE game_id = ?", (game_id,))
    row = list(cursor.fetchone())
    return row, {d[0]: i for i, d in enumerate(cursor.description)}


def _copy_game(folder: Path, source: int, target: int) -> None:
    """A copy of a game's rows (games, seats, failures) under another id, record included."""
    conn = sqlite3.connect(folder / "arena.sqlite")
    with conn:
        row, at = _games_row(conn, source)
        record = orjson.loads(row[at["record"]])
        record["game_id"] = target
        row[0], row[at["record"]] = target, orjson.dumps(record).decode()
        conn.execute(f"INSERT INTO games VALUES ({', '.join('?' * len(row))})", row)
        for table in ("seats", "failures"):
            for r in conn.execute(f"SELECT * FROM {table} WHERE game_id = ?", (source,)).fetchall():
                conn.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(r))})", (target, *r[1:]))
    conn.close()


def test_a_row_copied_beyond_the_schedule_is_flagged_and_never_counted(ladder: Path) -> None:
    clean = board(ladder)
    _copy_game(ladder, 0, 6)
    _copy_game(ladder, 1, 1_000_000)  # the first id of a stage of added bots
    edited = board(ladder)
    assert edited["leaderboard"] == clean["leaderboard"]  # not counted twice
    assert edited["arena"]["games_played"] == 6 and edited["code"] == 1
    assert {(6, "not_scheduled"), (1_000_000, "not_scheduled")} <= {
        (p["game_id"], p["kind"]) for p in edited["integrity"]["problems"]
    }
    code, report = verify(ladder)
    assert code == 1 and found(report) == {(6, "not_scheduled"), (1_000_000, "not_scheduled")}
    assert report["games_checked"] == 6
    resume = altay("arena", "--resume", "--out", str(ladder), "-q")
    assert resume.returncode == 2 and "arena verify" in resume.stderr and "--forget-bad" in resume.stderr
    forget = altay("arena", "verify", str(ladder), "--forget-bad")
    assert forget.returncode == 1 and "forgot 2 game(s)" in forget.stdout
    assert verify(ladder)[0] == 0 and query(ladder, "SELECT COUNT(*) FROM seats")[0][0] == 12


# ----------------------------------------------------------------------------- the master seed
def _params(folder: Path) -> dict:
    return orjson.loads(query(folder, "SELECT value FROM meta WHERE key = 'params'")[0][0])


def _rewrite_row_seeds(folder: Path, master: int) -> None:
    """Every row's seed made the one `master` derives (the logs cannot be: their games would
    not replay), and the commitment recomputed (the arena's id is in the database too)."""
    from arena.schedule import deal_seed
    from arena.store import seed_commitment

    arena_id = query(folder, "SELECT value FROM meta WHERE key = 'arena_id'")[0][0]
    statements = [
        ("UPDATE meta SET value = ? WHERE key = 'seed_commitment'", (seed_commitment(arena_id, master),))
    ]
    for game_id, raw in query(folder, "SELECT game_id, record FROM games"):
        record = orjson.loads(raw)
        record["seed"] = deal_seed(master, record["deal"])
        statements.append(
            (
                "UPDATE games SET record = ?, seed = ? WHERE game_id = ?",
                (orjson.dumps(record).decode(), record["seed"], game_id),
            )
        )
    sql(folder, *statements)


@pytest.mark.parametrize("how", ["commitment kept", "commitment deleted", "rows and commitment rewritten"])
def test_a_changed_master_seed_is_detected_and_resume_refuses(ladder: Path, how: str) -> None:
    params = _params(ladder)
    params["seed"] += 1
    sql(ladder, ("UPDATE meta SET value = ? WHERE key = 'params'", (orjson.dumps(params).decode(),)))
    if how == "commitment deleted":  # whoever edits the seed can remove what was recorded of it
        sql(ladder, ("DELETE FROM meta WHERE key = 'seed_commitment'", ()))
    if how == "rows and commitment rewritten":
        _rewrite_row_seeds(ladder, params["seed"])
    code, report = verify(ladder)
    assert code == 1
    seeds = {p["game_id"] for p in report["problems"] if "the master seed derives" in p["detail"]}
    assert seeds == set(range(6))  # no stored game derives from the new master seed
    assert ((None, "arena") in found(report)) == (how == "commitment kept")
    if how == "rows and commitment rewritten":  # the logs' own seeds give it away
        assert {(g, "wrong_seed") for g in range(6)} <= found(report)
        assert board(ladder)["code"] == 1  # the report's quick check sees it too
    resume = altay("arena", "--resume", "--out", str(ladder), "--games", "2", "-q")
    assert resume.returncode == 2 and "--resume refused" in resume.stderr, resume.stderr
    assert len(query(ladder, "SELECT game_id FROM games")) == 6  # nothing played from the new seed
    assert _params(ladder)["games"] == 1  # nor the arena extended
    if how == "commitment kept":
        forget = altay("arena", "verify", str(ladder), "--forget-bad")
        assert forget.returncode == 2 and "cannot repair" in forget.stderr


# ----------------------------------------------------------------------------- the columns
def _crashed_game(folder: Path) -> int:
    return query(folder, "SELECT game_id FROM failures ORDER BY game_id")[0][0]


EDITS = {
    "seats.rank": "UPDATE seats SET rank = 3 - rank WHERE game_id = {g}",
    "seats.bot": "UPDATE seats SET bot = 'a' WHERE game_id = {g} AND seat = 1",
    "seats.role": "UPDATE seats SET role = 'Elvenfolk' || role WHERE game_id = {g} AND seat = 0",
    "seats.score": "UPDATE seats SET score = score + 5 WHERE game_id = {g} AND seat = 0",
    "seats.forfeit": "UPDATE seats SET forfeit = 1 - forfeit WHERE game_id = {g} AND seat = 0",
    "seats.row": "DELETE FROM seats WHERE game_id = {g} AND seat = 1",
    "failures.status": "UPDATE failures SET status = 'timeout' WHERE game_id = {g}",
    "failures.row": "DELETE FROM failures WHERE game_id = {g}",
    "failures.added": "INSERT INTO failures VALUES ({g}, 0, 'a', 'crash', 'x', 1, 'forfeit')",
    "games.completed": "UPDATE games SET completed = 1 - completed WHERE game_id = {g}",
    "games.end_reason": "UPDATE games SET end_reason = 'finished' WHERE game_id = {g}",
    "games.decisions": "UPDATE games SET decisions = decisions + 1 WHERE game_id = {g}",
    "games.seed": "UPDATE games SET seed = seed + 1 WHERE game_id = {g}",
    "games.log": "UPDATE games SET log = 'logs/000000.jsonl' WHERE game_id = {g}",
    "games.turns": "UPDATE games SET turns = turns + 1 WHERE game_id = {g}",
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edited_column_is_found(ladder: Path, edit: str) -> None:
    game = _crashed_game(ladder)
    sql(ladder, (EDITS[edit].format(g=game), ()))
    code, report = verify(ladder)
    assert code == 1 and found(report) == {(game, "mismatch")}, report["problems"]
    assert board(ladder)["code"] == 1  # the report's row check sees it too


RECORD_EDITS = {
    "completed": lambda r: r.update(completed=not r["completed"]),
    "failures": lambda r: r.update(failures=[]),
    "end_reason": lambda r: r.update(end_reason="finished"),
    "roles": lambda r: r.update(roles=list(reversed(r["roles"]))),
    "scores": lambda r: r["scores"][0].update(total=r["scores"][0]["total"] + 5),
    "rounds": lambda r: r.update(rounds=r["rounds"] + 1),
    "turns": lambda r: r.update(turns=r["turns"] + 1),
    "team": lambda r: r.update(team="won"),
}


@pytest.mark.parametrize("edit", sorted(RECORD_EDITS))
def test_an_edited_record_is_found_against_its_log(ladder: Path, edit: str) -> None:
    """The record (what the leaderboard counts) edited, and its columns edited to agree."""
    game = _crashed_game(ladder)
    record = orjson.loads(query(ladder, "SELECT record FROM games WHERE game_id = ?", (game,))[0][0])
    RECORD_EDITS[edit](record)
    sql(
        ladder,
        (
            "UPDATE games SET record = ?, completed = ?, end_reason = ?, rounds = ?, turns = ? "
            "WHERE game_id = ?",
            (
                orjson.dumps(record).decode(),
                int(record["completed"]),
                record["end_reason"],
                record["rounds"],
                record["turns"],
                game,
            ),
        ),
        *(
            (
                "UPDATE seats SET role = ?, score = ? WHERE game_id = ? AND seat = ?",
                (record["roles"][seat], record["scores"][seat]["total"], game, seat),
            )
            for seat in (0, 1)
        ),
    )
    if edit == "failures":
        sql(ladder, ("DELETE FROM failures WHERE game_id = ?", (game,)))
    code, report = verify(ladder)
    assert code == 1 and found(report) == {(game, "mismatch")}, report["problems"]
    assert f"row's {edit}" in report["problems"][0]["detail"]


def test_a_row_whose_turns_were_removed_is_found(ladder: Path) -> None:
    """Only a game stored before rows kept turns may lack them: a newer row made to look like
    one (its record's and column's turns removed) is found by the row check and the replay."""
    game = _crashed_game(ladder)
    record = orjson.loads(query(ladder, "SELECT record FROM games WHERE game_id = ?", (game,))[0][0])
    turns = record.pop("turns")
    sql(
        ladder,
        (
            "UPDATE games SET record = ?, turns = NULL WHERE game_id = ?",
            (orjson.dumps(record).decode(), game),
        ),
    )
    assert board(ladder)["code"] == 1
    code, report = verify(ladder)
    assert code == 1 and found(report) == {(game, "mismatch")}, report["problems"]
    detail = report["problems"][0]["detail"]
    assert "has no turns" in detail and f"the row's turns is None, the log's {turns}" in detail


# ----------------------------------------------------------------------------- swapped logs
def _take_game(folder: Path, source_folder: Path, source: int, target: int) -> None:
    """Game `target` of `folder` replaced by game `source` of `source_folder`: its log copied in
    place, and its rows (record, columns, seats, failures) made to agree with that log."""
    log = folder / "logs" / f"{target:06d}.jsonl"
    log.write_bytes((source_folder / "logs" / f"{source:06d}.jsonl").read_bytes())
    conn = sqlite3.connect(source_folder / "arena.sqlite")
    row, at = _games_row(conn, source)
    seats = conn.execute("SELECT * FROM seats WHERE game_id = ?", (source,)).fetchall()
    failures = conn.execute("SELECT * FROM failures WHERE game_id = ?", (source,)).fetchall()
    conn.close()
    record = orjson.loads(row[at["record"]])
    digest, size = file_digest(log)
    record.update(game_id=target, log=f"logs/{target:06d}.jsonl", log_sha256=digest, log_bytes=size)
    row[0], row[at["log"]], row[at["record"]] = target, record["log"], orjson.dumps(record).decode()
    statements = [(f"DELETE FROM {t} WHERE game_id = ?", (target,)) for t in ("failures", "seats", "games")]
    statements.append((f"INSERT INTO games VALUES ({', '.join('?' * len(row))})", tuple(row)))
    statements += [("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (target, *r[1:])) for r in seats]
    statements += [("INSERT INTO failures VALUES (?, ?, ?, ?, ?, ?, ?)", (target, *r[1:])) for r in failures]
    sql(folder, *statements)


def test_another_games_log_in_its_place_is_found(ladder: Path) -> None:
    _take_game(ladder, ladder, 3, 1)
    code, report = verify(ladder)
    assert code == 1 and found(report) == {(1, "mismatch")}
    assert "not game 1 of this arena" in report["problems"][0]["detail"]


def test_the_same_game_of_another_arena_is_found(ladder: Path, tmp_path: Path) -> None:
    """Same bots, same master seed: game 2 of the other arena is the same deal and seating;
    only the arena's id in the log's header tells them apart."""
    other = make_arena(tmp_path / "other")
    _take_game(ladder, other, 2, 2)
    code, report = verify(ladder)
    assert code == 1 and found(report) == {(2, "mismatch")}, report["problems"]
    detail = report["problems"][0]["detail"]
    assert "the log says it is game 2 of arena" in detail and "seed" not in detail


# ----------------------------------------------------------------------------- links
def _outside(tmp_path: Path) -> tuple[Path, bytes]:
    target = tmp_path / "outside.txt"
    target.write_bytes(b"the organiser's notes, outside the arena\n")
    return target, target.read_bytes()


def test_resume_never_writes_through_a_link_planted_in_logs(ladder: Path, tmp_path: Path) -> None:
    target, content = _outside(tmp_path)
    sql(ladder, *[(f"DELETE FROM {t} WHERE game_id = 5", ()) for t in ("failures", "seats", "games")])
    log = ladder / "logs" / "000005.jsonl"
    log.unlink()
    log.symlink_to(target)  # where the partial log of an interrupted game would be
    stored = ladder / "logs" / "000004.jsonl"
    stored.unlink()
    stored.symlink_to(target)  # in place of a stored game's log
    code, report = verify(ladder)
    assert code == 1
    assert (4, "not_a_file") in found(report)
    res = altay("arena", "--resume", "--out", str(ladder), "-q")
    assert res.returncode == 0, res.stderr
    assert target.read_bytes() == content
    assert not log.is_symlink() and not stored.is_symlink()
    assert verify(ladder)[0] == 0


def test_a_logs_folder_that_is_a_link_is_refused(ladder: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(ladder / "logs", elsewhere)
    (ladder / "logs").symlink_to(elsewhere, target_is_directory=True)
    sql(ladder, *[(f"DELETE FROM {t} WHERE game_id = 5", ()) for t in ("failures", "seats", "games")])
    before = sorted(p.name for p in elsewhere.iterdir())
    res = altay("arena", "--resume", "--out", str(ladder), "-q")
    assert res.returncode == 2 and "symbolic link" in res.stderr and "Traceback" not in res.stderr
    assert sorted(p.name for p in elsewhere.iterdir()) == before
    code, report = verify(ladder)
    assert code == 1 and any(
        p["kind"] == "arena" and "symbolic link" in p["detail"] for p in report["problems"]
    )


def test_the_database_and_lock_are_never_reached_through_a_link(ladder: Path, tmp_path: Path) -> None:
    target, content = _outside(tmp_path)
    (ladder / "arena.lock").unlink(missing_ok=True)
    (ladder / "arena.lock").symlink_to(target)
    res = altay("arena", "--resume", "--out", str(ladder), "--games", "2", "-q")
    assert res.returncode == 0, res.stderr
    assert target.read_bytes() == content
    (ladder / "arena.sqlite-wal").unlink(missing_ok=True)
    (ladder / "arena.sqlite-wal").symlink_to(target)
    res = altay("arena", "--resume", "--out", str(ladder), "-q")
    assert res.returncode == 2 and "symbolic link" in res.stderr
    (ladder / "arena.sqlite-wal").unlink()
    real = tmp_path / "real.sqlite"
    shutil.move(ladder / "arena.sqlite", real)
    (ladder / "arena.sqlite").symlink_to(real)
    for args in (["arena", "--resume", "--out", str(ladder), "-q"], ["arena", "verify", str(ladder)]):
        res = altay(*args)
        assert res.returncode == 2 and "symbolic link" in res.stderr, res.stderr
    assert target.read_bytes() == content


# ----------------------------------------------------------------------------- a guessable seed
def test_a_guessable_seed_is_said_out_loud_recorded_and_flagged(tmp_path: Path) -> None:
    out = tmp_path / "small"
    res = altay("arena", "a=random", "b=random 2", "--games", "1", "--seed", "42", *FAST, "--out", str(out))
    assert res.returncode == 0 and "warning: --seed 42 is below 2^48" in res.stderr, res.stderr
    header = orjson.loads((out / "logs" / "000000.jsonl").read_bytes().splitlines()[0])
    assert header["seed_source"] == "organiser"
    resumed = altay("arena", "--resume", "--out", str(out), "--games", "2", "-q")
    assert resumed.returncode == 0 and "warning: --seed 42" in resumed.stderr  # at every start
    check = altay("arena", "verify", str(out), "--json")
    assert check.returncode == 0 and "warning: --seed 42" in check.stderr  # flagged, not a failure
    assert orjson.loads(check.stdout)["guessable_seed"] is True

    secret = tmp_path / "secret"
    res = altay("arena", "a=random", "b=random 2", "--games", "1", *FAST, "--out", str(secret))
    assert res.returncode == 0 and "warning: --seed" not in res.stderr
    header = orjson.loads((secret / "logs" / "000000.jsonl").read_bytes().splitlines()[0])
    assert header["seed_source"] == "system"
    check = altay("arena", "verify", str(secret), "--json")
    assert orjson.loads(check.stdout)["guessable_seed"] is False and "warning" not in check.stderr

    sprt = altay(
        "sprt",
        "a=random 1",
        "b=random 2",
        "--seed",
        "6",
        "--max-pairs",
        "1",
        *FAST,
        "--out",
        str(tmp_path / "s"),
    )
    assert sprt.returncode == 4 and "warning: --seed 6 is below 2^48" in sprt.stderr, sprt.stderr
