"""Game configuration and the engine's exceptions."""

from __future__ import annotations

import msgspec

from ..api import ConfigError, EngineError, IllegalAction
from .data import DEFAULT_MAX_ROUNDS, FACTIONS

__all__ = ["ConfigError", "EngineError", "GameConfig", "IllegalAction", "SETUP_CHOOSE", "SETUP_RECOMMENDED"]

SETUP_CHOOSE = "choose"
SETUP_RECOMMENDED = "recommended"
SETUP_MODES = (SETUP_CHOOSE, SETUP_RECOMMENDED)


class GameConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Everything that, with the players' actions, determines a game.

    players: 2 to 4. seed: any integer. factions: one per seat in seat order, or None to let
    the players choose (clockwise from the first player). setup: "choose" lets players pick
    their start farmland (reverse order); "recommended" uses the recommended farmlands (and the
    factions in seat order when none are given). trading: the optional Trading rule.
    max_rounds: the game is adjudicated after this many rounds (end reason "round_limit").
    """

    players: int = 2
    seed: int = 0
    factions: tuple[str, ...] | None = None
    setup: str = SETUP_CHOOSE
    trading: bool = False
    max_rounds: int = DEFAULT_MAX_ROUNDS

    def validate(self) -> None:
        if not 2 <= self.players <= 4:
            raise ConfigError(f"players must be 2, 3 or 4, not {self.players}")
        if self.setup not in SETUP_MODES:
            raise ConfigError(f"setup must be one of {', '.join(SETUP_MODES)}, not {self.setup!r}")
        if self.max_rounds < 1:
            raise ConfigError(f"max_rounds must be at least 1, not {self.max_rounds}")
        if self.factions is not None:
            if len(self.factions) != self.players:
                raise ConfigError(
                    f"give one faction per player: {self.players} players but "
                    f"{len(self.factions)} factions ({', '.join(self.factions)})"
                )
            for f in self.factions:
                if f not in FACTIONS:
                    raise ConfigError(f"unknown faction {f!r}; choose from {', '.join(FACTIONS)}")
            if len(set(self.factions)) != len(self.factions):
                raise ConfigError(f"each faction can be played once: {', '.join(self.factions)}")
