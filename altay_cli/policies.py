"""In-process players for demos, benchmarks, tests and `play` (bots proper run as subprocesses).

A policy chooses an index into the legal actions. `random` works for every game; a game may
offer more by naming a function `choose(observation, legal_actions_as_json, rng) -> index` in
`Game.search.in_process_bots` (Altay's greedy heuristic is bots/greedy.py). With
`Game.search.in_process_static` the function also gets `static`, the game's static information as JSON
builtins, as a bot gets `hello.static` (Mammothodus's team player reads the game's own data set
from it).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

import msgspec

from .engine import Game, State


class Policy(Protocol):
    def choose(self, state: State, actions: list[Any]) -> int: ...


class RandomPolicy:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0, game: Game | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: list[Any]) -> int:
        return self.rng.randrange(len(actions))


class FunctionPolicy:
    """A game's in-process bot: `function(observation, legal as JSON values, rng) -> index`."""

    def __init__(self, game: Game, target: str, seed: int = 0) -> None:
        module, _, name = target.partition(":")
        self.function = getattr(importlib.import_module(module), name)
        self.game = game
        self.rng = random.Random(seed)
        self.wants_static = game.search.in_process_static
        self._static: tuple[Any, Any] | None = None  # (configuration, its static information)

    def choose(self, state: State, actions: list[Any]) -> int:
        seat = state.to_move
        assert seat is not None
        legal = [self.game.action_to_builtins(a) for a in actions]
        observation = msgspec.to_builtins(state.observation(seat))  # as a bot would read it
        if not self.wants_static:
            return int(self.function(observation, legal, self.rng))
        return int(self.function(observation, legal, self.rng, static=self.static_of(state)))

    def static_of(self, state: State) -> Any:
        """The static information of the state's game, as JSON builtins, kept for the game (the
        same object each time: a player may keep what it derives from it)."""
        config = getattr(state, "config", None)
        if self._static is None or self._static[0] is not config:
            info = self.game.static_info(config) if config is not None else None
            self._static = (config, None if info is None else msgspec.to_builtins(info))
        return self._static[1]


def policy_names(game: Game) -> list[str]:
    return ["random", *game.search.in_process_bots]


def make_policy(name: str, game: Game, seed: int = 0) -> Policy:
    """The in-process player `name` for `game`; ValueError naming the ones there are."""
    if name == "random":
        return RandomPolicy(seed)
    target = game.search.in_process_bots.get(name)
    if target is None:
        raise ValueError(
            f"no in-process player {name!r} for {game.kind.name}; choose from {', '.join(policy_names(game))}"
        )
    return FunctionPolicy(game, target, seed)
