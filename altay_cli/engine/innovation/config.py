"""An Innovation game's configuration: players, seed, the edition of the changed cards, and the
turn limit at which a game is adjudicated."""

from __future__ import annotations

import msgspec

DEFAULT_MAX_TURNS = 1000


class InnovationConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: int = 2
    seed: int = 0
    edition: str = "3e"  # "1e": the 1st-edition texts of the nine changed cards (RULES.md §13)
    max_turns: int = DEFAULT_MAX_TURNS  # adjudication: the game ends after this many turns (E05)
