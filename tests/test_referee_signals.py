"""signals_deferred holds Ctrl-C and SIGTERM for the length of its block, then raises, and puts
back whatever handlers were there: the referee's one guarantee that an interruption never cuts a
log line in half or a bot's cleanup short. Real signals, sent to this process; a second or so."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest

from altay_cli.referee.signals import holding_signals_cheaply, signals_deferred, sigterm_as_interrupt


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt here even in a run started in the background."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


@pytest.mark.usefixtures("ctrl_c_raises")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_signal_inside_the_block_is_raised_after_it(sig: signal.Signals) -> None:
    done = []
    with pytest.raises(KeyboardInterrupt, match=sig.name), signals_deferred():
        os.kill(os.getpid(), sig)
        done.append("the rest of the block")
    assert done == ["the rest of the block"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_nested_block_passes_its_signal_to_the_outermost() -> None:
    done = []
    with pytest.raises(KeyboardInterrupt), signals_deferred():
        with signals_deferred():
            os.kill(os.getpid(), signal.SIGINT)
        done.append("after the inner block")
    assert done == ["after the inner block"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_block_without_a_signal_changes_nothing() -> None:
    for _ in range(3):
        with signals_deferred():
            pass
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


# ---------------------------------------------------------------- the gate (a match's loop)
@pytest.mark.usefixtures("ctrl_c_raises")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_inside_the_gate_a_held_signal_is_raised_after_the_block(sig: signal.Signals) -> None:
    done = []
    with sigterm_as_interrupt(), holding_signals_cheaply():
        gate = signal.getsignal(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt, match=sig.name), signals_deferred():
            with signals_deferred():
                os.kill(os.getpid(), sig)
                done.append("inner")
            done.append("outer")  # nested: only the outermost block raises
        # holding counted, it did not swap the handlers
        assert signal.getsignal(signal.SIGINT) is gate
        assert signal.getsignal(signal.SIGTERM) is gate
    assert done == ["inner", "outer"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


@pytest.mark.usefixtures("ctrl_c_raises")
def test_inside_the_gate_but_outside_a_block_ctrl_c_stops_at_once() -> None:
    with pytest.raises(KeyboardInterrupt), sigterm_as_interrupt(), holding_signals_cheaply():
        os.kill(os.getpid(), signal.SIGINT)
        raise AssertionError("not interrupted")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_ctrl_c_stays_ignored_through_the_gate() -> None:
    """An arena worker ignores Ctrl-C (its parent decides): a match in it must not turn one into
    an interruption, inside a held block or out of it."""
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with holding_signals_cheaply():
            with signals_deferred():
                os.kill(os.getpid(), signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, old)
