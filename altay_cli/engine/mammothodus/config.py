"""A Mammothodus game's configuration: clans, seed, the advanced rules, the turn limit and the
components it is played with (the bundled stand-in, or a data file carried whole)."""

from __future__ import annotations

from typing import Any

import msgspec

from .data import DataFile
from .tables import tables_of


class MammothodusConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: int = 2  # clans in play, one seat each (M18): a bot or person may hold several
    seed: int = 0
    discoveries: bool = False  # advanced rules: human discoveries (M16)
    talents: bool = False  # advanced rules: Ancient talents (M15)
    max_turns: int = 400  # adjudication: the team loses at the turn limit (M62)
    #: the components (map, decks, portal, limits...): None plays the bundled stand-in,
    #: data.json; a game with another data file carries it whole, so its log replays with it
    data: DataFile | None = None


def config_builtins(config: MammothodusConfig, digest: bool = False) -> dict[str, Any]:
    """The configuration as JSON builtins; without data, exactly as before data could be given
    (so the stand-in's logs and digests stay as they were). `digest`: the data by its content
    hash (a state's digest need not encode the whole data set at every step)."""
    if config.data is None:
        out = msgspec.to_builtins(config)
        out.pop("data", None)
        return out
    out = msgspec.to_builtins(msgspec.structs.replace(config, data=None))
    out["data"] = tables_of(config).key if digest else msgspec.to_builtins(config.data)
    return out
