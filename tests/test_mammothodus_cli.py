"""Mammothodus through every layer: its guide and schema, real bot processes at one to four
clans, a forfeit losing the game for the team, check-bot, a cooperative arena, replay, and a
person at a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus.actions import AnyAction
from altay_cli.engine.mammothodus.data import load
from altay_cli.engine.mammothodus.machine import start_choices
from altay_cli.engine.mammothodus.narration import listing
from altay_cli.engine.mammothodus.observation import ClanView, Observation, TerritoryView
from altay_cli.engine.mammothodus.views import region_heading
from altay_cli.referee import BotCommand, MatchOptions, run_match
from altay_cli.replay import VALID, replay_log
from altay_cli.schema import committed_schema_path, game_schema
from tests.play_helpers import REPO, altay_argv
from tests.referee_helpers import assert_no_leak, marked

GAME = load_game("mammothodus")
GUIDE = REPO / "protocol" / "games" / "mammothodus.md"


def altay(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], capture_output=True, text=True, cwd=REPO, timeout=timeout
    )


def test_the_schema_is_current_and_the_guide_complete() -> None:
    committed = json.loads(committed_schema_path(GAME).read_text(encoding="utf-8"))
    assert committed == game_schema(GAME), (
        "run `altay schema --game mammothodus -o protocol/games/mammothodus.schema.json`"
    )
    guide = GUIDE.read_text(encoding="utf-8")
    for action in AnyAction.__args__:  # type: ignore[attr-defined]
        assert f'"type":"{action.__struct_config__.tag}"' in guide
    for struct in (Observation, ClanView, TerritoryView):
        for field in struct.__struct_encode_fields__:
            assert f"`{field}`" in guide, f"{struct.__name__}.{field} is not documented"


@pytest.mark.parametrize("clans", [1, 2, 4])
def test_bot_processes_play_whole_games_and_logs_replay(clans: int, tmp_path: Path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "m.jsonl"
    result = run_match(
        [BotCommand(f"r{i}", f"random {i}") for i in range(clans)],
        GAME.make_config(clans, 70 + clans),
        MatchOptions(move_ms=5000),
        log_path=log,
        game=GAME,
    )
    assert result.completed and not result.failures and result.team in ("won", "lost")
    assert len(set(result.ranks)) == 1
    verdict = replay_log(log, strict=True)
    assert verdict.status == VALID, verdict.message
    assert_no_leak(marker)


def test_a_crashing_clan_loses_the_game_for_the_team(tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    crash = REPO / "tests" / "bad_bots" / "crash.py"
    result = run_match(
        [BotCommand("r", "random"), BotCommand("bad", f"{sys.executable} {crash} 2")],
        GAME.make_config(2, 5),
        MatchOptions(move_ms=5000),
        game=GAME,
    )
    assert result.end_reason == "forfeit" and result.forfeits == [1] and result.team == "lost"
    assert result.winners == []


def test_the_command_line(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    r = altay(
        "match",
        "--game",
        "mammothodus",
        "random",
        "random 2",
        "random 3",
        "--discoveries",
        "--json",
        "--log",
        str(log),
    )
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["game"] == "mammothodus" and result["team"] in ("won", "lost")
    assert result["factions"] == list(load().clans.names[:3])
    r = altay("replay", str(log), "--show", "--seat", "2")
    assert r.returncode == 0 and "The humans reveal a" in r.stdout, r.stdout[-2000:]
    r = altay("match", "--game", "mammothodus", "random", "--max-turns", "0")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    r = altay("check-bot", "--game", "mammothodus", "random", timeout=600)
    assert r.returncode == 0 and "FAIL" not in r.stdout, r.stdout


def test_a_cooperative_arena(tmp_path: Path) -> None:
    out = tmp_path / "coop"
    r = altay(
        "arena",
        "--game",
        "mammothodus",
        "a=random",
        "b=random 9",
        "--players",
        "2",
        "--games",
        "2",
        "--concurrency",
        "2",
        "--out",
        str(out),
        "--json",
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert "mammothodus" in text and "win_rate" in text
    assert altay("arena", "verify", str(out)).returncode == 0


def test_a_self_play_arena_counts_each_team_game_once_per_bot(tmp_path: Path) -> None:
    """--teams both: each bot alone in every seat, plus the mixed groups; the table splits them."""
    out = tmp_path / "teams"
    args = ["arena", "--game", "mammothodus", "a=random", "b=random 9", "-p", "3", "--games", "2"]
    r = altay(*args, "--teams", "both", "-j", "2", "--out", str(out), "--json", timeout=600)
    assert r.returncode == 2 and "at least 3 bots" in r.stderr  # mixed groups of 3 need 3 bots
    r = altay(*args, "--teams", "self", "-j", "2", "--out", str(out), "--json", timeout=600)
    assert r.returncode == 0, r.stderr
    board = json.loads(r.stdout)
    assert board["arena"]["teams"] == "self" and board["arena"]["games_played"] == 4
    for row in board["leaderboard"]:
        assert row["games"] == 2 == row["alone"]["games"] and row["mixed"]["games"] == 0
        assert row["seats"][0]["games"] == row["seats"][2]["games"] == 2
    # the two bots on the same deals: random wins none, so no deal tells them apart
    ((pair),) = board["paired"]
    assert (pair["a"], pair["b"]) == ("a", "b") or (pair["a"], pair["b"]) == ("b", "a")
    assert (pair["deals"], pair["both_won"], pair["a_only"], pair["b_only"]) == (2, 0, 0, 0)
    assert pair["p_value"] == 1.0 and pair["verdict"] == "no difference shown"
    r = altay("arena", "report", str(out))
    assert r.returncode == 0 and "each bot alone in every seat" in r.stdout, r.stdout
    assert "Same deals, each bot alone" in r.stdout and "McNemar" in r.stdout
    r = altay("arena", "a=random", "-p", "2", "--teams", "self", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and "cooperative" in r.stderr and "Traceback" not in r.stderr
    assert altay("arena", "verify", str(out)).returncode == 0


pexpect = pytest.importorskip("pexpect")


#: the choices of starting figurines and the first region, as the data gives them
START = start_choices(load().limits.figurines_at_start)
REGION = load().map.regions[0]


def test_a_person_plays_a_clan_at_a_terminal() -> None:
    argv = altay_argv()
    child = pexpect.spawn(
        argv[0],
        [*argv[1:], "play", "--game", "mammothodus", "--players", "2", "--seed", "3", "--seat", "1=random"],
        cwd=str(REPO),
        encoding="utf-8",
        timeout=60,
        dimensions=(60, 140),
    )
    try:
        child.expect_exact("Seats: P0 you, P1 random (bot)")
        child.expect_exact(f"Legal actions ({len(START)})")
        child.expect_exact("P0> ")
        child.sendline("start " + " ".join(START[0])[:-3])  # the last colour's prefix is enough
        child.expect_exact(f"starts with its {listing(list(START[0]))} figurine")
        child.expect_exact("P0> ")
        child.sendline("map")
        child.expect_exact(region_heading(REGION))
        child.expect_exact("P0> ")
        child.sendline("dance")
        child.expect_exact("is not a command")
        child.expect_exact("P0> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_an_option_two_games_share_is_explained_for_each() -> None:
    """--max-turns means another thing in Innovation and in Mammothodus: the help says both,
    each with its own default (a bot author once read Innovation's default as Mammothodus's)."""
    from click.testing import CliRunner

    from altay_cli.cli import main

    out = CliRunner().invoke(main, ["match", "--help"], terminal_width=400).output
    line = " ".join(out.split("--max-turns N", 1)[1].split("--", 1)[0].split())
    innovation = load_game("innovation").options
    mammothodus = load_game("mammothodus").options
    for game, options in (("Innovation", innovation), ("Mammothodus", mammothodus)):
        option = next(o for o in options if o.field == "max_turns")
        assert f"{game}: {option.help} (default: {option.default})" in line, line


def test_a_game_is_counted_in_turns_as_its_limit_is() -> None:
    """`max_turns` counts clans' turns: match and check-bot say a game's length in turns too."""
    argv = ["match", "--game", "mammothodus", "t=greedy", "t", "--max-turns=9"]
    r = subprocess.run(
        [sys.executable, "-m", "altay_cli", *argv],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    ended = [line for line in r.stdout.splitlines() if "; game ended: " in line]
    assert ended and ended[0].split(" ", 1)[1].startswith("turns; "), r.stdout
    assert int(ended[0].split(" ", 1)[0]) <= 9, r.stdout  # the limit, in the same unit
    assert " rounds" not in r.stdout
