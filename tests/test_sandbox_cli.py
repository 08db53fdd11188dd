"""The sandbox and secret seeds as a user meets them on the command line: `--sandbox`, the
`--bot-*` limits, what `match`, `play` and `check-bot` say about isolation, and seeds that are
secret until the game ends."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.gamelog import Header, read_log
from altay_cli.referee import sandbox as sb

from .referee_helpers import BAD_BOTS, PY

AVAILABLE = sb.runtime().available
needs_sandbox = pytest.mark.skipif(not AVAILABLE, reason=f"no sandbox here: {sb.runtime().reason}")


def altay(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def no_sandbox_here(monkeypatch):
    """This process cannot sandboxes bots (as on a machine without user namespaces)."""
    saved = sb.runtime()
    sb._set_runtime(sb.SandboxRuntime(None, "user namespaces are disabled (test)", saved.cgroups))
    yield
    sb._set_runtime(saved)


@needs_sandbox
def test_match_runs_bots_sandboxed_and_shows_the_secret_seed_after(tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    runs = [
        altay("match", "random", "random", "--max-rounds", "2", "--json", "--log", str(log)) for _ in range(2)
    ]
    results = [json.loads(r.stdout) for r in runs]
    assert all(r.returncode == 0 for r in runs)
    seeds = [r["seed"] for r in results]
    assert seeds[0] != seeds[1] and all(0 <= s < 2**63 for s in seeds)
    assert all(r["isolation"]["sandboxed"] for r in results)
    header = read_log(log)[0]
    assert isinstance(header, Header)
    assert header.meta["isolation"]["sandboxed"] is True
    assert header.meta["isolation"]["tool"].startswith("bwrap")
    table = altay("match", "random", "random", "--max-rounds", "2")
    assert "seed " in table.stdout and "NOT sandboxed" not in table.stdout + table.stderr


def test_sandbox_on_refuses_to_play_without_one(no_sandbox_here) -> None:
    res = CliRunner().invoke(main, ["match", "random", "random", "--sandbox", "on", "--max-rounds", "1"])
    assert res.exit_code == 2
    assert "--sandbox on, but user namespaces are disabled (test)" in res.output


def test_auto_without_a_sandbox_says_so_plainly(no_sandbox_here, tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    res = CliRunner().invoke(main, ["match", "random", "random", "--max-rounds", "1", "--log", str(log)])
    assert res.exit_code == 0, res.output
    assert "warning: bots are NOT sandboxed: user namespaces are disabled (test)" in res.output
    assert "Note: bots are NOT sandboxed" in res.output
    header = read_log(log)[0]
    assert isinstance(header, Header)
    isolation = header.meta["isolation"]
    assert isolation["sandboxed"] is False and "disabled" in isolation["reason"]


def test_sandbox_off_is_recorded_and_announced(tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    res = altay("match", "random", "random", "--max-rounds", "1", "--sandbox", "off", "--log", str(log))
    assert res.returncode == 0
    assert "NOT sandboxed: --sandbox off" in res.stderr
    header = read_log(log)[0]
    assert isinstance(header, Header) and header.meta["isolation"]["reason"] == "--sandbox off"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "99999999999999999999"], "--seed"),
        (["--seed", "-1"], "--seed"),
        (["--bot-env", "1X=3"], "give NAME=VALUE or NAME"),
        (["--bot-memory", "-5"], "--bot-memory"),
        (["--bot-cpus", "1e400"], "--bot-cpus"),
        (["--bot-ro", "/no/such/dir"], "--bot-ro"),
        (["--sandbox", "maybe"], "--sandbox"),
    ],
)
def test_bad_sandbox_and_seed_options_are_usage_errors(args: list[str], message: str) -> None:
    res = altay("match", "random", "random", *args)
    assert res.returncode == 2 and message in res.stderr and "Traceback" not in res.stderr


@needs_sandbox
def test_check_bot_reports_isolation_and_what_the_sandbox_stops(tmp_path) -> None:
    good = altay("check-bot", "random", "--json")
    report = json.loads(good.stdout)
    assert good.returncode == 0 and report["isolation"]["sandboxed"] and report["warnings"] == []
    assert "isolation: bots sandboxed with bwrap" in altay("check-bot", "random").stdout
    # A bot that writes next to itself works without the sandbox, not inside it: say why.
    bot_dir = tmp_path / "writer"
    bot_dir.mkdir()
    (bot_dir / "writer.py").write_text(
        f"import os, sys\nsys.path.insert(0, {str(BAD_BOTS)!r})\n"
        "open(os.path.join(os.path.dirname(__file__), 'state.txt'), 'w').write('x')\n"
        "from _common import answer, requests\n"
        "for request in requests():\n    answer(request)\n"
    )
    res = altay("check-bot", f"{PY} {bot_dir / 'writer.py'}", "--bot-ro", str(BAD_BOTS), "--json")
    report = json.loads(res.stdout)
    assert res.returncode == 1 and not report["passed"]
    (warning,) = report["warnings"]
    assert "passes every check without the sandbox but not inside it" in warning
    assert "write to /tmp or $HOME" in warning


@needs_sandbox
def test_check_bot_warns_about_a_bot_lying_in_a_shared_directory(tmp_path) -> None:
    bot = Path("/tmp") / f"altay-test-bot-{tmp_path.name}.py"
    bot.write_text((BAD_BOTS.parent.parent / "bots" / "random_bot.py").read_text())
    try:
        res = altay("check-bot", f"{PY} {bot}", "--json")
    finally:
        bot.unlink()
    report = json.loads(res.stdout)
    assert report["passed"]
    assert any("shows that file alone" in w for w in report["warnings"])


def test_play_keeps_the_seed_secret_until_the_end() -> None:
    res = altay(
        "play",
        "--json",
        "--recommended",
        "--max-rounds",
        "1",
        "--seat",
        "1=policy:greedy",
        stdin="end\n" * 40,
    )
    messages = [json.loads(line) for line in res.stdout.splitlines()]
    first = messages[0]
    assert first["type"] == "decide" and "seed" not in first["config"]
    assert "seed" not in json.dumps(messages[:-1])
    (result,) = [m for m in messages if m["type"] == "result"]
    assert 0 <= result["seed"] < 2**63


def test_play_with_bot_seats_says_when_bots_are_not_sandboxed() -> None:
    res = altay("play", "--max-rounds", "1", "--seat", "1=random", "--sandbox", "off", stdin="quit\n")
    assert res.returncode == 0
    assert "warning: bots are NOT sandboxed: --sandbox off" in res.stderr
    quiet = altay(
        "play", "--max-rounds", "1", "--seat", "1=policy:random", "--sandbox", "off", stdin="quit\n"
    )
    assert "NOT sandboxed" not in quiet.stderr  # no bot process, nothing to isolate
