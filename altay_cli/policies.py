"""In-process players for demos, benchmarks and tests (bots proper run as subprocesses)."""

from __future__ import annotations

import random
from typing import Protocol

from .engine import Action, GameState


class Policy(Protocol):
    def choose(self, state: GameState, actions: list[Action]) -> int: ...


class RandomPolicy:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, actions: list[Action]) -> int:
        return self.rng.randrange(len(actions))


class GreedyPolicy:
    """The reference greedy heuristic (bots/greedy.py) applied in-process."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, actions: list[Action]) -> int:
        from bots.greedy import choose

        from .engine import action_to_builtins

        return choose(state.observation(state.to_move), [action_to_builtins(a) for a in actions], self.rng)


POLICIES: dict[str, type] = {"random": RandomPolicy, "greedy": GreedyPolicy}
