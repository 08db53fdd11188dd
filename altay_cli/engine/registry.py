"""The registered games: `load_game(name)` is how every layer above the engines gets one.

This is the one module outside a game's package that imports it (lazily, on first use).
A game kept elsewhere (a plugin, or a test's toy game) is registered with `register_game`,
or for every process at once with the environment variable ALTAY_GAMES="name=module,...";
the module must define `GAME`, an `altay_cli.engine.api.Game`.
"""

from __future__ import annotations

import importlib
import os
import re
from functools import cache

from .api import Game

#: name -> the module whose `GAME` is that game
GAMES: dict[str, str] = {
    "altay": "altay_cli.engine.altay.game",
    "innovation": "altay_cli.engine.innovation.game",
    "mammothodus": "altay_cli.engine.mammothodus.game",
}
DEFAULT_GAME = "altay"
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,30}$")


class UnknownGame(ValueError):
    """No game is registered under this name."""


def register_game(name: str, module: str) -> None:
    """Make the game `module.GAME` available as `name` (lower case letters, digits, dashes)."""
    if not _NAME.match(name):
        raise ValueError(f"a game name is lower case letters, digits and dashes, not {name!r}")
    GAMES[name] = module
    load_game.cache_clear()


def _register_from_environment() -> None:
    for item in filter(None, (part.strip() for part in os.environ.get("ALTAY_GAMES", "").split(","))):
        name, sep, module = item.partition("=")
        if sep and name.strip() and module.strip():
            register_game(name.strip(), module.strip())


def game_names() -> list[str]:
    return sorted(GAMES)


@cache
def load_game(name: str = DEFAULT_GAME) -> Game:
    """The registered game called `name` (case-insensitive); UnknownGame lists the others."""
    key = name.strip().lower()
    if key not in GAMES:
        raise UnknownGame(f"no game called {name!r}; the games are: {', '.join(game_names())}")
    game = importlib.import_module(GAMES[key]).GAME
    assert isinstance(game, Game) and game.kind.name == key, f"{GAMES[key]}.GAME is not the game {key!r}"
    return game


def game_of_config(config: object) -> Game:
    """The registered game whose configuration type `config` is (TypeError when none is)."""
    for name in GAMES:
        game = load_game(name)
        if isinstance(config, game.config_type):
            return game
    raise TypeError(f"{type(config).__name__} is not the configuration of a registered game")


_register_from_environment()
