"""`altay play`'s session from Python (`interactive.play.open_play`, `PlaySession.start/feed`),
not through click: the same loop and printers as the command, so the answers a script reads
from `altay play` are the ones a Python caller gets, byte for byte. Each test plays one short
game (Altay, one round: seconds)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from altay_cli.interactive.play import PlayOptions, PlaySetupError, open_play
from altay_cli.interactive.printers import JsonPrinter, TextPrinter
from tests.play_helpers import run_altay

HERE = Path(__file__).parent
CRASH = f"{sys.executable} {HERE / 'arena_bots' / 'crash_bot.py'}"
#: a short game against an in-process player; the lines mix actions, views, mistakes and undo
OPTIONS = PlayOptions(seed=7, seats=("1=policy:greedy",), game_options={"max_rounds": 1})
LINES = ["help", "actions", "state", "history 3", "99", "{", "0", "undo", "0"] + ["0"] * 200


def play_lines(play: Any, lines: list[str]) -> int:
    """Feed lines until the session ends, as `PlaySession.run` does (leaving at end of input)."""
    code = play.start()
    for line in lines:
        if code is not None:
            break
        code = play.feed(line)
    if code is None:
        code = play.leave("end of input")
    play.close()
    return code


def test_json_answers_from_python_are_the_commands_answers() -> None:
    answers: list[dict[str, Any]] = []
    play = open_play(OPTIONS, printer=JsonPrinter(sink=answers.append))
    assert play_lines(play, LINES) == 0
    kinds = [a["type"] for a in answers]
    assert kinds[:9] == [
        "decide",
        "help",
        "actions",
        "observation",
        "history",
        "error",
        "error",
        "decide",
        "decide",
    ]
    assert answers[0]["game"] == "altay" and answers[0]["seats"][1]["kind"] == "policy"
    assert "game" not in answers[7] and answers[8]["undone"] >= 1  # the set-up once; undo says so
    assert kinds[-1] == "result" and answers[-1]["seed"] == 7 and answers[-1]["decisions"] > 0
    count = len(answers)
    assert play.feed("0") == 0 and play.feed("quit") == 0 and len(answers) == count  # over: not read
    cli = run_altay(
        ["play", "--json", "--seed", "7", "--seat", "1=policy:greedy", "--max-rounds", "1"],
        stdin="\n".join(LINES) + "\n",
    )
    assert cli.returncode == 0, cli.stderr
    sent = "".join(orjson.dumps(a).decode() + "\n" for a in answers)
    assert cli.stdout == sent  # the same loop, the same printer


def test_text_answers_from_python_are_the_commands_text() -> None:
    out = io.StringIO()
    play = open_play(OPTIONS, printer=TextPrinter(out))
    assert play_lines(play, LINES) == 0
    text = out.getvalue()
    assert text.startswith("Altay") or "Seats: P0 you, P1 greedy (policy)" in text
    assert "there is no action 99" in text and "Game over after" in text
    cli = run_altay(
        ["play", "--seed", "7", "--seat", "1=policy:greedy", "--max-rounds", "1"],
        stdin="\n".join(LINES) + "\n",
    )
    assert cli.returncode == 0 and cli.stdout == text


def test_a_bot_program_seat_from_python_fails_to_its_default_and_warnings_are_given() -> None:
    warnings: list[str] = []
    answers: list[dict[str, Any]] = []
    options = PlayOptions(seed=9, seats=(f"1={CRASH}",), game_options={"max_rounds": 1}, move_ms=5000)
    play = open_play(options, printer=JsonPrinter(sink=answers.append), warn=warnings.append)
    assert any("--seed 9 is below 2^48" in w for w in warnings)  # a program plays: the seed is said
    assert play_lines(play, ["0"] * 200) == 0
    notes = [n for a in answers for n in a.get("notes", [])]
    assert any("failed" in n and "first legal action" in n for n in notes)  # the crash, then its default
    assert answers[-1]["type"] == "result"


@pytest.mark.parametrize(
    ("options", "option", "words"),
    [
        (PlayOptions(game="nonesuch"), "--game", "nonesuch"),
        (PlayOptions(players=9), "--players", "is for 2 to"),
        (PlayOptions(seats=("7=greedy",)), "--seat", "seat"),
        (PlayOptions(seats=("1=policy:nonesuch",)), "--seat", "nonesuch"),
        (PlayOptions(load_path="/nonexistent/game.jsonl"), None, "cannot continue"),
        (PlayOptions(game_options={"max_rounds": 0}), None, "max"),
    ],
)
def test_bad_options_are_one_sentence_naming_the_option(
    options: PlayOptions, option: str | None, words: str
) -> None:
    with pytest.raises(PlaySetupError, match=words) as caught:
        open_play(options)
    assert caught.value.option == option
