"""An arena nobody can quietly rewrite: secret keyed seeds, logs checked against their rows on
--resume, by `report` and by `verify`, a lock that deleting a file does not defeat, signed logs,
and a clear sentence (never a traceback) for a damaged database or an impossible row."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from altay_cli.logsign import generate
from arena.store import ArenaStore

FAST = ["--max-rounds", "3", "--move-ms", "3000", "-q"]


def altay(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], capture_output=True, text=True, timeout=timeout
    )


def no_traceback(res: subprocess.CompletedProcess[str]) -> bool:
    return "Traceback" not in res.stdout + res.stderr


@pytest.fixture(scope="module")
def arena_dir(tmp_path_factory) -> Path:
    """A finished arena (2 bots, 2 deals: 4 games); tests copy it before changing it."""
    out = tmp_path_factory.mktemp("arena") / "ladder"
    res = altay("arena", "a=random 1", "b=greedy", "--games", "2", *FAST, "--out", str(out))
    assert res.returncode == 0, res.stderr
    return out


@pytest.fixture
def ladder(arena_dir: Path, tmp_path: Path) -> Path:
    import shutil

    copy = tmp_path / "ladder"
    shutil.copytree(arena_dir, copy)
    return copy


def rows(folder: Path) -> dict[int, dict]:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return {g: orjson.loads(r) for g, r in conn.execute("SELECT game_id, record FROM games")}
    finally:
        conn.close()


def set_record(folder: Path, game_id: int, record: dict | str) -> None:
    conn = sqlite3.connect(folder / "arena.sqlite")
    raw = record if isinstance(record, str) else orjson.dumps(record).decode()
    with conn:
        conn.execute("UPDATE games SET record = ? WHERE game_id = ?", (raw, game_id))
    conn.close()


# ---------------------------------------------------------------------------- seeds
def test_the_master_seed_is_secret_keyed_and_shown_only_after(ladder: Path, tmp_path: Path) -> None:
    with ArenaStore.open(ladder) as store:
        params = store.params()
        records = store.records(params)
    assert params.seed_scheme == "keyed" and 0 <= params.seed < 2**63
    seeds = [r.seed for r in records]
    assert len(set(seeds)) == 2 and params.seed not in seeds  # two deals, neither is the master
    other = tmp_path / "other"
    res = altay("arena", "a=random 1", "b=greedy", "--games", "1", *FAST[:-1], "--out", str(other))
    assert res.returncode == 0
    with ArenaStore.open(other) as store:
        assert store.params().seed != params.seed  # a fresh secret each time
        shown = str(store.params().seed)
    progress, board = res.stderr, res.stdout
    assert shown not in progress and f"from seed {shown}" in board  # after the games, not before


# ---------------------------------------------------------------------------- integrity
def test_report_and_verify_agree_on_a_clean_arena(ladder: Path) -> None:
    report = altay("arena", "report", str(ladder), "--json")
    assert report.returncode == 0
    assert orjson.loads(report.stdout)["integrity"] == {"games_checked": 4, "problems": []}
    verify = altay("arena", "verify", str(ladder), "--json")
    assert verify.returncode == 0 and orjson.loads(verify.stdout)["ok"] is True


def test_a_changed_or_missing_log_is_flagged_and_played_again_on_resume(ladder: Path) -> None:
    edited = ladder / "logs" / "000001.jsonl"
    edited.write_bytes(edited.read_bytes().replace(b'"time_ms":', b'"time_ms":9', 1))
    (ladder / "logs" / "000002.jsonl").unlink()
    report = altay("arena", "report", str(ladder))
    assert report.returncode == 1 and no_traceback(report)
    assert "changed_log" in report.stdout and "missing_log" in report.stdout
    verify = altay("arena", "verify", str(ladder), "--json")
    found = {(p["game_id"], p["kind"]) for p in orjson.loads(verify.stdout)["problems"]}
    assert verify.returncode == 1 and found == {(1, "invalid_log"), (2, "missing_log")}
    resume = altay("arena", "--resume", "--out", str(ladder), "-q")
    assert resume.returncode == 0, resume.stderr
    assert "2 stored game(s) will be played again" in resume.stderr
    assert altay("arena", "verify", str(ladder)).returncode == 0


def test_verify_finds_a_row_that_disagrees_with_its_log_and_logs_without_rows(ladder: Path) -> None:
    record = rows(ladder)[0]
    record["ranks"] = list(reversed(record["ranks"])) if len(set(record["ranks"])) > 1 else [1, 2]
    set_record(ladder, 0, record)
    (ladder / "logs" / "000099.jsonl").write_bytes((ladder / "logs" / "000003.jsonl").read_bytes())
    verify = altay("arena", "verify", str(ladder), "--json")
    out = orjson.loads(verify.stdout)
    assert verify.returncode == 1
    assert [(p["game_id"], p["kind"]) for p in out["problems"]] == [(0, "mismatch")]
    assert "ranks" in out["problems"][0]["detail"]
    assert [p["kind"] for p in out["logs_without_a_row"]] == ["orphan_log"]


def test_signed_arena_logs_verify_with_the_organisers_key(tmp_path: Path) -> None:
    key = tmp_path / "organiser.key"
    generate(key)
    out = tmp_path / "signed"
    res = altay(
        "arena", "a=random", "b=random 2", "--games", "1", *FAST, "--sign-key", str(key), "--out", str(out)
    )
    assert res.returncode == 0, res.stderr
    assert altay("arena", "verify", str(out), "--public-key", f"{key}.pub").returncode == 0
    other = tmp_path / "other.key"
    generate(other)
    assert altay("arena", "verify", str(out), "--public-key", f"{other}.pub").returncode == 1
    replay = altay("replay", str(out / "logs" / "000000.jsonl"), "--public-key", f"{key}.pub")
    assert replay.returncode == 0 and "signed by key" in replay.stdout


# ---------------------------------------------------------------------------- the lock
def test_deleting_the_lock_file_does_not_let_a_second_arena_in(tmp_path: Path) -> None:
    out = tmp_path / "busy"
    slow = f"{sys.executable} {Path(__file__).parent / 'bad_bots' / 'never_answer.py'}"
    first = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "altay_cli",
            "arena",
            f"s={slow}",
            "r=random",
            "--games",
            "1",
            "--move-ms",
            "8000",
            "--out",
            str(out),
            "-q",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 20
        while not (out / "arena.lock").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        (out / "arena.lock").unlink()
        second = altay("arena", "--resume", "--out", str(out))
        assert second.returncode == 2 and "another arena" in second.stderr
    finally:
        first.terminate()
        first.communicate(timeout=30)


# ---------------------------------------------------------------------------- damage
def _damage(folder: Path, how: str) -> None:
    db = folder / "arena.sqlite"
    for extra in (folder / "arena.sqlite-wal", folder / "arena.sqlite-shm"):
        extra.unlink(missing_ok=True)
    if how == "random_bytes":
        db.write_bytes(bytes(range(256)) * 64)
    elif how == "truncated":
        db.write_bytes(db.read_bytes()[:3000])
    elif how == "other_application":
        db.unlink()
        conn = sqlite3.connect(db)
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.commit()
        conn.close()
    elif how == "params_json":
        conn = sqlite3.connect(db)
        with conn:
            conn.execute("UPDATE meta SET value = '{\"version\": 2, \"bots\": []}' WHERE key = 'params'")
        conn.close()
    else:
        record = rows(folder)[1]
        if how == "record_json":
            set_record(folder, 1, "{not json")
            return
        if how == "rank_out_of_range":
            record["ranks"] = [1, 7]
        elif how == "stranger_bot":
            record["bots"] = ["a", "mallory"]
        elif how == "seat_count":
            for key in ("bots", "roles", "ranks", "scores"):
                record[key] = record[key] + record[key][:1]
        set_record(folder, 1, record)


DAMAGE = [
    "random_bytes",
    "truncated",
    "other_application",
    "params_json",
    "record_json",
    "rank_out_of_range",
    "stranger_bot",
    "seat_count",
]


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_database_gives_one_sentence_and_exit_2(ladder: Path, how: str) -> None:
    _damage(ladder, how)
    for args in (
        ["arena", "report", str(ladder)],
        ["arena", "verify", str(ladder)],
        ["arena", "--resume", "--out", str(ladder), "-q"],
    ):
        res = altay(*args)
        assert res.returncode == 2, (args, res.stdout, res.stderr)
        assert no_traceback(res) and "Error:" in res.stderr, res.stderr


# ---------------------------------------------------------------------------- the command line
@pytest.mark.parametrize(
    "args",
    [
        ["--games", "99999999999999999999"],
        ["--players", "-5"],
        ["--concurrency", "1" + "0" * 30],
        ["--seed", str(2**63)],
        ["--seed", "-1"],
        ["--bot-memory", "9" * 30],
    ],
)
def test_numbers_of_any_size_are_usage_errors(tmp_path: Path, args: list[str]) -> None:
    res = altay("arena", "a=random", "b=random", *args, "--out", str(tmp_path / "x"))
    assert res.returncode == 2 and no_traceback(res) and "Error" in res.stderr


def test_an_unusable_out_folder(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    res = altay("arena", "a=random", "b=random", "--out", str(a_file))
    assert res.returncode == 2 and no_traceback(res)
    res = altay("arena", "a=random", "b=random", "--out", "/proc/altay-arena")
    assert res.returncode == 2 and no_traceback(res)


def test_resume_keeps_the_sandbox_conditions(ladder: Path) -> None:
    res = altay("arena", "--resume", "--out", str(ladder), "--bot-memory", "99")
    assert res.returncode == 2 and "--bot-memory: stored 1024, given 99" in res.stderr
