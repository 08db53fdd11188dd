"""A seat's clock: a per-move allowance plus an optional bank, Fischer-style increment.

Each decision may use `move_ms` for free; time beyond it is taken from the bank. The deadline
of a request is therefore send time + move_ms + bank. After each answered decision the bank
gets `increment_ms`. Retries of one decision share that decision's deadline.
"""

from __future__ import annotations

from protocol import Clock as ClockMessage


class Clock:
    def __init__(
        self, move_ms: int, bank_ms: int = 0, increment_ms: int = 0, unlimited: bool = False
    ) -> None:
        self.move_ms = move_ms
        self.bank_ms = float(bank_ms)
        self.increment_ms = increment_ms
        self.unlimited = unlimited

    def budget_s(self) -> float | None:
        """Seconds available for the next decision, or None without time limits."""
        if self.unlimited:
            return None
        return (self.move_ms + self.bank_ms) / 1000.0

    def charge(self, used_ms: float) -> None:
        """Account for an answered decision: overtime comes out of the bank, then the increment."""
        if self.unlimited:
            return
        over = used_ms - self.move_ms
        if over > 0:
            self.bank_ms = max(0.0, self.bank_ms - over)
        self.bank_ms += self.increment_ms

    def exhaust(self) -> None:
        """A timeout used everything: the bank is empty (the increment still comes)."""
        if not self.unlimited:
            self.bank_ms = float(self.increment_ms)

    def message(self) -> ClockMessage:
        if self.unlimited:
            return ClockMessage(move_ms=None, bank_ms=None, increment_ms=0)
        return ClockMessage(move_ms=self.move_ms, bank_ms=int(self.bank_ms), increment_ms=self.increment_ms)
