"""Mammothodus's components as typed data, loaded from data.json and checked.

The rulebook (seed 004) describes the rules but none of the components: no map, no card
lists, no counts. data.json holds stand-ins for all of them, each section tagged with the
ruling of RULINGS.md (M1-M20, and this project's own from M21) it stands in for, so real data
replaces a section in one place. `parse()` validates a file completely (validate.py) and
refuses one the engine cannot play with one sentence naming the first problem.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path

import msgspec

from ..api import ConfigError
from .vocabulary import ColorName

DATA_FILE = Path(__file__).with_name("data.json")
FORMAT = "mammothodus-data/1"


class Color(StrEnum):
    """A territory's landscape, a human card, a clan card and a figurine's bonus action."""

    RED = "red"  # attack
    GREEN = "green"  # move
    YELLOW = "yellow"  # population
    BLUE = "blue"  # development


#: each colour by the name the protocol gives it (vocabulary.ColorName)
COLOR_NAME: dict[Color, ColorName] = {
    Color.RED: "red",
    Color.GREEN: "green",
    Color.YELLOW: "yellow",
    Color.BLUE: "blue",
}


class Tagged(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ruling: tuple[str, ...]


class Territory(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: int
    region: str | None  # N, E, S, W; None for the centre (M1)
    color: Color | None  # None for the centre (M3)
    ring: str  # centre, inner, outer


class MapData(Tagged, frozen=True, forbid_unknown_fields=True):
    centre: int
    centre_activates: bool  # M3's alternative: the centre activates on any colour
    regions: tuple[str, ...]
    colors: tuple[Color, ...]
    territories: tuple[Territory, ...]
    adjacency: tuple[tuple[int, int], ...]
    initial_trails: tuple[int, ...]
    trail_positions: dict[str, int]  # trail token number -> territory


class ClanDeck(Tagged, frozen=True, forbid_unknown_fields=True):
    cards: dict[Color, int]


class AdaptationCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str  # extra_action, double, wild, draw3
    color: Color | None = None


class Adaptation(Tagged, frozen=True, forbid_unknown_fields=True):
    market: int
    cards: tuple[AdaptationCard, ...]


class Count(Tagged, frozen=True, forbid_unknown_fields=True):
    cards: int


class HumanDeck(Tagged, frozen=True, forbid_unknown_fields=True):
    cards: dict[str, int]  # a colour or "new_trail" -> how many


class Cell(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One condition of a portal fragment's line: a shard, a region or a colour."""

    shard: str | None = None
    region: str | None = None
    color: Color | None = None


class Fragment(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: int
    lines: tuple[Cell, ...]  # one per place of power


class Portal(Tagged, frozen=True, forbid_unknown_fields=True):
    open_at_start: int
    shard_types: tuple[str, ...]
    fragments: tuple[Fragment, ...]


class Shards(Tagged, frozen=True, forbid_unknown_fields=True):
    types: tuple[str, ...]
    per_type: int


class Spirit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    dice: int  # how many dice of at least `min` destroy it in one attack
    min: int


class Spirits(Tagged, frozen=True, forbid_unknown_fields=True):
    cards: tuple[Spirit, ...]


class Population(Tagged, frozen=True, forbid_unknown_fields=True):
    start: int
    min: int
    max: int
    per_figurine: int
    max_figurines: int
    lose_below: int


class DegradationTrack(Tagged, frozen=True, forbid_unknown_fields=True):
    boxes: int
    start: int


class Talents(Tagged, frozen=True, forbid_unknown_fields=True):
    tokens: int
    names: tuple[str, ...]


class Discoveries(Tagged, frozen=True, forbid_unknown_fields=True):
    cards: tuple[str, ...]


class Dice(Tagged, frozen=True, forbid_unknown_fields=True):
    cap: int | None
    hit: int


class Limits(Tagged, frozen=True, forbid_unknown_fields=True):
    tribes: int
    spirits: int
    places_of_power: int
    hand: int
    figurines_at_start: int


class Clans(Tagged, frozen=True, forbid_unknown_fields=True):
    names: tuple[str, ...]
    figurine_colors: tuple[Color, ...]


class DataFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    note: str
    map: MapData
    clan_deck: ClanDeck
    adaptation: Adaptation
    degradation: Count
    human_deck: HumanDeck
    portal: Portal
    shards: Shards
    spirits: Spirits
    population: Population
    degradation_track: DegradationTrack
    talents: Talents
    discoveries: Discoveries
    dice: Dice
    limits: Limits
    clans: Clans


class DataError(ConfigError):
    """A data file the engine cannot play: the message is one sentence naming the section and
    entry, what is wrong and what is expected (validate.py). A configuration error, so that a
    command given a broken --data file stops with that sentence and exit code 2 before any game
    starts (as for every ConfigError)."""


def parse(raw: bytes) -> DataFile:
    """A data file's bytes as a DataFile, validated completely (validate.py), or DataError."""
    from .validate import check, decode  # validate.py reads this module's types

    data = decode(raw)
    check(data)
    return data


@cache
def load() -> DataFile:
    return parse(DATA_FILE.read_bytes())


def adaptation_name(index: int, d: DataFile | None = None) -> str:
    """An adaptation card (its index in the data `d`, the stand-in by default) as the card
    string a clan's hand holds: "extra:red", "double:blue", "wild" or "draw3"."""
    card = (load() if d is None else d).adaptation.cards[index]
    return card.kind if card.color is None else f"{card.kind.replace('_action', '')}:{card.color}"


def figurines_for(population: int, d: DataFile | None = None) -> int:
    """M12: how many figurines a clan's population supports with the data `d` (the stand-in by
    default): ceil(population / per_figurine), from 0 to max_figurines (0..4 in the stand-in)."""
    p = (load() if d is None else d).population
    return max(0, min(p.max_figurines, -(-population // p.per_figurine)))
