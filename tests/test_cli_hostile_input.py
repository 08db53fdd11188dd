"""No traceback from any input: `altay play` fed arbitrary lines (fuzzed in-process and piped
as raw bytes), integers of any size on every command line, unusable log and load paths. Each
gets exit code 0, 1 or 2 and a sentence."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig
from altay_cli.interactive.app import PlayApp
from altay_cli.interactive.seats import human_spec, make_controller, parse_seat_spec, seat_info
from altay_cli.interactive.session import Session

WORDS = [
    "play",
    "buy",
    "place",
    "develop",
    "attack",
    "settle",
    "fight",
    "surrender",
    "end",
    "undo",
    "save",
    "load",
    "history",
    "help",
    "actions",
    "state",
    "board",
    "hand",
    "display",
    "players",
    "quit",
    "Hunter",
    "Farmer",
    "F",
    "W",
    "0",
    "1",
    "99",
    "-1",
    "1e9",
    '{"index": 0}',
    '{"type": "end"}',
    "{",
    "\x1b",
]


def altay(*args: str, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], input=stdin, capture_output=True, timeout=timeout
    )


def new_app(json_mode: bool, out: io.StringIO) -> PlayApp:
    config = GameConfig(players=2, seed=3, max_rounds=2)
    specs = [human_spec(0), parse_seat_spec("1=policy:random", 2)]
    session = Session(config, [seat_info(s) for s in specs])
    controllers = {1: make_controller(specs[1], load_game(), config)}
    return PlayApp(session, specs, controllers, json_mode=json_mode, out=out)


command_lines = st.lists(
    st.one_of(
        st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join),
        st.text(max_size=40),
        st.binary(max_size=40).map(lambda b: b.decode("utf-8", "surrogateescape")),
    ),
    max_size=25,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=command_lines, json_mode=st.booleans())
def test_the_command_loop_survives_any_lines(tmp_path, lines: list[str], json_mode: bool) -> None:
    os.chdir(tmp_path)  # `save x` writes here
    out = io.StringIO()
    app = new_app(json_mode, out)
    code = app.run(iter(line for line in lines if not line.startswith(("load /dev", "save /dev"))))
    assert code in (0, 130)
    assert out.getvalue()


def test_random_bytes_piped_into_play() -> None:
    data = bytes((i * 7919 + 13) % 256 for i in range(6000))
    for extra in ([], ["--json"]):
        res = altay("play", "--seat", "1=policy:random", "--max-rounds", "1", *extra, stdin=data)
        assert res.returncode == 0 and b"Traceback" not in res.stderr + res.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["match", "random", "random", "--move-ms", "1" + "0" * 30],
        ["match", "random", "random", "--retries", "-1"],
        ["match", "random", "random", "--max-rounds", "0"],
        ["match", "random", "random", "--max-line-bytes", "9" * 40],
        ["match", "random", "random", "--stderr-cap", "-5"],
        ["play", "--players", "99999999999999999999"],
        ["play", "--seat", "99=random"],
        ["play", "--seat", "99999999999999999999999=random"],
        ["play", "--move-ms", "-3"],
        ["check-bot", "random", "--players", "5"],
        ["check-bot", "random", "--move-ms", "9" * 30],
        ["demo", "--players", "9" * 30],
        ["demo", "--seed", "9" * 30],
        ["bench", "engine", "--games", "-1"],
        ["bench", "arena", "--workers", "1,x"],
        ["replay", "x.jsonl", "--seat", "9" * 30],
        ["replay", "x.jsonl", "--seed", "-4"],
    ],
)
def test_numbers_of_any_size_get_a_sentence(args: list[str]) -> None:
    res = altay(*args)
    assert res.returncode == 2, (args, res.stdout, res.stderr)
    assert b"Traceback" not in res.stderr and b"Error" in res.stderr


@pytest.mark.parametrize("path", ["/proc/nonexistent/x.jsonl", "/", "/dev/full", "/proc/version"])
def test_unusable_log_paths_are_refused_before_any_bot_starts(path: str) -> None:
    for command in (["match", "random", "random"], ["play", "--seat", "1=random"]):
        res = altay(*command, "--log", path, stdin=b"quit\n")
        assert res.returncode == 2 and b"Traceback" not in res.stderr, (command, res.stderr)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "/", "/nonexistent.jsonl"])
def test_unusable_load_paths_get_a_sentence(path: str) -> None:
    res = altay("play", "--load", path, stdin=b"quit\n", timeout=20)
    assert res.returncode == 2 and b"Traceback" not in res.stderr + res.stdout


def test_a_fifo_as_load_path_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    res = altay("play", "--load", str(fifo), stdin=b"quit\n", timeout=20)
    assert res.returncode == 2 and b"not a regular file" in res.stderr


def test_save_and_load_inside_play_report_bad_paths(tmp_path: Path) -> None:
    lines = b"save /nonexistent/dir/x.jsonl\nsave /dev/full\nload /dev/zero\nload /\nquit\n"
    res = altay("play", "--seat", "1=policy:random", stdin=lines)
    assert res.returncode == 0 and b"Traceback" not in res.stderr + res.stdout
    assert res.stdout.count(b"cannot") >= 3
