"""A bot that floods the referee gets a named status and costs bounded memory and log; a slow
but live bot is ruled `timeout`, a stuck one `stall`; a blocked write never splits a line."""

from __future__ import annotations

import resource

from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import Failure, read_log
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.referee.seat import LATE_ANSWERS_LOGGED, MAX_UNSOLICITED_LINES

from .referee_helpers import assert_no_leak, bad_bot, marked

CONFIG = GameConfig(players=2, seed=9, max_rounds=4)


def _play(tmp_path, bot: str, **options):
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("bad", bot), BotSpec("r", "random")], CONFIG, MatchOptions(**options), log_path=log
    )
    return result, log


def test_a_few_late_answers_are_discarded_and_counted_not_logged_forever(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    result, log = _play(tmp_path, bad_bot("flood.py", "late", 30))
    assert result.completed, result.failures
    late = [f for f in read_log(log) if isinstance(f, Failure) and f.status == "late_answer"]
    assert len(late) == LATE_ANSWERS_LOGGED
    assert "later ones are counted" in late[-1].detail
    assert_no_leak(marker)


def test_a_flood_of_lines_is_ruled_flood(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    result, log = _play(tmp_path, bad_bot("flood.py", "late", MAX_UNSOLICITED_LINES + 50))
    (failure,) = [f for f in result.failures if f.consequence == "forfeit"]
    assert failure.status == "flood" and failure.seat == 0, result.failures
    assert log.stat().st_size < 200_000
    # An unrequested pong is not a flood but a message out of place.
    result, _ = _play(tmp_path, bad_bot("flood.py", "pong", 3))
    (failure,) = [f for f in result.failures if f.consequence == "forfeit"]
    assert failure.status == "bad_json" and "pong" in failure.detail
    assert_no_leak(marker)


def test_megabytes_between_requests_keep_the_referee_bounded(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result, log = _play(tmp_path, bad_bot("flood.py", "between", 20))
    grew_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    (failure,) = [f for f in result.failures if f.consequence == "forfeit"]
    assert failure.status == "flood"
    assert log.stat().st_size < 200_000 and grew_kib < 50_000


def test_a_slow_but_live_bot_times_out_and_never_stalls(tmp_path, monkeypatch) -> None:
    """It has not read the request at the deadline because it is still computing."""
    marked(monkeypatch, tmp_path)
    result, _ = _play(tmp_path, bad_bot("busy.py", 0.8), move_ms=300, on_failure="default")
    statuses = {f.status for f in result.failures if f.seat == 0}
    assert "timeout" in statuses and "stall" not in statuses, result.failures


def test_a_stuck_bot_that_neither_reads_nor_works_stalls(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    result, _ = _play(tmp_path, bad_bot("busy.py", 5, "sleep"), move_ms=300)
    (failure,) = [f for f in result.failures if f.consequence == "forfeit"]
    assert failure.status == "stall", result.failures


def test_a_write_cut_short_by_its_deadline_never_splits_a_line() -> None:
    """The rest of a blocked message is written before the next one, so the bot reads whole lines."""
    import json
    import sys
    import time

    from altay_cli.referee.process import BotProcess, WriteBlocked

    script = (
        "import json, sys, time\n"
        "time.sleep(1.0)\n"
        "ok = sum(1 for line in sys.stdin if json.loads(line))\n"
        "print(ok, flush=True)\n"
    )
    proc = BotProcess([sys.executable, "-c", script], max_line_bytes=1 << 20, stderr_cap_bytes=4096)
    proc.spawn()
    try:
        big = json.dumps({"type": "x", "pad": "y" * 400_000}).encode() + b"\n"
        try:
            proc.send(big, time.monotonic() + 0.1)  # the pipe fills: cut short
            raise AssertionError("expected the write to block")
        except WriteBlocked:
            pass
        proc.send(b'{"type":"quit"}\n', time.monotonic() + 10)
        proc.send(b'{"type":"ping","id":1}\n', time.monotonic() + 10)
        proc._in_poll.unregister(proc._in_fd)
        proc.proc.stdin.close()  # end of input: the bot counts what it read
        assert proc.read_line(time.monotonic() + 10) == b"3"
    finally:
        proc.kill()
