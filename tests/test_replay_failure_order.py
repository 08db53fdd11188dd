"""One order for failures: the order of their lines in the log, which is the order they happened.

The result line and MatchResult.failures list them in exactly that order (format 3), and replay
requires it. Format 2 logs, written before, may list them grouped seat by seat: they still
replay. Every log written today is format 3. A match interrupted at any point (after the last
decision, or while a bot is being asked again) still writes a log that replays.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import orjson
import pytest

from altay_cli.engine import load_game
from altay_cli.gamelog import LOG_FORMAT_VERSION, SeatInfo
from altay_cli.interactive.session import Session
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.referee.sandbox import SandboxPolicy
from altay_cli.replay import INVALID, VALID, replay_log
from tests.referee_helpers import bad_bot

ALTAY = load_game("altay")
MAMMOTHODUS = load_game("mammothodus")


def lines_of(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def write(path: Path, lines: list[dict]) -> Path:
    """The lines as a log file, every `prev` recomputed (as a forger, or an older writer, would)."""
    out: list[bytes] = []
    for i, line in enumerate(lines):
        if i and "prev" in line:
            line = {**line, "prev": hashlib.sha256(out[-1]).hexdigest()}
        out.append(orjson.dumps(line))
    path.write_bytes(b"".join(raw + b"\n" for raw in out))
    return path


def failure_lines(lines: list[dict]) -> list[dict]:
    return [
        {k: v for k, v in line.items() if k not in ("type", "prev")}
        for line in lines
        if line["type"] == "failure"
    ]


@pytest.fixture(scope="module")
def interleaved(tmp_path_factory) -> Path:
    """Both seats fail at every one of their decisions (answered again under retry): seat 1's
    failures come between seat 0's, which the seat-by-seat result of format 2 did not list so."""
    log = tmp_path_factory.mktemp("order") / "interleaved.jsonl"
    flaky = [BotSpec(f"flaky{i}", bad_bot("flaky.py")) for i in range(2)]
    config = ALTAY.make_config(2, 7)
    config = msgspec.structs.replace(config, max_rounds=2)
    result = run_match(flaky, config, MatchOptions(on_failure="retry"), log_path=log)
    assert result.completed and len(result.failures) == result.decisions
    return log


def test_the_result_lists_failures_in_the_order_of_their_lines(interleaved: Path, tmp_path: Path) -> None:
    lines = lines_of(interleaved)
    seats = [f["seat"] for f in failure_lines(lines)]
    assert seats != sorted(seats), "seat 1 fails before seat 0's last failure"
    assert lines[0]["format_version"] == 3
    assert lines[-1]["failures"] == failure_lines(lines)
    verdict = replay_log(interleaved, strict=True)
    assert verdict.status == VALID, verdict.message
    assert [msgspec.to_builtins(f)["seat"] for f in verdict.failures] == seats


def test_match_result_failures_are_in_the_same_order(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    flaky = [BotSpec(f"flaky{i}", bad_bot("flaky.py")) for i in range(3)]
    config = msgspec.structs.replace(ALTAY.make_config(3, 8), max_rounds=1)
    result = run_match(flaky, config, MatchOptions(on_failure="retry"), log_path=log)
    assert [f.as_entry() for f in result.failures] == failure_lines(lines_of(log))
    assert replay_log(log).status == VALID


def test_a_format_3_result_in_another_order_is_invalid(interleaved: Path, tmp_path: Path) -> None:
    lines = lines_of(interleaved)
    lines[-1]["failures"] = sorted(lines[-1]["failures"], key=lambda f: f["seat"])  # format 2's order
    verdict = replay_log(write(tmp_path / "grouped.jsonl", lines))
    assert verdict.status == INVALID and verdict.divergence.field == "failures"
    assert "in the order of the lines" in verdict.message


@pytest.mark.parametrize("grouped", [True, False], ids=["seat by seat", "time order"])
def test_format_2_logs_replay_in_either_order(interleaved: Path, tmp_path: Path, grouped: bool) -> None:
    """A format 2 log as this referee wrote it until now (failures grouped seat by seat in the
    result), and one in time order: both replay; any other order does not."""
    lines = lines_of(interleaved)
    lines[0]["format_version"] = 2
    if grouped:
        lines[-1]["failures"] = sorted(lines[-1]["failures"], key=lambda f: f["seat"])
    assert replay_log(write(tmp_path / "v2.jsonl", lines), strict=True).status == VALID
    lines[-1]["failures"] = lines[-1]["failures"][::-1]
    verdict = replay_log(write(tmp_path / "v2-reversed.jsonl", lines))
    assert verdict.status == INVALID and verdict.divergence.field == "failures"


def test_a_team_program_in_several_seats_alone_interleaves_and_replays(tmp_path: Path) -> None:
    log = tmp_path / "team.jsonl"
    team = BotSpec("team", bad_bot("flaky.py"))
    config = msgspec.structs.replace(MAMMOTHODUS.make_config(3, 5), max_turns=9)
    result = run_match(
        [team] * 3, config, MatchOptions(on_failure="retry"), log_path=log, players=[(0, 1, 2)]
    )
    seats = [f.seat for f in result.failures]
    assert len(set(seats)) == 3 and seats != sorted(seats)
    verdict = replay_log(log, strict=True)
    assert verdict.status == VALID, verdict.message


def test_every_log_written_today_is_format_3(tmp_path: Path) -> None:
    assert LOG_FORMAT_VERSION == 3
    match_log = tmp_path / "match.jsonl"
    config = msgspec.structs.replace(ALTAY.make_config(2, 3), max_rounds=1)
    run_match([BotSpec("a", "random"), BotSpec("b", "random")], config, log_path=match_log)
    session = Session(config, [SeatInfo(seat=i, name=f"p{i}", kind="human") for i in range(2)], ALTAY)
    session.apply(session.state.legal_actions()[0])
    play_log = session.save(tmp_path / "play.jsonl")
    for log in (match_log, play_log):
        assert lines_of(log)[0]["format_version"] == 3
        assert replay_log(log).status == VALID


# ----------------------------------------------------------------------------- Ctrl-C
def test_ctrl_c_after_the_last_decision_logs_a_finished_game(tmp_path: Path) -> None:
    """The engine finished the game: the result says so, whenever the interruption came."""
    log = tmp_path / "game.jsonl"
    config = msgspec.structs.replace(ALTAY.make_config(2, 5), max_rounds=1)

    def interrupt_at_the_end(state, decision) -> None:
        if state.is_terminal:
            raise KeyboardInterrupt

    result = run_match(
        [BotSpec("a", "random"), BotSpec("b", "random")],
        config,
        log_path=log,
        on_decision=interrupt_at_the_end,
    )
    assert result.completed and result.end_reason == "round_limit"
    last = lines_of(log)[-1]
    assert last["finished"] is True and last["end_reason"] == "round_limit"
    assert replay_log(log, strict=True).status == VALID


def test_ctrl_c_mid_game_logs_every_decision_played(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"

    def interrupt(state, decision) -> None:
        if decision.n == 11:
            raise KeyboardInterrupt

    result = run_match(
        [BotSpec("a", "random"), BotSpec("b", "random")],
        ALTAY.make_config(2, 5),
        log_path=log,
        on_decision=interrupt,
    )
    assert result.end_reason == "aborted" and result.decisions == 12
    assert lines_of(log)[-1]["decisions"] == 12  # it said 0 before
    verdict = replay_log(log, strict=True)
    assert verdict.status == VALID, verdict.message


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt here even when the test run was started in the background
    (a shell starts background jobs with SIGINT ignored, and Python then leaves it ignored)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_while_a_bot_is_asked_again_logs_its_pending_failure(tmp_path: Path) -> None:
    log, marker = tmp_path / "game.jsonl", tmp_path / "asked-again"
    stuck = BotSpec("stuck", bad_bot("stuck_after_error.py", marker, 4))
    options = MatchOptions(move_ms=60_000, on_failure="retry", sandbox=SandboxPolicy(mode="off"))
    fired = threading.Event()

    def ctrl_c_once_asked_again() -> None:
        deadline = time.monotonic() + 30
        while not marker.exists():
            if time.monotonic() > deadline:
                return
            time.sleep(0.01)
        time.sleep(0.1)  # the referee is waiting for the answer to its new request
        fired.set()
        os.kill(os.getpid(), signal.SIGINT)

    thread = threading.Thread(target=ctrl_c_once_asked_again, daemon=True)
    thread.start()
    result = run_match([stuck, BotSpec("b", "random")], ALTAY.make_config(2, 9), options, log_path=log)
    thread.join()
    assert fired.is_set()
    assert result.end_reason == "aborted"
    (failure,) = result.failures
    assert (failure.status, failure.consequence, failure.n) == ("bad_json", "retry", result.decisions)
    lines = lines_of(log)
    assert not any(line["type"] == "decision" and line["n"] == failure.n for line in lines)
    verdict = replay_log(log, strict=True)
    assert verdict.status == VALID, verdict.message
