"""The `altay match`, `altay check-bot` and `altay bench protocol` commands, as a user runs them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from altay_cli.cli import main

from .referee_helpers import assert_no_leak, bad_bot, marked, processes_with

ALTAY = str(Path(sys.executable).parent / "altay")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_match_prints_the_result_table(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    code, out = run("match", "random", "greedy", "--seed", "2", "--log", str(tmp_path / "g.jsonl"))
    assert code == 0, out
    assert "Altay: Dawn of Civilization match: 2 players, seed 2" in out and "greedy" in out and "VP" in out
    assert "Failures" not in out
    assert "log:" in out and (tmp_path / "g.jsonl").exists()
    assert_no_leak(marker)


def test_match_json_and_names(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    code, out = run(
        "match", "me=random 5", "random", "random", "--factions", "firefolk,Earthfolk,Smallfolk",
        "--max-rounds", "4", "--json", "--log", str(tmp_path / "g.jsonl"),
    )  # fmt: skip
    assert code == 0, out
    data = json.loads(out)
    assert data["names"] == ["me", "random-1", "random-2"]
    assert data["roles"] == ["Firefolk", "Earthfolk", "Smallfolk"]
    assert data["factions"] == data["roles"]  # the old name, kept for scripts that read it
    for key in ("scores", "ranks", "end_reason", "failures", "log", "completed", "decisions"):
        assert key in data
    assert data["log"] == str(tmp_path / "g.jsonl") and data["failures"] == []


def test_demo_and_replay_json_name_each_seats_role_as_every_game_does() -> None:
    """`roles` in every command's JSON (a game's seats may have none: ""/null), and `factions`
    beside it, the name scripts read before roles were the seam's."""
    golden = Path(__file__).parent / "golden"
    for game, log, roles in (
        ("altay", "3p_trading_recommended.jsonl", ["Earthfolk", "Elvenfolk", "Firefolk"]),
        ("innovation", "innovation_2p_greedy.jsonl", [None, None]),
    ):
        code, out = run("replay", str(golden / log), "--json")
        verdict = json.loads(out)
        assert code == 0 and verdict["game"] == game and verdict["roles"] == roles, out
        assert verdict["factions"] == verdict["roles"]
        code, out = run("demo", "--game", game, "--players", str(len(roles)), "--seed", "3", "--json")
        result = json.loads(out)
        assert code == 0 and len(result["roles"]) == len(roles) and result["factions"] == result["roles"]


def test_match_with_a_failing_bot_exits_1_and_shows_failures(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    code, out = run("match", "random", f"bad={bad_bot('crash.py', 2)}", "--max-rounds", "3")
    assert code == 1
    assert "Failures" in out and "crash" in out and "exit code 3" in out
    assert "seat 1 (bad) forfeited" in out
    code, out = run("match", "random", bad_bot("never_answer.py"), "--move-ms", "300", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["end_reason"] == "forfeit" and data["failures"][0]["status"] == "timeout"
    assert data["ranks"] == [1, 2]
    assert_no_leak(marker)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["random"], "altay is for 2 to 4 players"),
        (["random", "python no_such_bot.py"], "no such file 'no_such_bot.py'"),
        (["random", "./no_such_bot"], "no such file './no_such_bot'"),
        (["random", "no-such-program-xyz"], "no program 'no-such-program-xyz' on the PATH"),
        (["random", "random", "--factions", "Earthfolk,Atlantis"], "unknown faction 'Atlantis'"),
        (["random", "random", "--factions", "Earthfolk"], "one faction per player"),
        (["random", "random", "--on-failure", "pray"], "pray"),
    ],
)
def test_match_usage_errors_exit_2(args: list[str], words: str) -> None:
    code, out = run("match", *args)
    assert code == 2
    assert words in out


def test_a_script_without_its_interpreter_gets_a_hint(tmp_path, monkeypatch) -> None:
    script = tmp_path / "mybot.py"
    script.write_text("print('hi')\n")
    monkeypatch.chdir(tmp_path)
    code, out = run("match", "random", "mybot.py")
    assert code == 2 and "python mybot.py" in out


def _start_referee(tmp_path: Path, *bots: str) -> subprocess.Popen:
    return subprocess.Popen(
        [ALTAY, "match", *bots, "--move-ms", "60000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        cwd=tmp_path,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_interrupting_the_referee_stops_every_bot(sig: int, tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    proc = _start_referee(tmp_path, "random", bad_bot("never_answer.py"), bad_bot("ignore_sigterm.py"))
    deadline = time.monotonic() + 20
    while len(processes_with(marker)) < 4:  # the referee and its three bots
        assert time.monotonic() < deadline, "the bots did not start"
        time.sleep(0.05)
    time.sleep(0.3)  # let the game reach a request the bots never answer
    os.kill(proc.pid, sig)
    out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 1, out
    assert b"aborted" in out
    assert_no_leak(marker)


def test_check_bot_passes_the_reference_bots() -> None:
    for bot in ("random", "greedy", "node-random"):
        code, out = run("check-bot", bot)
        assert code == 0, out
        lines = [line for line in out.splitlines() if line.startswith(("PASS", "FAIL"))]
        names = [line.split()[1] for line in lines]
        assert names[:5] == ["command", "start", "handshake", "ping", "unknown"], out
        assert {"game", "defence", "summary", "quit", "stderr"} <= set(names), out
        assert all(line.startswith("PASS") for line in lines), out
        assert "all checks passed" in out and " games (2, 3, 4" in out


@pytest.mark.parametrize(
    ("bot", "failed", "words"),
    [
        (("exit_in_handshake.py",), "handshake", "exit code 2"),
        (("no_pong.py",), "ping", "no `pong`"),
        (("illegal_action.py",), "game", "illegal_action"),
        (("crash.py", 4), "game", "crash"),
        (("ignore_quit.py",), "quit", "did not exit"),
    ],
)
def test_check_bot_names_the_failing_check(bot, failed: str, words: str, tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    code, out = run("check-bot", bad_bot(*bot), "--move-ms", "500", "--json")
    assert code == 1
    data = json.loads(out)
    assert not data["passed"]
    first_failure = next(c for c in data["checks"] if not c["passed"])
    assert first_failure["name"] == failed and words in first_failure["detail"], first_failure
    assert_no_leak(marker)


def test_check_bot_dumps_real_requests_as_fixtures(tmp_path) -> None:
    code, out = run("check-bot", "random", "--players", "3", "--dump", str(tmp_path / "fixtures"))
    assert code == 0, out
    files = sorted(p.name for p in (tmp_path / "fixtures").iterdir())
    assert "game1-hello.json" in files and "game1-request-main.json" in files
    assert any(name.endswith("-defend.json") for name in files), "the pressing opponents forced a defence"
    request = json.loads((tmp_path / "fixtures" / "game1-request-main.json").read_text())
    assert request["type"] == "request" and request["actions"] and request["observation"]["phase"] == "main"


def test_check_bot_with_a_missing_program() -> None:
    code, out = run("check-bot", "python /nonexistent/bot.py")
    assert code == 1
    assert "FAIL  command" in out and "no such file" in out


def test_bench_protocol_json() -> None:
    code, out = run("bench", "protocol", "--games", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["decisions"] > 100
    for key in (
        "referee_overhead_us",
        "engine_observation_us",
        "raw_pipe_round_trip_us",
        "decision_round_trip_us",
    ):
        assert data[key]["median"] > 0 and data[key]["p90"] >= data[key]["median"]
    # How fast is the benchmark's to report (its figures, with the command, in the README), not a
    # test's to assert: a loaded machine would fail any bound.


@pytest.mark.parametrize("game", ["altay", "innovation", "mammothodus"])
def test_bench_bots_json(game: str) -> None:
    """The built-in heuristic bots' CPU per decision: what the tests once bounded by wall time."""
    code, out = run("bench", "bots", "--game", game, "--games", "1", "--rounds", "2", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["game"] == game and data["rounds"] == 2 and data["greedy_decisions"] > 50
    median, p99 = data["greedy_cpu_us_median"], data["greedy_cpu_us_p99"]
    assert 0 < median <= p99 <= 1000 * data["greedy_cpu_ms_slowest"]


def test_check_bot_asks_whether_stdout_was_flushed(tmp_path, monkeypatch) -> None:
    """A bot that writes its answer without flushing (a C bot on a pipe) is running but silent."""
    from click.testing import CliRunner

    from altay_cli.commands.check_bot import check_bot as check_bot_cmd

    marked(monkeypatch, tmp_path)
    command = bad_bot("no_flush.py")
    result = CliRunner().invoke(check_bot_cmd, [command, "--startup-ms", "800", "--sandbox", "off"])
    assert result.exit_code == 1
    assert "startup_timeout" in result.output and "did you flush stdout" in result.output


def _ctrl_c_as_at_a_terminal() -> None:
    """Undo an inherited SIG_IGN for SIGINT (a shell starts background jobs so, and Python then
    keeps it), so Ctrl-C reaches the command as it would at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_check_bot_keeps_to_the_player_count_given() -> None:
    """A bot written for two players is tested at two players only, the extra games that make it
    defend too; each game line says how the game ended."""
    code, out = run("check-bot", "random", "--players", "2", "--json")
    assert code == 0, out
    checks = {c["name"]: c["detail"] for c in json.loads(out)["checks"]}
    games = [detail for name, detail in checks.items() if name.startswith("game")]
    assert games and all(detail.startswith("2 players,") and "ended: " in detail for detail in games), games
    counts = checks["summary"].split(" games (", 1)[1].split(" players)", 1)[0]
    assert set(counts.split(", ")) == {"2"}, checks["summary"]
    assert "defence" in checks
