"""The Altay rules engine: pure, deterministic, with hidden information built in.

>>> from altay_cli.engine.altay import GameConfig, new_game
>>> g = new_game(GameConfig(players=3, seed=7))
>>> while not g.is_terminal:
...     seat = g.to_move  # who must decide now
...     actions = g.legal_actions()  # finite, ordered list of typed actions
...     g.apply(actions[0])  # IllegalAction (state unchanged) if not legal
...     obs = g.observation(seat)  # public state + that seat's private zones
>>> result = g.result()  # scores by category, ranks, end reason
>>> result["finished"], len(result["ranks"]), result["end_reason"] is not None
(True, 3, True)

The engine does no I/O, reads no clock and owns its only random generator (seeded by the
configuration), so the same configuration and actions always give the same state digest.
"""

from .actions import (
    ACTION_TYPES,
    Abandon,
    Action,
    AnyAction,
    Attack,
    Buy,
    ChooseFaction,
    ChooseStart,
    Commerce,
    Develop,
    EndTurn,
    Engineering,
    Fight,
    Mathematics,
    Philosophy,
    Place,
    Play,
    Release,
    Religion,
    Settle,
    Surrender,
    Trade,
    action_from_builtins,
    action_from_json,
    action_to_builtins,
    action_to_json,
)
from .config import SETUP_CHOOSE, SETUP_RECOMMENDED, ConfigError, EngineError, GameConfig, IllegalAction
from .events import public_action
from .invariants import check_invariants
from .scoring import CATEGORIES
from .setup import new_game
from .state import GameState, state_from_dict, state_to_json

ENGINE_VERSION = "1.0.0"

__all__ = [
    "ACTION_TYPES",
    "CATEGORIES",
    "ENGINE_VERSION",
    "SETUP_CHOOSE",
    "SETUP_RECOMMENDED",
    "Abandon",
    "Action",
    "AnyAction",
    "Attack",
    "Buy",
    "ChooseFaction",
    "ChooseStart",
    "Commerce",
    "ConfigError",
    "Develop",
    "EndTurn",
    "EngineError",
    "Engineering",
    "Fight",
    "GameConfig",
    "GameState",
    "check_invariants",
    "IllegalAction",
    "Mathematics",
    "Philosophy",
    "Place",
    "Play",
    "Release",
    "Religion",
    "Settle",
    "Surrender",
    "Trade",
    "action_from_builtins",
    "action_from_json",
    "action_to_builtins",
    "action_to_json",
    "public_action",
    "new_game",
    "state_from_dict",
    "state_to_json",
]
