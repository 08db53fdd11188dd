"""Signal handling that guarantees cleanup: SIGTERM acts like Ctrl-C, and cleanup is not cut short.

Bots run in their own sessions, so a Ctrl-C at the terminal reaches only the referee; the
referee must therefore never be interrupted half-way through killing them.
"""

from __future__ import annotations

import contextlib
import importlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType, TracebackType
from typing import Any

#: The C function under `signal.signal`: the Python wrapper converts the signal and both handlers
#: to and from enums, which cost more than ten times the call itself (the referee holds signals
#: twice per decision, so that was 20-30 µs of every decision).
_set_handler: Callable[[int, Any], Any] = importlib.import_module("_signal").signal
_HELD = (int(signal.SIGINT), int(signal.SIGTERM))
_MAIN_THREAD = threading.main_thread().ident


def _in_main_thread() -> bool:
    return threading.get_ident() == _MAIN_THREAD


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


class _Gate:
    """The handler of SIGINT and SIGTERM while a match plays (`holding_signals_cheaply`).

    Outside a held block it does what the handler before it did (Ctrl-C: KeyboardInterrupt;
    an ignored signal stays ignored); inside one it only records the signal, which the outermost
    block raises when it ends. Holding is then a counter, not four handler swaps (system calls)
    on every decision.
    """

    __slots__ = ("before", "depth", "received")

    def __init__(self) -> None:
        self.before: dict[int, Any] = {}
        self.depth = 0
        self.received: list[int] = []

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        before = self.before.get(signum)
        if before is signal.SIG_IGN or before == signal.SIG_IGN:
            return
        if self.depth:
            self.received.append(signum)
        elif callable(before):
            before(signum, frame)
        else:  # the default action: stop, as Ctrl-C does
            raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")


_gate: _Gate | None = None  # the gate in place, if any (main thread only)


@contextlib.contextmanager
def holding_signals_cheaply() -> Iterator[None]:
    """Within the block, `signals_deferred` holds signals by counting (see _Gate). For the loop
    of a match, which holds them on every decision; elsewhere (or in another thread) holding
    swaps the handlers as it always did."""
    global _gate
    if not _in_main_thread() or _gate is not None:
        yield
        return
    gate = _Gate()
    for sig in _HELD:
        gate.before[sig] = _set_handler(sig, gate)
    _gate = gate
    try:
        yield
    finally:
        _gate = None
        for sig in _HELD:
            _set_handler(sig, gate.before[sig])


class signals_deferred:  # a class named as a function: `with signals_deferred():`
    """Hold SIGINT and SIGTERM during the block; if one came, raise KeyboardInterrupt after it.

    Nested blocks raise only when the outermost one ends, so cleanup is never cut short.
    (Handlers, not a signal mask: Python runs handlers in the main thread whichever thread
    the signal was delivered to, so masking the main thread alone would not defer them.)
    A class rather than a generator: it runs twice per decision of every match.
    """

    __slots__ = ("_gate", "_hold", "_old_int", "_old_term")
    _gate: _Gate | None
    _hold: _Hold | None

    def __enter__(self) -> None:
        gate = _gate
        if gate is not None and _in_main_thread():
            gate.depth += 1
            self._gate = gate
            return
        self._gate = None
        if not _in_main_thread():
            self._hold = None
            return
        self._hold = hold = _Hold()
        self._old_int = _set_handler(_HELD[0], hold)
        self._old_term = _set_handler(_HELD[1], hold)

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        gate = self._gate
        if gate is not None:
            gate.depth -= 1
            if not gate.depth and gate.received:
                signum = gate.received[0]
                gate.received.clear()
                raise KeyboardInterrupt(f"signal {signal.Signals(signum).name} during cleanup")
            return
        hold = self._hold
        if hold is None:
            return
        _set_handler(_HELD[0], self._old_int)
        _set_handler(_HELD[1], self._old_term)
        if hold.received:
            outer = self._old_int
            if isinstance(outer, _Hold):
                outer.received.extend(hold.received)
            else:
                raise KeyboardInterrupt(f"signal {signal.Signals(hold.received[0]).name} during cleanup")
