"""Every layer above the seam, tried on a second and very different game: the toy cooperative
game of tests/toygame.py (1-4 players, hidden hands, one shared result), which none of them
was written for and which implements the rules contract alone (`Rules`, no facet): `match`,
`replay`, `play`, `arena`, `check-bot` and the viewer all run it on the seam's defaults. Real
bot processes, real logs, the real command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.gamelog import Header, Result, read_log
from altay_cli.referee import BotCommand, MatchOptions, run_match
from altay_cli.replay import VALID, replay_log
from arena.leaderboard import wilson_interval
from tests.conftest import TOY_GAME
from tests.referee_helpers import marked

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "ALTAY_GAMES": f"{TOY_GAME}=tests.toygame", "PYTHONPATH": str(ROOT)}


def altay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=120,
    )


def test_a_match_of_the_toy_game_between_bot_processes(tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    game = load_game(TOY_GAME)
    log = tmp_path / "toy.jsonl"
    results = set()
    for seed in range(6):
        result = run_match(
            [BotCommand("a", "random"), BotCommand("b", "random 3"), BotCommand("c", "node-random")],
            game.make_config(3, seed),
            MatchOptions(move_ms=5000),
            log_path=log,
            game=game,
        )
        assert result.completed and not result.failures and result.game == TOY_GAME
        assert result.team in ("won", "lost") and len(set(result.ranks)) == 1
        results.add(result.team)
        lines = read_log(log)
        header, last = lines[0], lines[-1]
        assert isinstance(header, Header) and header.game == TOY_GAME and header.engine_version == "0.1"
        assert isinstance(last, Result) and last.team == result.team
        verdict = replay_log(log, strict=True)
        assert verdict.status == VALID, verdict.message
    assert results == {"won", "lost"}, "six seeded games should include a win and a loss"


def test_a_forfeit_loses_the_game_for_the_whole_team(tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    game = load_game(TOY_GAME)
    crash = str(ROOT / "tests" / "bad_bots" / "crash.py")
    result = run_match(
        [BotCommand("a", "random"), BotCommand("bad", f"{sys.executable} {crash} 0")],
        game.make_config(2, 1),
        MatchOptions(move_ms=5000),
        game=game,
    )
    assert result.end_reason == "forfeit" and result.forfeits == [1] and result.team == "lost"
    assert result.winners == []


def test_the_command_line_plays_it(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    r = altay("match", "--game", TOY_GAME, "random", "random", "--bonus", "2", "--json", "--log", str(log))
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["game"] == TOY_GAME and data["team"] in ("won", "lost") and data["factions"] == ["", ""]
    assert altay("replay", str(log)).returncode == 0
    shown = altay("replay", str(log), "--show", "--seat", "0")
    assert "(you): play " in shown.stdout, shown.stdout + shown.stderr
    # the game's options are its own: another game's are refused, with the reason
    r = altay("match", "--game", TOY_GAME, "random", "random", "--trading")
    assert r.returncode == 2 and "--trading is not an option of toy-sum" in r.stderr
    r = altay("match", "random", "random", "--bonus", "2")
    assert r.returncode == 2 and "--bonus is not an option of altay" in r.stderr
    r = altay("match", "--game", "chess", "random", "random")
    assert r.returncode == 2 and "chess" in r.stderr and "Traceback" not in r.stderr


def test_play_serves_the_toy_game_on_the_default_notation(tmp_path: Path) -> None:
    """A person at a terminal (pexpect): actions in words (`play 3`, `play` when one card fits),
    by number or as JSON, mistakes explained in one sentence, `why`, the views in words from
    the observation, to the end of the game."""
    pexpect = pytest.importorskip("pexpect")
    log = tmp_path / "p.jsonl"
    args = ["-m", "altay_cli", "play", "--game", TOY_GAME, "--players", "2", "--seed", "5"]
    child = pexpect.spawn(
        sys.executable,
        [*args, "--seat", "1=random", "--log", str(log)],
        cwd=str(ROOT),
        env=ENV,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )
    try:
        child.expect_exact("Seats: P0 you, P1 random (bot)")
        child.expect_exact("hand sizes: 2, 2")  # the full view: the observation's fields in words
        child.expect_exact("0 play ")
        child.sendline("play 99")
        child.expect_exact("'play 99' is not legal now (`actions` lists what is)")
        child.sendline("dance")
        child.expect_exact("unknown command 'dance'")
        child.sendline('{"type": "play", "card": 99}')
        child.expect_exact("illegal action: that card is not in your hand")
        child.sendline("why stop")
        child.expect_exact("'stop' is not legal now")
        child.sendline("full")
        child.expect_exact("deck size: ")
        child.sendline('{"type": "play", "card": 5}')  # seed 5: seat 0 holds a 3 and a 5
        child.expect_exact("P0 (you): play 5")
        for _ in range(20):  # at most two cards each a turn reach the target: the game ends
            child.sendline("0")
            if child.expect_exact(["P0 (you): play ", "Game over after"]) == 1:
                break
        else:
            child.expect_exact("Game over after")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert replay_log(log, strict=True).status == VALID
    assert altay("check-bot", "--game", TOY_GAME, "random").returncode == 0


def test_the_viewer_draws_the_toy_game_from_its_observations(tmp_path: Path) -> None:
    """No drawing: the page shows what each pair of eyes may see as data (a seat's observation,
    the full state for `all`), with decisions in the default notation."""
    from altay_cli.web.eyes import ALL, seat_eyes
    from altay_cli.web.pagedata import page_data

    log = tmp_path / "v.jsonl"
    assert (
        altay("match", "--game", TOY_GAME, "random", "random", "--seed", "3", "--log", str(log)).returncode
        == 0
    )
    for eyes in (["--view", "seat", "1"], ["--view", "all"], []):
        page = tmp_path / f"v{len(eyes)}.html"
        r = altay("view", str(log), "-o", str(page), *eyes)
        assert r.returncode == 0 and page.stat().st_size > 0, r.stderr
    import tests.conftest  # noqa: F401 (registers the toy game in this process)

    game = load_game(TOY_GAME)
    state = game.new_state(game.make_config(2, 3))
    seat = page_data(log, seat_eyes(1)).data
    assert seat["game"]["drawing"] is False
    assert seat["frames"][0] == {"k": msgspec.to_builtins(state.observation(1))}
    everything = page_data(log, ALL).data
    assert everything["frames"][0]["k"]["hands"] == state.hands
    legal = [game.text.command_text(a) for a in state.legal_actions()]
    assert everything["decisions"][0]["legal"] == legal and legal[0].startswith("play ")


def test_a_cooperative_arena_ranks_bots_by_team_results(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    args = ["arena", "--game", TOY_GAME, "a=random", "b=random 7", "--players", "2", "--games", "6"]
    r = altay(*args, "--out", str(out), "--json", "-q")
    assert r.returncode == 0, r.stderr
    board = json.loads(r.stdout)
    assert board["arena"]["game"] == TOY_GAME and board["arena"]["cooperative"] is True
    assert board["rating"]["model"] == "team results" and board["head_to_head"] == {}
    for row in board["leaderboard"]:
        assert "ordinal" not in row and row["games"] == 12
        low, high = row["win_rate_95"]
        assert low <= row["win_rate"] <= high
    rates = [row["win_rate"] for row in board["leaderboard"]]
    assert rates == sorted(rates, reverse=True)
    text = altay("arena", "report", str(out))
    assert "Win % [95% interval]" in text.stdout and "cooperative game" in text.stdout
    assert altay("arena", "verify", str(out)).returncode == 0


def test_the_toy_games_schema_has_its_own_payloads() -> None:
    r = altay("schema", "--game", TOY_GAME)
    defs = json.loads(r.stdout)["$defs"]
    assert {"Play", "Stop", "Observation"} <= set(defs) and "Attack" not in defs


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(3, 24, 0.0434, 0.3100), (0, 24, 0.0, 0.1380), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962)],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    interval = wilson_interval(wins, games)
    assert interval is not None
    assert interval[0] == pytest.approx(low, abs=1e-3) and interval[1] == pytest.approx(high, abs=1e-3)
    assert wilson_interval(0, 0) is None


def test_the_viewer_page_of_the_toy_game_runs_in_chromium(tmp_path: Path) -> None:
    """The page of a game with no drawing, in a real browser: it gets ready, draws each step's
    data, steps to the end and shows the team's result; no console error, no request. (One
    page, about 5 s; skipped where there is no Chromium.)"""
    from tests.browser import chromium, chromium_missing

    if chromium_missing():
        pytest.skip(chromium_missing())
    log, page = tmp_path / "c.jsonl", tmp_path / "c.html"
    assert altay("match", "--game", TOY_GAME, "random", "random", "--log", str(log)).returncode == 0
    assert altay("view", str(log), "-o", str(page), "--view", "all").returncode == 0
    with chromium() as browser:
        browser.open(page)
        for _ in range(100):
            if browser.run("return document.body.dataset.ready") == "1":
                break
            time.sleep(0.05)
        assert browser.run("return document.body.dataset.ready") == "1", browser.console_errors()
        keys = browser.run("return [...document.querySelectorAll('.tree-key')].map(k => k.textContent)")
        assert {"hands", "pile", "deck"} <= set(keys), keys  # all eyes: the full state, as a tree
        browser.driver.find_element("id", "last").click()
        assert browser.run("return document.getElementById('result').hidden") is False
        rows = browser.run("return document.querySelectorAll('#result tr[data-seat]').length")
        assert rows == 2
        assert browser.console_errors() == [] and browser.network_requests() == []
