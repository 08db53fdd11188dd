"""A guessable seed is said out loud: `match`, `check-bot` and `play` warn on stderr, in one line,
when the organiser's --seed is below 2^48 and a bot program plays, and the log header records
where the seed came from (organiser or operating system). Through the real command line; about
ten seconds in all (check-bot plays its short test games once)."""

from __future__ import annotations

from pathlib import Path

import orjson

from altay_cli.records import GUESSABLE_SEED_BITS
from tests.play_helpers import run_altay

WARNING = f"is below 2^{GUESSABLE_SEED_BITS}"


def warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if WARNING in line]


def header(log: Path) -> dict:
    return orjson.loads(log.read_bytes().split(b"\n", 1)[0])


def test_match_warns_of_a_small_seed_and_records_its_source(tmp_path: Path) -> None:
    small, large, secret = tmp_path / "small.jsonl", tmp_path / "large.jsonl", tmp_path / "secret.jsonl"
    base = ["match", "random", "random", "--max-rounds", "1", "--json"]
    res = run_altay([*base, "--seed", "42", "--log", str(small)])
    assert res.returncode == 0, res.stderr
    (line,) = warnings(res.stderr)
    assert line.startswith("warning: --seed 42 ") and "leave --seed out" in line
    assert orjson.loads(res.stdout)["seed"] == 42  # --json output stays one clean object
    assert header(small)["seed_source"] == "organiser"

    res = run_altay([*base, "--seed", str(1 << GUESSABLE_SEED_BITS), "--log", str(large)])
    assert res.returncode == 0 and warnings(res.stderr) == []
    assert header(large)["seed_source"] == "organiser"

    res = run_altay([*base, "--log", str(secret)])
    assert res.returncode == 0 and warnings(res.stderr) == []
    assert header(secret)["seed_source"] == "system"


def test_check_bot_warns_of_a_small_seed(tmp_path: Path) -> None:
    res = run_altay(["check-bot", "random", "--players", "2", "--max-rounds", "2", "--seed", "5", "--json"])
    assert res.returncode in (0, 1), res.stdout + res.stderr  # (a short game may see no defence)
    (line,) = warnings(res.stderr)
    assert line.startswith("warning: --seed 5 ")
    report = orjson.loads(res.stdout)  # --json output stays one clean object
    assert report["seed"] == 5 and report["checks"][0]["passed"]
    res = run_altay(["check-bot", str(tmp_path / "no-such-bot"), "--seed", str(1 << 50)])
    assert res.returncode == 1 and warnings(res.stderr) == []


def test_play_warns_only_when_a_bot_program_plays_and_keeps_the_source_on_load(tmp_path: Path) -> None:
    game = ["play", "--max-rounds", "1", "--recommended"]
    with_bot, in_process, secret = (tmp_path / f"{n}.jsonl" for n in ("bot", "policy", "secret"))
    res = run_altay([*game, "--seed", "5", "--seat", "1=random", "--log", str(with_bot)], "quit\n")
    assert res.returncode == 0, res.stderr
    (line,) = warnings(res.stderr)
    assert line.startswith("warning: --seed 5 ")
    assert header(with_bot)["seed_source"] == "organiser"

    # an in-process player is no program that could search for the seed
    res = run_altay([*game, "--seed", "5", "--seat", "1=policy:greedy", "--log", str(in_process)], "quit\n")
    assert res.returncode == 0 and warnings(res.stderr) == []
    assert header(in_process)["seed_source"] == "organiser"

    res = run_altay([*game, "--seat", "1=random", "--log", str(secret)], "quit\n")
    assert res.returncode == 0 and warnings(res.stderr) == []
    assert header(secret)["seed_source"] == "system"

    # continued later: the seed is still the organiser's, said again, kept in the new log
    again = tmp_path / "again.jsonl"
    res = run_altay(["play", "--load", str(in_process), "--seat", "1=random", "--log", str(again)], "quit\n")
    assert res.returncode == 0, res.stderr
    assert len(warnings(res.stderr)) == 1
    assert header(again)["seed_source"] == "organiser"
    res = run_altay(["play", "--load", str(secret), "--log", str(secret)], "quit\n")
    assert res.returncode == 0 and warnings(res.stderr) == []
    assert header(secret)["seed_source"] == "system"


def test_replay_says_where_the_seed_came_from(tmp_path) -> None:
    """`altay replay` names an organiser's seed, and calls it guessable below 2^48."""
    import subprocess
    import sys

    for args, said in (
        (["--seed", "42"], "seed 42 (the organiser's, guessable: below 2^48)"),
        (["--seed", str(1 << 50)], f"seed {1 << 50} (the organiser's)"),
        ([], "(secret until the game ended)"),
    ):
        log = tmp_path / f"g{len(args)}-{args[-1] if args else 'os'}.jsonl"
        altay = [sys.executable, "-m", "altay_cli"]
        played = subprocess.run(
            [*altay, "match", "random", "random", "--max-rounds", "2", "--log", str(log), *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert played.returncode == 0, played.stderr
        shown = subprocess.run([*altay, "replay", str(log)], capture_output=True, text=True, timeout=120)
        assert shown.returncode == 0 and said in shown.stdout, shown.stdout
