"""What bots get once, in `hello.static`: the game's data set (the map: territories with region
and colour, adjacency, trails; the decks' contents, the portal fragments, the spirits, the
population track, the limits), exactly as the game plays it (the bundled stand-in, or the file
given with --data), and every ruling (RULINGS.md's stand-ins and this engine's own)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import msgspec

from .data import DATA_FILE, DataFile
from .tables import tables_of


class Ruling(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str


class StaticInfo(msgspec.Struct):
    data: DataFile  # the components, exactly as the game's data file holds them
    rulings: list[Ruling]


@cache
def _rulings() -> tuple[Ruling, ...]:
    return tuple(rulings())


def rulings() -> list[Ruling]:
    """The rulings table of RULINGS.md: id, the gap's name, the ruling."""
    out = []
    text = (DATA_FILE.parent / "RULINGS.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        m = re.match(r"^\| (M\d+) \| ([^|]+) \| ([^|]+) \|", line)
        if m:
            out.append(Ruling(m.group(1), m.group(2).strip(), m.group(3).strip()))
    return out


def static_info(config: Any = None) -> StaticInfo:
    """The static information of a game of this configuration (None: the bundled stand-in)."""
    return StaticInfo(tables_of(config).data, list(_rulings()))
