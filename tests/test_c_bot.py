"""The C starter bot (bots/starters/c/starter_bot.c): it compiles warning-free, passes check-bot, reads
the board from hello.static, and beats the random bot. Skipped where there is no C compiler."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from altay_cli.engine import load_game
from altay_cli.referee import BotCommand, MatchOptions, run_match
from altay_cli.referee.compliance import check_bot
from altay_cli.referee.sandbox import SandboxPolicy
from tests.referee_helpers import marked

SOURCE = Path(__file__).resolve().parent.parent / "bots" / "starters" / "c" / "starter_bot.c"
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler here")


@pytest.fixture(scope="module")
def binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cbot") / "starter_bot"
    build = subprocess.run(
        [CC, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", str(out), str(SOURCE)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    return out


def test_the_c_bot_passes_check_bot(binary: Path, tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    for players in (2, 4):
        checks = check_bot(str(binary), players=players, seed=players, game_options={"max_rounds": 8})
        assert all(c.passed for c in checks), [c.to_dict() for c in checks if not c.passed]


def test_the_c_bot_beats_random(binary: Path, tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    game = load_game("altay")
    wins = 0
    for seed in range(4):
        result = run_match(
            [BotCommand("c", str(binary)), BotCommand("r", "random")],
            game.make_config(2, seed),
            MatchOptions(move_ms=5000, sandbox=SandboxPolicy(mode="auto")),
            game=game,
        )
        assert result.completed and not result.failures
        wins += result.ranks[0] == 1
    assert wins >= 3, f"the C starter bot won {wins} of 4 games against random"
