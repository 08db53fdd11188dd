"""The engines: the seam every game implements (`api`), the registry, one package per game.

    from altay_cli.engine import load_game
    game = load_game("altay")
    state = game.new_state(game.make_config(players=3, seed=7))
    while not state.is_terminal:
        seat = state.to_move                 # who must decide now
        actions = state.legal_actions()      # finite, ordered list of typed actions
        state.apply(actions[0])              # IllegalAction (state unchanged) if not legal
        obs = state.observation(seat)        # what that seat may know, nothing more
    game.outcome(state)                      # scores by category, ranks, winners, end reason

Engines do no I/O, read no clock and own their only random generator (seeded by the
configuration), so the same configuration and actions always give the same state digest.
Layers above this package use only `api` and `registry`; a game's own types and helpers are
for its own package (and its tests). A game implements `Rules` and declares its facets
(`game.text`, `game.drawing`, `game.search`, `game.deals`, `game.checkbot`): see README.md
beside this file.
"""

from .api import (
    AmbiguousCommand,
    CheckBot,
    ConfigError,
    Deals,
    Drawing,
    EndReason,
    EngineError,
    Eyes,
    EyesKind,
    Game,
    GameKind,
    GameOption,
    IllegalAction,
    IllegalCommand,
    InvalidCommand,
    LengthUnit,
    NotationError,
    OptionKind,
    Outcome,
    Rules,
    Search,
    State,
    TeamResult,
    Text,
)
from .registry import DEFAULT_GAME, UnknownGame, game_names, game_of_config, load_game, register_game

__all__ = [
    "CheckBot",
    "Deals",
    "Drawing",
    "Rules",
    "Search",
    "Text",
    "Eyes",
    "EyesKind",
    "DEFAULT_GAME",
    "AmbiguousCommand",
    "ConfigError",
    "EndReason",
    "LengthUnit",
    "EngineError",
    "Game",
    "GameKind",
    "GameOption",
    "IllegalAction",
    "IllegalCommand",
    "InvalidCommand",
    "NotationError",
    "OptionKind",
    "Outcome",
    "State",
    "TeamResult",
    "UnknownGame",
    "game_names",
    "game_of_config",
    "load_game",
    "register_game",
]
