"""BotSeat step by step (as `altay play` uses it), the clock, and bot command resolution."""

from __future__ import annotations

import os
import sys

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig, action_to_builtins, new_game
from altay_cli.engine.altay.game import rank_seats
from altay_cli.referee import BotCommandError, BotFailure, BotSeat, BotSpec, MatchOptions, resolve_bot_command
from altay_cli.referee.botcmd import BOTS_DIR, check_bot_command
from altay_cli.referee.clock import Clock

from .referee_helpers import assert_no_leak, bad_bot, marked


def _pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2 : stat.rfind(b")") + 3] not in (b"Z", b"X")


ALTAY = load_game("altay")


def test_seat_step_by_step(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    config = GameConfig(players=2, seed=8, max_rounds=3)
    seats = [BotSeat(BotSpec("a", "random"), s, ALTAY, config, MatchOptions()) for s in range(2)]
    for seat in seats:
        seat.start()
        assert seat.ready is not None and seat.ready.name == "random"
        assert seat.ping(2000) >= 0
    state = new_game(config)
    n = 0
    while not state.is_terminal:
        mover = state.to_move
        action, info = seats[mover].decide(state, n=n)
        assert action in state.legal_actions()
        assert state.legal_actions()[info.index] == action
        assert info.status == "ok" and info.time_ms >= 0 and info.overhead_us > 0
        state.apply(action)
        for seat in seats:
            seat.note_action(state, mover, action)
        n += 1
    with pytest.raises(ValueError, match="is to move"):
        seats[0].decide(state)
    for seat in seats:
        seat.notify_game_over(ALTAY.outcome(state))
    pids = [seat.pid for seat in seats]
    for seat in seats:
        seat.close()
        seat.close()  # idempotent
        assert seat.exited_cleanly and seat.exit_note == "exit code 0"
        assert not seat.failures and seat.decisions > 0
    assert not any(_pid_alive(pid) for pid in pids)
    assert_no_leak(marker)


def test_seat_events_are_public_actions_of_others(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    config = GameConfig(players=2, seed=1)
    seat = BotSeat(BotSpec("a", "random"), 0, ALTAY, config, MatchOptions())
    from altay_cli.engine.altay import EndTurn, Engineering

    state = new_game(config)
    seat.note_action(state, 0, EndTurn(archive="Warrior"))  # its own action: not an event
    seat.note_action(state, 1, EndTurn(archive="Warrior"))
    seat.note_action(state, 1, Engineering(card="Chariot (2 VP)"))
    assert [action_to_builtins(e.action) for e in seat.events] == [
        {"type": "end", "archive": "hidden"},
        {"type": "engineering", "card": "hidden"},
    ]
    seat.close()  # never started: still safe


def test_seat_start_failure_raises_with_status(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    seat = BotSeat(BotSpec("x", bad_bot("exit_in_handshake.py")), 0, ALTAY, GameConfig(), MatchOptions())
    with pytest.raises(BotFailure) as err:
        seat.start()
    assert err.value.status == "handshake_failed" and "exit code 2" in err.value.detail
    assert seat.failures[0].status == "handshake_failed"
    assert "cannot start" in seat.stderr_text
    seat.close()
    assert_no_leak(marker)


def test_clock_move_time_bank_and_increment() -> None:
    clock = Clock(move_ms=100, bank_ms=500, increment_ms=50)
    assert clock.budget_s() == pytest.approx(0.6)
    clock.charge(80)  # within the move time: bank untouched, then the increment
    assert clock.bank_ms == 550
    clock.charge(400)  # 300 over: taken from the bank
    assert clock.bank_ms == 300
    clock.charge(10_000)
    assert clock.bank_ms == 50  # never negative; the increment still comes
    assert clock.message().bank_ms == 50
    free = Clock(100, unlimited=True)
    assert free.budget_s() is None and free.message().move_ms is None


def test_ranks_put_forfeits_last() -> None:
    def s(total: int) -> dict[str, int]:
        return {
            "technologies": 0, "wonders": 0, "action_cards": 0, "territories": total,
            "captured_settlements": 0, "conquest_markers": 0, "total": total,
        }  # fmt: skip

    assert rank_seats([s(5), s(9), s(5), s(1)]) == [2, 1, 2, 4]
    assert rank_seats([s(5), s(9), s(5), s(1)], forfeits=[1]) == [1, 4, 1, 3]
    assert rank_seats([s(5), s(9)], forfeits=[0, 1]) == [1, 1]


def test_resolve_bot_command() -> None:
    assert resolve_bot_command("random") == [sys.executable, str(BOTS_DIR / "random_bot.py")]
    assert resolve_bot_command("greedy 7") == [sys.executable, str(BOTS_DIR / "greedy_bot.py"), "7"]
    assert resolve_bot_command("node-random")[0] == "node"
    assert resolve_bot_command("python 'my bot.py' --fast") == ["python", "my bot.py", "--fast"]
    for alias in ("random", "greedy", "node-random"):
        assert os.path.exists(resolve_bot_command(alias)[1])
    with pytest.raises(BotCommandError, match="empty"):
        resolve_bot_command("  ")
    with pytest.raises(BotCommandError, match="cannot split"):
        resolve_bot_command("python 'unclosed")
    with pytest.raises(BotCommandError, match="no such file"):
        check_bot_command(["python", "missing_bot.py"])
