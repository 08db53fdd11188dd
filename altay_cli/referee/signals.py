"""Signal handling that guarantees cleanup: SIGTERM acts like Ctrl-C, and cleanup is not cut short.

Bots run in their own sessions, so a Ctrl-C at the terminal reaches only the referee; the
referee must therefore never be interrupted half-way through killing them.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises KeyboardInterrupt (only if nobody else handles it)."""
    if not _in_main_thread() or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


class _Hold:
    """A handler that records signals; nested holds pass theirs to the outer one."""

    def __init__(self) -> None:
        self.received: list[int] = []

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.received.append(signum)


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM during the block; if one came, raise KeyboardInterrupt after it.

    Nested blocks raise only when the outermost one ends, so cleanup is never cut short.
    (Handlers, not a signal mask: Python runs handlers in the main thread whichever thread
    the signal was delivered to, so masking the main thread alone would not defer them.)
    """
    if not _in_main_thread():
        yield
        return
    hold = _Hold()
    old = {sig: signal.signal(sig, hold) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if hold.received:
            outer = old[signal.SIGINT]
            if isinstance(outer, _Hold):
                outer.received.extend(hold.received)
            else:
                raise KeyboardInterrupt(f"signal {signal.Signals(hold.received[0]).name} during cleanup")
