"""Innovation through every layer, as users meet it: the bot author's guide and schema, real
bot processes in `altay match`, `check-bot --game innovation`, an arena, `altay replay`, and
a person playing `altay play --game innovation` at a terminal (pexpect)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.innovation.actions import AnyAction
from altay_cli.engine.innovation.events import Happening, StepEvent
from altay_cli.engine.innovation.observation import Decision, Observation, PlayerView
from altay_cli.engine.innovation.static import CardInfo, StaticInfo
from altay_cli.referee import BotCommand, MatchOptions, run_match
from altay_cli.replay import VALID, replay_log
from altay_cli.schema import committed_schema_path, game_schema
from tests.play_helpers import REPO, altay_argv
from tests.referee_helpers import assert_no_leak, marked

GAME = load_game("innovation")
GUIDE = REPO / "protocol" / "games" / "innovation.md"


def altay(*args: str, stdin: str | None = None, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=timeout,
    )


# ---------------------------------------------------------------------------- the guide
def test_the_committed_schema_is_current() -> None:
    committed = json.loads(committed_schema_path(GAME).read_text(encoding="utf-8"))
    assert committed == game_schema(GAME), (
        "run `altay schema --game innovation -o protocol/games/innovation.schema.json`"
    )


def test_the_guide_documents_every_action_and_field() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    for action in AnyAction.__args__:  # type: ignore[attr-defined]
        tag = action.__struct_config__.tag
        assert f'"type":"{tag}"' in guide, f"action {tag} has no example"
    for struct in (Observation, PlayerView, Decision, StaticInfo, CardInfo, Happening, StepEvent):
        for field in struct.__struct_encode_fields__:
            assert f"`{field}`" in guide, f"{struct.__name__}.{field} is not documented"
    assert "games/innovation.md" in (REPO / "protocol" / "PROTOCOL.md").read_text(encoding="utf-8")


def test_the_guides_complete_request_is_what_the_referee_sends() -> None:
    from tests.golden.request_fixture import INNOVATION_FIXTURE, innovation_request_line

    line = INNOVATION_FIXTURE.read_bytes()
    assert line == innovation_request_line(), (
        "run `python -m tests.golden.request_fixture` and update the guide"
    )
    block = GUIDE.read_text(encoding="utf-8").split("## A complete request", 1)[1]
    block = block.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == json.loads(line)
    request = json.loads(line)
    assert (
        request["observation"]["decision"]["seat"]
        == request["observation"]["seat"]
        != request["observation"]["active"]
    )


# ---------------------------------------------------------------------------- real bot processes
@pytest.mark.parametrize(
    "lineup", [["greedy", "random"], ["random", "greedy", "node-random"], ["greedy"] * 4]
)
def test_bot_processes_play_whole_games_and_the_log_replays(
    lineup: list[str], tmp_path: Path, monkeypatch
) -> None:
    import shutil

    if "node-random" in lineup and shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotCommand(f"{b}{i}", b) for i, b in enumerate(lineup)],
        GAME.make_config(len(lineup), 40 + len(lineup)),
        MatchOptions(move_ms=5000),
        log_path=log,
        game=GAME,
    )
    assert result.completed and not result.failures and result.game == "innovation"
    assert result.end_reason in ("achievements", "draw_above_10", "card_win", "turn_limit")
    verdict = replay_log(log, strict=True)
    assert verdict.status == VALID, verdict.message
    assert_no_leak(marker)


def test_match_on_the_command_line(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    r = altay("match", "--game", "innovation", "greedy", "random", "--seed", "3", "--json", "--log", str(log))
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["game"] == "innovation" and result["completed"] and not result["failures"]
    r = altay("replay", str(log), "--show", "--seat", "1")
    assert r.returncode == 0, r.stderr
    assert "dogma" in r.stdout and "P0 drew a" in r.stdout  # seat 1 sees the ages of P0's draws


def test_edition_and_turn_limit_options(tmp_path: Path) -> None:
    r = altay(
        "match", "--game", "innovation", "random", "random", "--edition", "1e", "--max-turns", "6", "--json"
    )
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["end_reason"] in ("turn_limit", "achievements", "card_win", "draw_above_10")
    r = altay("match", "--game", "innovation", "random", "random", "--edition", "2e")
    assert r.returncode == 2 and "edition" in r.stderr.lower() and "Traceback" not in r.stderr


def test_check_bot_passes_the_reference_bots() -> None:
    for bot in ("random", "greedy"):
        r = altay("check-bot", "--game", "innovation", bot, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "FAIL" not in r.stdout and "demand" in r.stdout.lower()


def test_a_crashing_bot_forfeits_an_innovation_game(tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    crash = REPO / "tests" / "bad_bots" / "crash.py"
    result = run_match(
        [BotCommand("g", "greedy"), BotCommand("bad", f"{sys.executable} {crash} 3")],
        GAME.make_config(2, 5),
        MatchOptions(move_ms=5000),
        game=GAME,
    )
    assert result.end_reason == "forfeit" and result.forfeits == [1] and result.ranks[1] == 2


def test_an_arena_of_innovation_bots(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    r = altay(
        "arena",
        "--game",
        "innovation",
        "g=greedy",
        "r=random",
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
    board = json.loads(r.stdout)
    text = json.dumps(board)
    assert "innovation" in text and '"g"' in text and '"r"' in text
    r = altay("arena", "verify", str(out))
    assert r.returncode == 0, r.stdout + r.stderr


# ---------------------------------------------------------------------------- a person at a terminal
pexpect = pytest.importorskip("pexpect")
PROMPT = "P0> "


def test_a_person_plays_innovation_against_the_greedy_bot(tmp_path: Path) -> None:
    argv = altay_argv()
    saved = tmp_path / "g.jsonl"
    child = pexpect.spawn(
        argv[0],
        [*argv[1:], "play", "--game", "innovation", "--seed", "5", "--seat", "1=greedy"],
        cwd=str(REPO),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )

    def ask(line: str, *expect: str) -> None:
        child.sendline(line)
        for text in expect:
            child.expect_exact(text)
        child.expect_exact(PROMPT)

    try:
        child.expect_exact("Seats: P0 you, P1 greedy (bot)")
        child.expect_exact("Legal actions (2)")
        child.expect_exact(PROMPT)
        ask("draw", "`draw` is not legal now; legal: first City States, first Code of Laws")
        ask("card oars", "Oars: age 1, red; featured icon castle", "demand 1:")
        ask("first city", "P0 (you): picks City States to meld first", "you melded City States")
        ask("do city", "dogma City States")
        ask("board", "P0 (you)", "City States (1)")
        ask("fly", "is not a command")
        ask(f"save {saved}", "Saved")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert replay_log(saved).ok or replay_log(saved).status is not None
