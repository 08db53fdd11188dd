"""signals_deferred holds Ctrl-C and SIGTERM for the length of its block, then raises, and puts
back whatever handlers were there: the referee's one guarantee that an interruption never cuts a
log line in half or a bot's cleanup short. Real signals, sent to this process; a second or so."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from altay_cli.referee.signals import signals_deferred


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
