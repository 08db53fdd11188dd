"""`altay arena` end to end: real bot processes (Python and Node), kills, resume, usage errors."""

from __future__ import annotations

import csv
import io
import math
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from altay_cli.cli import main as altay_main
from arena.params import ArenaParams
from arena.store import ArenaStore
from tests.arena_helpers import watch

BOTS_DIR = Path(__file__).parent / "arena_bots"
CRASH = f"{sys.executable} {BOTS_DIR / 'crash_bot.py'}"
HAVE_NODE = shutil.which("node") is not None
needs_node = pytest.mark.skipif(not HAVE_NODE, reason="node is not installed")
# Short games and a clock generous enough for a loaded 2-core machine.
FAST = ["--max-rounds", "4", "--move-ms", "3000"]


def altay(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
        **kw,
    )


def popen_altay(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, so the test can kill it all at once
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )


def game_rows(folder: Path) -> dict[int, int]:
    """game_id -> number of rows (must always be 1)."""
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return dict(conn.execute("SELECT game_id, COUNT(*) FROM games GROUP BY game_id").fetchall())
    finally:
        conn.close()


def stored_count(folder: Path) -> int:
    try:
        conn = watch(folder)
        try:
            return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0  # not created yet


def schedule_of(folder: Path) -> list[int]:
    with ArenaStore.open(folder) as store:
        return [g.game_id for g in store.params().schedule()]


def check_logs(folder: Path, ids: list[int]) -> None:
    for game_id in ids:
        lines = (folder / "logs" / f"{game_id:06d}.jsonl").read_bytes().splitlines()
        assert orjson.loads(lines[0])["type"] == "header"
        assert orjson.loads(lines[-1])["type"] == "result", f"log of game {game_id} is not complete"


def leftover_bots(marker: str) -> list[str]:
    """Command lines of live processes containing `marker` (a unique bot argument)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
        except OSError:
            continue
        if marker in cmd and state != "Z" and "pytest" not in cmd:
            found.append(cmd)
    return found


# ----------------------------------------------------------------------------- whole arenas
@needs_node
def test_two_player_arena_python_and_node_bots(tmp_path: Path) -> None:
    out = tmp_path / "a2"
    r = altay(
        "arena",
        "rnd=random",
        "greedy=greedy",
        "js=node-random",
        "--players",
        "2",
        "--games",
        "2",
        *FAST,
        "--out",
        str(out),
        "--json",
    )
    assert r.returncode == 0, r.stderr
    board = orjson.loads(r.stdout)  # stdout is exactly one JSON document: no progress in it
    total = math.comb(3, 2) * 2 * 2
    assert board["arena"]["games_played"] == board["arena"]["games_scheduled"] == total
    assert board["arena"]["complete"] is True
    assert {row["bot"] for row in board["leaderboard"]} == {"rnd", "greedy", "js"}
    for row in board["leaderboard"]:
        assert row["games"] == 8 and row["failures"] == {}
        assert [s["games"] for s in row["seats"]] == [4, 4]  # every bot in every seat equally
    assert game_rows(out) == {g: 1 for g in range(total)}
    check_logs(out, list(range(total)))
    assert "12/12 games" in r.stderr  # the plain progress line (stderr is not a terminal)
    # `report` prints the same leaderboard again from the database.
    again = altay("arena", "report", str(out), "--json")
    reported = orjson.loads(again.stdout)
    assert reported.pop("integrity") == {"games_checked": total, "problems": []}  # every log checked
    assert again.returncode == 0 and reported == board


@needs_node
def test_three_player_arena_with_a_crashing_bot(tmp_path: Path) -> None:
    out = tmp_path / "a3"
    r = altay(
        "arena",
        "g=greedy",
        "r=random",
        "js=node-random",
        f"crash={CRASH}",
        "--players",
        "3",
        "--games",
        "1",
        *FAST,
        "--out",
        str(out),
        "--json",
        "--concurrency",
        "2",
    )
    assert r.returncode == 0, r.stderr
    board = orjson.loads(r.stdout)
    total = math.comb(4, 3) * 1 * 3
    assert board["arena"]["games_played"] == total
    rows = {row["bot"]: row for row in board["leaderboard"]}
    crash = rows["crash"]
    assert board["leaderboard"][-1]["bot"] == "crash"  # ranked last
    assert crash["games"] == 9 and crash["wins"] == 0 and crash["avg_place"] == 3.0
    assert crash["forfeits"] == 9 and crash["failures"] == {"crash": 9}
    assert all(rows[b]["failures"] == {} for b in ("g", "r", "js"))
    assert board["end_reasons"]["forfeit"] == 9
    check_logs(out, list(range(total)))


def test_four_player_arena_table_and_csv(tmp_path: Path) -> None:
    out = tmp_path / "a4"
    r = altay(
        "arena",
        "a=random",
        "b=random 5",
        "g=greedy",
        f"c={CRASH}",
        "--players",
        "4",
        "--games",
        "1",
        *FAST,
        "--out",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert "Arena leaderboard (altay): 4 players, 4 bots, 4/4 games (complete)" in r.stdout
    assert "Per seat" in r.stdout and "Per faction" in r.stdout and "4 crash" in r.stdout
    assert game_rows(out) == {0: 1, 1: 1, 2: 1, 3: 1}
    c = altay("arena", "report", str(out), "--csv")
    rows = list(csv.DictReader(io.StringIO(c.stdout)))
    assert [row["bot"] for row in rows][-1] == "c"
    assert {row["bot"] for row in rows} == {"a", "b", "g", "c"}
    assert all(row["games"] == "4" for row in rows)
    assert rows[-1]["failures_crash"] == "4"


def test_an_innovation_arena_counts_its_games_in_turns(tmp_path: Path) -> None:
    """Innovation counts a game in turns: each row keeps its turns beside its rounds, as the log
    and `altay replay` say them; no report says "round"; verify catches a row's turns edited.
    Four short games of the built-in bots (a few seconds)."""
    out, page = tmp_path / "inno", tmp_path / "inno.html"
    args = ["r=random 3", "g=greedy", "--game", "innovation", "-p", "2", "--games", "2", "-j", "2"]
    r = altay("arena", *args, "--seed", str(2**50 + 3), "--move-ms", "3000", "--out", str(out))
    assert r.returncode == 0, r.stderr
    conn = sqlite3.connect(out / "arena.sqlite")
    rows = conn.execute("SELECT game_id, rounds, turns, record FROM games ORDER BY game_id").fetchall()
    conn.close()
    assert [row[0] for row in rows] == [0, 1, 2, 3]
    for game_id, rounds, turns, record in rows:
        log = out / "logs" / f"{game_id:06d}.jsonl"
        result = orjson.loads(log.read_bytes().splitlines()[-1])
        assert (rounds, turns) == (result["rounds"], result["turns"]) and turns > rounds > 0
        assert orjson.loads(record)["turns"] == turns
        replay = altay("replay", str(log))
        assert replay.returncode == 0 and f"{turns} turns; game ended" in replay.stdout, replay.stdout
    outputs = {"run": r.stdout + r.stderr}
    for form in ([], ["--json"], ["--csv"], ["--html", str(page)]):
        rep = altay("arena", "report", str(out), *form)
        assert rep.returncode == 0, rep.stderr
        outputs[" ".join(form) or "table"] = rep.stdout + rep.stderr
    verify = altay("arena", "verify", str(out))
    assert verify.returncode == 0 and "all 4 stored games" in verify.stdout, verify.stdout
    outputs["verify"] = verify.stdout + verify.stderr
    assert not [name for name, text in outputs.items() if "round" in text.lower()]
    assert "Arena leaderboard (innovation)" in outputs["table"]
    assert "<th>Turns</th>" in page.read_text() and "<th>Rounds</th>" not in page.read_text()

    # A row whose turns disagree with its log (record and column edited alike) is caught.
    record = orjson.loads(rows[1][3])
    record["turns"] += 2
    conn = sqlite3.connect(out / "arena.sqlite")
    with conn:
        conn.execute(
            "UPDATE games SET record = ?, turns = ? WHERE game_id = 1",
            (orjson.dumps(record).decode(), record["turns"]),
        )
    conn.close()
    verify = altay("arena", "verify", str(out), "--json")
    problems = orjson.loads(verify.stdout)["problems"]
    assert verify.returncode == 1 and [(p["game_id"], p["kind"]) for p in problems] == [(1, "mismatch")]
    assert f"the row's turns is {record['turns']}, the log's {rows[1][2]}" == problems[0]["detail"]


def _without_timings(board: dict) -> dict:
    board = orjson.loads(orjson.dumps(board))
    board["arena"].pop("game_seconds")
    for row in board["leaderboard"]:
        row.pop("think_s")
    return board


def test_same_arena_same_leaderboard_whatever_the_concurrency(tmp_path: Path) -> None:
    """Seeded bots make every game reproducible; ratings are computed in game-id order, so the
    order in which games finish (1 worker vs 3) must not change a single figure."""
    args = ["a=random", "b=random 3", "g=greedy", "--players", "2", "--games", "2", "--seed", "4", *FAST]
    one = altay("arena", *args, "--out", str(tmp_path / "one"), "--concurrency", "1", "--json")
    three = altay("arena", *args, "--out", str(tmp_path / "three"), "--concurrency", "3", "--json")
    assert one.returncode == three.returncode == 0, one.stderr + three.stderr
    assert _without_timings(orjson.loads(one.stdout)) == _without_timings(orjson.loads(three.stdout))


# ----------------------------------------------------------------------------- kill and resume
def _wait_for_games(proc: subprocess.Popen, out: Path, at_least: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while stored_count(out) < at_least:
        assert proc.poll() is None, f"arena ended early: {proc.communicate()}"
        assert time.monotonic() < deadline, "arena too slow to store games"
        time.sleep(0.05)


def test_sigkill_then_resume_plays_every_game_exactly_once(tmp_path: Path) -> None:
    out = tmp_path / "killed"
    args = [
        "a=random 11",
        "b=random 12",
        "c=random 13",
        "d=random 14",
        "--players",
        "2",
        "--games",
        "8",
        "--max-rounds",
        "3",
        "--move-ms",
        "3000",
        "--out",
        str(out),
        "--concurrency",
        "2",
    ]
    proc = popen_altay("arena", *args)
    try:
        _wait_for_games(proc, out, 8)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the arena, its workers (bots live in their own sessions)
        proc.communicate()
    scheduled = schedule_of(out)
    before = game_rows(out)
    assert 8 <= len(before) < len(scheduled) == 96, "kill the arena in the middle"
    assert set(before.values()) == {1}
    # Resume with the parameters repeated (they must match), then check the database.
    r = altay("arena", *args, "--resume", "--json")
    assert r.returncode == 0, r.stderr
    board = orjson.loads(r.stdout)
    assert board["arena"]["complete"] and board["arena"]["games_played"] == 96
    assert f"({len(before)} already played)" in r.stderr
    rows = game_rows(out)
    assert rows == {g: 1 for g in scheduled}  # every scheduled game exactly once
    check_logs(out, scheduled)  # partial logs of killed games were overwritten
    # The games stored before the kill were not played again (their rows are unchanged).
    conn = sqlite3.connect(out / "arena.sqlite")
    seats = conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0]
    conn.close()
    assert seats == 2 * 96


def test_ctrl_c_stops_cleanly_and_resume_finishes(tmp_path: Path) -> None:
    out = tmp_path / "interrupted"
    marker = f"9{os.getpid()}"  # a unique seed argument to find this test's bot processes
    proc = popen_altay(
        "arena",
        f"a=random {marker}",
        f"b=random {marker}",
        "c=greedy",
        "--players",
        "2",
        "--games",
        "12",
        "--max-rounds",
        "6",
        "--move-ms",
        "3000",
        "--out",
        str(out),
    )
    try:
        _wait_for_games(proc, out, 4)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends on Ctrl-C
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1, stderr
    assert f"altay arena --resume --out {out}" in stderr
    assert "INCOMPLETE" in stdout  # the partial leaderboard
    assert leftover_bots(f"random_bot.py {marker}") == []  # the referee reaped every bot
    done = game_rows(out)
    assert set(done.values()) == {1} and len(done) < 72
    r = altay("arena", "--resume", "--out", str(out), "--json")  # parameters come from the database
    assert r.returncode == 0, r.stderr
    assert game_rows(out) == {g: 1 for g in schedule_of(out)}


def test_resume_refuses_other_parameters_and_can_extend(tmp_path: Path) -> None:
    out = tmp_path / "params"
    base = [
        "a=random",
        "b=random 2",
        "--players",
        "2",
        "--games",
        "1",
        "--max-rounds",
        "2",
        "--seed",
        "1",
        "--out",
        str(out),
    ]
    assert altay("arena", *base, "-q").returncode == 0
    r = altay("arena", *base, "-q")
    assert r.returncode == 2 and "already holds a complete arena (2 games)" in r.stderr
    r = altay("arena", *base, "--resume", "--seed", "5", "--move-ms", "50")
    assert r.returncode == 2
    assert "--seed: stored 1, given 5" in r.stderr and "--move-ms: stored 1000, given 50" in r.stderr
    assert f"altay arena --resume --out {out}" in r.stderr
    r = altay("arena", "--resume", "--out", str(out), "--games", "2", "--json")  # extend: one more deal
    assert r.returncode == 0, r.stderr
    assert orjson.loads(r.stdout)["arena"]["games_played"] == 4
    assert game_rows(out) == {0: 1, 1: 1, 2: 1, 3: 1}
    with ArenaStore.open(out) as store:
        assert store.params().games == 2
    r = altay("arena", "--resume", "--out", str(out), "--games", "1")
    assert r.returncode == 2 and "can only grow" in r.stderr


# ----------------------------------------------------------------------------- usage errors
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["a=random", "=greedy"], "name=command"),
        (["a=random", "python3 x.py"], "name=command"),
        (
            ["a=random", "b=python3 nowhere/bot.py"],
            "bot b=python3 nowhere/bot.py: no such file 'nowhere/bot.py'",
        ),
        (["a=random", "b=no-such-program-here"], "no program 'no-such-program-here' on the PATH"),
        (["a=random", "b=greedy", "--players", "3"], "3-player games need at least 3 bots"),
        (["a=random", "a=greedy"], "unique"),
        ([], "give the bots as name=command"),
        (["--resume"], "--resume: no arena in"),
        (["a=random", "b=greedy", "--json", "--csv"], "choose one of --json and --csv"),
    ],
)
def test_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "never"
    result = CliRunner().invoke(altay_main, ["arena", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not out.exists()  # a usage error creates nothing


def test_report_errors_and_help(tmp_path: Path) -> None:
    result = CliRunner().invoke(altay_main, ["arena", "--resume"])
    assert result.exit_code == 2 and "--resume needs the arena folder" in result.output
    result = CliRunner().invoke(altay_main, ["arena", "report", str(tmp_path)])
    assert result.exit_code == 2 and "no arena in" in result.output
    help_text = CliRunner().invoke(altay_main, ["arena", "--help"]).output
    for words in (
        "name=command",
        "C(bots, players) x deals",
        "cyclic",
        "--resume",
        "mu - 3 sigma",
        "report DIR",
    ):
        assert words in help_text
    assert "Usage: altay arena [OPTIONS] BOT..." in help_text


def test_params_are_stored(tmp_path: Path) -> None:
    out = tmp_path / "p"
    r = altay(
        "arena",
        "a=random",
        "b=greedy",
        "--players",
        "2",
        "--games",
        "1",
        "--max-rounds",
        "2",
        "--move-ms",
        "2500",
        "--seatings",
        "permute",
        "--seed",
        "42",
        "--out",
        str(out),
        "-q",
    )
    assert r.returncode == 0, r.stderr
    with ArenaStore.open(out) as store:
        p: ArenaParams = store.params()
    assert (p.players, p.games, p.seed, p.seatings, p.match.move_ms) == (2, 1, 42, "permute", 2500)
    assert [(b.name, b.command) for b in p.bots] == [("a", "random"), ("b", "greedy")]


def test_bench_arena_json() -> None:
    r = altay("bench", "arena", "--deals", "1", "--max-rounds", "2", "--json")
    assert r.returncode == 0, r.stderr
    result = orjson.loads(r.stdout)
    assert result["games"] == 12 and set(result["workers"]) == {"1", "2"}
    for run in result["workers"].values():
        assert run["games_per_s"] > 0 and run["parent_cpu_ms_per_game"] > 0
    assert result["speedup_vs_1"]["2"] > 0


def _ctrl_c_as_at_a_terminal() -> None:
    """Undo an inherited SIG_IGN for SIGINT (a shell starts background jobs so, and Python then
    keeps it), so Ctrl-C reaches the command as it would at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
