"""Mammothodus's components as typed data, loaded from data.json and checked.

The rulebook (seed 004) describes the rules but none of the components: no map, no card
lists, no counts. data.json holds stand-ins for all of them, each section tagged with the
ruling of RULINGS.md (M1-M20, and this project's own from M21) it stands in for, so real data
replaces a section in one place. `load()` refuses a file that breaks the shape the engine
relies on, naming the first problem.
"""

from __future__ import annotations

from collections import deque
from enum import StrEnum
from functools import cache
from pathlib import Path

import msgspec

DATA_FILE = Path(__file__).with_name("data.json")
FORMAT = "mammothodus-data/1"


class Color(StrEnum):
    """A territory's landscape, a human card, a clan card and a figurine's bonus action."""

    RED = "red"  # attack
    GREEN = "green"  # move
    YELLOW = "yellow"  # population
    BLUE = "blue"  # development


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


class DataError(ValueError):
    """data.json does not have the shape the engine relies on."""


def check(d: DataFile) -> None:
    """Raise DataError naming the first problem."""
    if d.format != FORMAT:
        raise DataError(f"format is {d.format!r}, expected {FORMAT!r}")
    m = d.map
    ids = [t.id for t in m.territories]
    if ids != list(range(len(ids))) or m.centre not in ids:
        raise DataError("territories must be numbered 0.. in order, the centre among them")
    centre = m.territories[m.centre]
    if centre.region is not None or centre.color is not None:
        raise DataError("the centre has no region and no colour (M1, M3)")
    for t in m.territories:
        if t.id != m.centre and (t.region not in m.regions or t.color is None):
            raise DataError(f"territory {t.id} needs a region and a colour")
    n = len(ids)
    neighbours: list[set[int]] = [set() for _ in range(n)]
    for a, b in m.adjacency:
        if not (0 <= a < n and 0 <= b < n) or a == b:
            raise DataError(f"adjacency {a}-{b} is not between two territories")
        neighbours[a].add(b)
        neighbours[b].add(a)
    seen = {m.centre}
    todo = deque([m.centre])
    while todo:
        for b in neighbours[todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    if len(seen) != n:
        raise DataError("every territory must be reachable from the centre")
    trails = list(m.initial_trails) + list(m.trail_positions.values())
    if len(set(trails)) != len(trails) or m.centre in trails:
        raise DataError("trails lie on distinct territories, never the centre")
    if sorted(int(k) for k in m.trail_positions) != list(range(1, len(m.trail_positions) + 1)):
        raise DataError("trail tokens are numbered 1..N")
    if set(d.clan_deck.cards) != set(Color):
        raise DataError("a clan deck has cards of the four colours")
    if len(d.adaptation.cards) < d.adaptation.market:
        raise DataError("the adaptation market cannot hold more cards than the deck")
    for card in d.adaptation.cards:
        if card.kind not in ("extra_action", "double", "wild", "draw3"):
            raise DataError(f"unknown adaptation card {card.kind!r}")
        if (card.color is None) != (card.kind in ("wild", "draw3")):
            raise DataError(f"adaptation card {card.kind!r} has the wrong colour")
    if set(d.human_deck.cards) - {*Color, "new_trail"}:
        raise DataError("human cards are colours or new_trail")
    lines = {len(f.lines) for f in d.portal.fragments}
    if lines != {d.limits.places_of_power}:
        raise DataError("every portal fragment has one line per place of power")
    for f in d.portal.fragments:
        for cell in f.lines:
            set_fields = [x for x in (cell.shard, cell.region, cell.color) if x is not None]
            if len(set_fields) != 1:
                raise DataError(f"fragment {f.id}: a cell holds exactly one condition")
            if cell.shard is not None and cell.shard not in d.shards.types:
                raise DataError(f"fragment {f.id}: unknown shard {cell.shard!r}")
            if cell.region is not None and cell.region not in m.regions:
                raise DataError(f"fragment {f.id}: unknown region {cell.region!r}")
    if d.portal.open_at_start > len(d.portal.fragments):
        raise DataError("more fragments open than there are")
    if len(d.shards.types) * d.shards.per_type != n - 1:
        raise DataError("one shard per territory but the centre (M10)")
    p = d.population
    if not p.min <= p.start <= p.max or p.per_figurine < 1:
        raise DataError("the population track is inconsistent")
    if len(d.clans.names) < 1 or set(d.clans.figurine_colors) != set(Color):
        raise DataError("each clan has one figurine per colour")


def parse(raw: bytes) -> DataFile:
    try:
        data = msgspec.json.decode(raw, type=DataFile)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise DataError(f"data.json is not valid: {exc}") from None
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
