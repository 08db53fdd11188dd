"""Misbehaving bots (real programs in tests/bad_bots): each gets its named status, and no
process outlives the match."""

from __future__ import annotations

import pytest

from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import Decision, Failure, Result, Stderr, read_log
from altay_cli.referee import BotSpec, MatchOptions, run_match

from .referee_helpers import assert_no_leak, bad_bot, marked

CONFIG = GameConfig(players=2, seed=1, max_rounds=4)
# Bots that must be caught by a deadline get a short move limit; the others a generous one, so
# that the well-behaved opponent never times out on a loaded machine.
SHORT = MatchOptions(move_ms=400, startup_ms=5000)
LONG = MatchOptions(move_ms=5000, startup_ms=5000)

# (bad bot and its arguments, options, expected status, words the detail must contain)
FORFEIT_CASES = [
    (("crash.py", 3), LONG, "crash", "exit code 3"),
    (("crash.py", 3, "signal"), LONG, "crash", "SIGKILL"),
    (("exit_in_handshake.py",), LONG, "handshake_failed", "exit code 2"),
    (("wrong_version.py",), LONG, "handshake_failed", "version 99"),
    (("never_answer.py",), SHORT, "timeout", "no answer to request 1"),
    (("late_answer.py", 2), SHORT, "timeout", "no answer to request 1"),
    (("bad_json.py",), LONG, "bad_json", "not JSON"),
    (("huge_line.py", 5), LONG, "line_too_long", "more than 1000000 bytes"),
    (("wrong_id.py",), LONG, "wrong_request_id", "1001"),
    (("illegal_action.py", "index"), LONG, "illegal_action", "out of range"),
    (("illegal_action.py", "action"), LONG, "illegal_action", "not legal"),
    (("fork_child.py", 2), LONG, "crash", "exit code 4"),
    (("fork_child.py", 2, "escape"), LONG, "crash", "exit code 4"),
    (("ignore_sigterm.py",), SHORT, "timeout", "no answer"),
    (("stall.py", "sigstop"), SHORT, "stall", "stopped"),
    (("stall.py", "noread"), SHORT, "stall", "stopped reading"),
]


@pytest.mark.parametrize(
    ("bot", "options", "status", "words"),
    FORFEIT_CASES,
    ids=lambda v: "-".join(map(str, v)) if isinstance(v, tuple) else None,
)
def test_bad_bot_forfeits_with_its_status(bot, options, status, words, tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("good", "random"), BotSpec("bad", bad_bot(*bot))], CONFIG, options, log_path=log
    )
    assert not result.completed
    assert result.end_reason == "forfeit"
    assert result.forfeits == [1]
    assert result.ranks == [1, 2]
    last = result.failures[-1]
    assert (last.seat, last.status, last.consequence) == (1, status, "forfeit")
    assert words in last.detail
    lines = read_log(log)
    assert [(f.seat, f.status) for f in lines if isinstance(f, Failure)][-1] == (1, status)
    assert isinstance(lines[-1], Result)
    assert lines[-1].end_reason == "forfeit" and lines[-1].forfeits == [1] and not lines[-1].finished
    assert_no_leak(marker)


def test_slow_start_is_a_startup_timeout(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    options = MatchOptions(move_ms=400, startup_ms=500)
    result = run_match(
        [BotSpec("slow", bad_bot("slow_start.py", 5)), BotSpec("good", "random")], CONFIG, options
    )
    assert result.failures[0].status == "startup_timeout"
    assert result.forfeits == [0] and result.ranks == [2, 1] and result.decisions == 0
    assert_no_leak(marker)


def test_missing_program_is_start_failed(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    result = run_match([BotSpec("a", "random"), BotSpec("b", str(tmp_path / "nope"))], CONFIG, LONG)
    assert result.failures[0].status == "start_failed"
    assert "no such file" in result.failures[0].detail


def test_both_bots_failing_to_start_share_the_last_rank(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    bots = [BotSpec("a", bad_bot("exit_in_handshake.py")), BotSpec("b", bad_bot("exit_in_handshake.py"))]
    result = run_match(bots, CONFIG, LONG)
    assert result.forfeits == [0, 1] and result.ranks == [1, 1] and result.winners == []
    assert_no_leak(marker)


def test_stderr_flood_is_capped_and_never_blocks(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    options = MatchOptions(move_ms=2000, stderr_cap_bytes=10_000)
    result = run_match(
        [BotSpec("flood", bad_bot("stderr_flood.py", 4)), BotSpec("good", "random")],
        CONFIG,
        options,
        log_path=log,
    )
    assert result.completed and not result.failures
    (stderr,) = [line for line in read_log(log) if isinstance(line, Stderr)]
    assert stderr.seat == 0 and stderr.truncated
    assert len(stderr.text) == 10_000 and stderr.text.startswith("flood! ")
    assert stderr.bytes_total >= 4_000_000
    assert_no_leak(marker)


def test_default_policy_plays_the_first_action_and_discards_late_answers(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    options = MatchOptions(move_ms=500, on_failure="default")
    # Sleeps 2 s on its first request only: several timeouts, then the late answers arrive.
    bots = [BotSpec("late", bad_bot("late_answer.py", 2.0, 1)), BotSpec("good", "random")]
    result = run_match(bots, CONFIG, options, log_path=log)
    assert result.completed and result.forfeits == []
    timed_out = [f.request_id for f in result.failures if f.status == "timeout"]
    late = [f.request_id for f in result.failures if f.status == "late_answer"]
    assert timed_out[0] == 1 and late and set(late) <= set(timed_out)
    assert {(f.status, f.consequence) for f in result.failures} == {
        ("timeout", "default_action"),
        ("late_answer", "discarded"),
    }
    mine = [d for d in read_log(log) if isinstance(d, Decision) and d.seat == 0]
    assert mine[0].status == "default" and mine[0].index == 0
    assert {d.request_id for d in mine if d.status == "default"} == set(timed_out)
    assert mine[-1].status == "ok"  # later requests are answered (never with a stale answer)
    assert_no_leak(marker)


def test_default_policy_keeps_playing_for_an_illegal_bot(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    options = MatchOptions(on_failure="default")
    result = run_match(
        [BotSpec("good", "random"), BotSpec("bad", bad_bot("illegal_action.py"))],
        GameConfig(players=2, seed=2, max_rounds=2),
        options,
    )
    assert result.completed
    assert {f.status for f in result.failures} == {"illegal_action"}
    assert {f.consequence for f in result.failures} == {"default_action"}
    assert_no_leak(marker)


def test_retry_policy_gives_another_chance(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    options = MatchOptions(on_failure="retry", retries=1)
    result = run_match(
        [BotSpec("flaky", bad_bot("flaky.py")), BotSpec("good", "random")], CONFIG, options, log_path=log
    )
    assert result.completed
    assert result.failures and {f.consequence for f in result.failures} == {"retry"}
    flaky = [d for d in read_log(log) if isinstance(d, Decision) and d.seat == 0]
    assert flaky and all(d.status == "retry" for d in flaky)
    # every retry is a new request: ids 2, 4, 6, ...
    assert [d.request_id for d in flaky] == [2 * (i + 1) for i in range(len(flaky))]
    assert_no_leak(marker)


def test_retries_run_out_then_the_bot_loses(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    options = MatchOptions(on_failure="retry", retries=2)
    result = run_match([BotSpec("good", "random"), BotSpec("bad", bad_bot("bad_json.py"))], CONFIG, options)
    assert [(f.status, f.consequence, f.request_id) for f in result.failures] == [
        ("bad_json", "retry", 1),
        ("bad_json", "retry", 2),
        ("bad_json", "forfeit", 3),
    ]
    assert result.forfeits == [1]
    assert_no_leak(marker)


def test_retry_after_a_huge_line_skips_the_rest_of_it(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    options = MatchOptions(on_failure="retry", retries=1, max_line_bytes=100_000)
    result = run_match(
        [BotSpec("good", "random"), BotSpec("bad", bad_bot("huge_line.py", 0.5))], CONFIG, options
    )
    # The retry request gets another huge line: line_too_long twice, then the forfeit.
    assert [(f.status, f.consequence) for f in result.failures] == [
        ("line_too_long", "retry"),
        ("line_too_long", "forfeit"),
    ]
    assert_no_leak(marker)


def test_time_bank_absorbs_slow_answers(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    bots = [BotSpec("slow", bad_bot("late_answer.py", 0.3, 2)), BotSpec("good", "random")]
    with_bank = run_match(bots, CONFIG, MatchOptions(move_ms=100, bank_ms=1500))
    assert with_bank.completed and not with_bank.failures
    without = run_match(bots, CONFIG, MatchOptions(move_ms=100))
    assert without.failures[0].status == "timeout" and without.forfeits == [0]
    assert_no_leak(marker)


def test_crash_keeps_the_bots_stderr_in_the_log(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    run_match([BotSpec("good", "random"), BotSpec("bad", bad_bot("crash.py", 2))], CONFIG, LONG, log_path=log)
    (stderr,) = [line for line in read_log(log) if isinstance(line, Stderr)]
    assert stderr.seat == 1 and stderr.text == "crash.py: giving up now\n" and not stderr.truncated
    assert_no_leak(marker)


def test_no_timeout_mode_waits_for_a_slow_bot(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    bots = [BotSpec("slow", bad_bot("late_answer.py", 0.4, 2)), BotSpec("good", "random")]
    result = run_match(bots, CONFIG, MatchOptions(move_ms=50, no_timeout=True))
    assert result.completed and not result.failures
    assert result.think_ms[0] >= 800
    assert_no_leak(marker)
