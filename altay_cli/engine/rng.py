"""The game's one random generator: SplitMix64, with its whole state in one integer.

Python's `random` module does not promise the same shuffles across versions, and game logs
must replay bit for bit on any interpreter, so the engine owns this small generator. Its state
is a single int, which makes cloning and serializing a game free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # an install without mypy: the decorator only means something to mypyc

    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[Any], Any]:  # type: ignore[misc]
        return lambda cls: cls


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


# a search bot's belief may stand a scripted generator in for it while it follows a step
# (mammothodus/belief.py ScriptRng): a subclass, which the compiled engine must allow
@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        x = self.next_u64()
        while x >= limit:
            x = self.next_u64()
        return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        return Rng(self.state)
