"""Each seat's clock at each of its decisions, recomputed from a log with the referee's rules.

A log holds each decision's `time_ms` (and `cpu_ms`), not the clock; the conditions are in the
header (`meta.options`, and `meta.seat_options` for a seat with its own). The referee's
`Clock` is replayed over them: an answered decision is charged its time (its CPU time on a
`cpu` clock), a timeout whose decision was played for the seat empties the bank, and any
other decision played for it is not charged. The header is attested, not derived, so a value
that is not what the referee writes means "no clock shown", never an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..gamelog import Decision, Failure, Header
from ..records import ClockKind, Consequence, DecisionStatus, FailureStatus
from ..referee.clock import Clock


def _int(value: Any) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 40
    return value if ok else None


def clock_of(options: Any) -> Clock | None:
    """The clock a seat started with, from an `options_summary` dict (None: none to show)."""
    if not isinstance(options, Mapping):
        return None
    move, bank, increment = (_int(options.get(k, 0)) for k in ("move_ms", "bank_ms", "increment_ms"))
    if move is None or bank is None or increment is None:
        return None
    kind = options.get("clock", ClockKind.WALL)
    if kind not in tuple(ClockKind):
        return None
    return Clock(move, bank, increment, unlimited=options.get("no_timeout") is True, kind=ClockKind(kind))


def seat_clocks(header: Header) -> dict[int, Clock]:
    """Each seat's clock at the start of the game (seats without one are left out)."""
    meta = header.meta if isinstance(header.meta, Mapping) else {}
    common = meta.get("options")
    own = meta.get("seat_options")
    own = own if isinstance(own, Mapping) else {}
    out: dict[int, Clock] = {}
    for seat in range(header.players or 0):
        clock = clock_of(own.get(str(seat), common))
        if clock is not None:
            out[seat] = clock
    return out


class ClockReplay:
    """Feed it the decisions in order: `before(d)` is the clock the seat was sent for `d`,
    `after(d)` what was left once `d` was charged."""

    def __init__(self, header: Header, failures: list[Failure]) -> None:
        self.clocks = seat_clocks(header)
        self.timeouts = {
            (f.seat, f.n)
            for f in failures
            if f.status == FailureStatus.TIMEOUT and f.consequence == Consequence.DEFAULT_ACTION
        }

    def step(self, d: Decision) -> dict[str, Any] | None:
        """The clock around decision `d` as the page shows it (None: the seat had none)."""
        clock = self.clocks.get(d.seat)
        if clock is None:
            return None
        shown: dict[str, Any] = {
            "kind": str(clock.kind),
            "move_ms": None if clock.unlimited else clock.move_ms,
            "increment_ms": clock.increment_ms,
            "bank_before_ms": None if clock.unlimited else round(clock.bank_ms, 1),
        }
        if d.status == DecisionStatus.DEFAULT:
            if (d.seat, d.n) in self.timeouts:
                clock.exhaust()
        else:
            cpu = clock.kind == ClockKind.CPU and d.cpu_ms is not None
            used = d.cpu_ms if cpu else d.time_ms
            if isinstance(used, (int, float)) and not isinstance(used, bool) and used >= 0:
                clock.charge(float(used))
        shown["bank_after_ms"] = None if clock.unlimited else round(clock.bank_ms, 1)
        return shown
