"""The reference bots on their own (raw stdin/stdout), the altay_bot.py helper, and strength."""

from __future__ import annotations

import json
import shutil
import subprocess
import textwrap

import pytest

from altay_cli.engine.altay import GameConfig, new_game
from altay_cli.engine.altay.observation import Settings as GameSettings
from altay_cli.gamelog import Decision, read_log
from altay_cli.referee import BotSpec, MatchOptions, resolve_bot_command, run_match
from protocol import Clock, Hello, Ping, Quit, Request, encode_line
from protocol.messages import ClockSettings

from .referee_helpers import BOTS, PY, assert_no_leak, marked


def _conversation() -> tuple[bytes, int]:
    """hello, a real request (setup: choose a faction), an unknown message, ping, quit."""
    g = new_game(GameConfig(players=2, seed=3))
    seat = g.to_move
    hello = Hello(
        protocol_version=1,
        seat=seat,
        seats=[seat],
        num_players=2,
        name="t",
        game=GameSettings(players=2, factions=None, setup="choose", trading=False, max_rounds=60),
        clock=ClockSettings(move_ms=1000, bank_ms=0, increment_ms=0, startup_ms=10000),
        max_line_bytes=1_000_000,
    )
    request = Request(
        id=1,
        seat=seat,
        clock=Clock(1000, 0, 0),
        events=[],
        actions=g.legal_actions(),
        observation=g.observation(seat),
    )
    data = b"".join(
        [
            encode_line(hello),
            encode_line(request),
            b'{"type":"x_new","future":1}\n',
            encode_line(Ping(id=2)),
            encode_line(Quit()),
        ]
    )
    return data, len(g.legal_actions())


@pytest.mark.parametrize("alias", ["random", "greedy", "node-random"])
def test_reference_bot_speaks_the_protocol_on_its_own(alias: str) -> None:
    argv = resolve_bot_command(alias)
    if shutil.which(argv[0]) is None:
        pytest.skip(f"{argv[0]} is not installed")
    data, n_actions = _conversation()
    proc = subprocess.run(argv, input=data, capture_output=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    ready, answer, pong = (json.loads(line) for line in proc.stdout.splitlines())
    assert ready["type"] == "ready" and ready["name"]
    assert answer["type"] == "action" and answer["id"] == 1 and 0 <= answer["index"] < n_actions
    assert pong == {"type": "pong", "id": 2}


def test_altay_bot_helper_and_info_text(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    bot = tmp_path / "helper_bot.py"
    bot.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(BOTS)!r})
            import altay_bot

            def choose(observation, actions):
                return len(actions) - 1, f"{{len(actions)}} options, took the last"

            altay_bot.run(choose, name="helper", version="9")
            """
        )
    )
    log = tmp_path / "g.jsonl"
    result = run_match(
        [BotSpec("helper", f"{PY} {bot}"), BotSpec("r", "random")],
        GameConfig(seed=4, max_rounds=5),
        log_path=log,
    )
    assert result.completed, result.failures
    mine = [d for d in read_log(log) if isinstance(d, Decision) and d.seat == 0]
    assert mine and all(d.info and d.info.endswith("options, took the last") for d in mine)
    assert_no_leak(marker)


def test_greedy_beats_random_clearly(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    wins = 0
    games = 10
    for g in range(games):
        seat = g % 2
        bots = [BotSpec("random", f"random {g}"), BotSpec("random", f"random {g}")]
        bots[seat] = BotSpec("greedy", f"greedy {g}")
        result = run_match(bots, GameConfig(players=2, seed=500 + g), MatchOptions(move_ms=5000))
        assert result.completed, result.failures
        wins += result.winners == [seat]
    assert wins >= 8, f"greedy won only {wins} of {games} games against random"
    assert_no_leak(marker)
