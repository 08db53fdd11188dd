"""No text from a bot (or from a forged log) reaches the terminal as control sequences or rich
markup: `match`, `check-bot`, `play`, `replay --show` and `arena` print it with visible escapes."""

from __future__ import annotations

import json
import subprocess
import sys

from .referee_helpers import bad_bot

RAW = ("\x1b", "\x07", "\u202e", "\x9b")


def altay(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def clean(res: subprocess.CompletedProcess[str]) -> bool:
    out = res.stdout + res.stderr
    return not any(ch in out for ch in RAW) and "Traceback" not in out


def test_match_table_shows_escapes_and_markup_literally(tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    res = altay(
        "match",
        f"nasty={bad_bot('markup.py', 'crash', 2)}",
        "random",
        "--max-rounds",
        "2",
        "--log",
        str(log),
    )
    assert res.returncode == 1 and clean(res), res.stdout
    assert "\\x1b" in res.stdout  # shown, visibly
    assert "[bold red]RED[/]" in res.stdout or "[bold" in res.stdout  # markup printed as text
    show = altay("replay", str(log), "--show")
    assert clean(show)
    verdict = altay("replay", str(log))
    assert clean(verdict) and "\\x1b" in verdict.stdout


def test_check_bot_shows_a_nasty_ready_name_literally() -> None:
    res = altay("check-bot", bad_bot("markup.py"))
    assert clean(res) and "\\x1b" in res.stdout


def test_play_shows_a_nasty_bot_literally() -> None:
    res = altay(
        "play", "--max-rounds", "1", "--seat", f"1={bad_bot('markup.py', 'crash', 1)}", stdin="end\n" * 30
    )
    assert res.returncode == 0 and clean(res), res.stdout[-2000:]
    j = altay(
        "play", "--json", "--max-rounds", "1", "--seat", f"1={bad_bot('markup.py')}", stdin="end\n" * 30
    )
    for line in j.stdout.splitlines():
        json.loads(line)  # JSON escapes control characters itself
    assert clean(j)


def test_replay_show_prints_each_decisions_info_text_safely(tmp_path) -> None:
    """`replay --show` shows the `info` a bot attached to each decision, escapes made visible."""
    log = tmp_path / "info.jsonl"
    res = altay("match", bad_bot("markup.py"), "random", "--max-rounds", "1", "--log", str(log))
    assert res.returncode == 0, res.stderr
    shown = altay("replay", str(log), "--show")
    assert shown.returncode == 0 and clean(shown)
    assert "info: " in shown.stdout and "[bold red]RED[/]" in shown.stdout
    hidden = altay("replay", str(log), "--show", "--seat", "1")
    assert "info: " not in hidden.stdout, "another seat's debug text is not shown through seat 1's eyes"
