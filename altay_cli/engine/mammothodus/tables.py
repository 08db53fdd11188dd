"""One data set as the rules read it: the `DataFile` a game was configured with and the tables
derived from it (neighbours, distances, each territory's colour and region, the portal's
fragments by id, the adaptation cards' names...), built once per data set.

A game's state holds its `Tables` (`GameState.tables`), and every rule, view and sentence reads
the components from there, never from a module-level data set: two games with two data files
run side by side in one process. Tables are cached by the data's content hash, so every game
of one data set (and every clone of its states) shares one instance. A configuration without
data (`MammothodusConfig.data` None) plays the bundled stand-in, data.json.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict, deque
from typing import Any

import msgspec

from .data import COLOR_NAME, DataFile, Fragment, Spirit, adaptation_name, figurines_for, load, parse
from .vocabulary import ColorName, checked_words, is_adaptation, is_discovery, is_talent

#: how many data sets' tables are kept (a process rarely plays more than one or two)
CACHE_SIZE = 8


def content_hash(d: DataFile) -> str:
    """A data set's identity: the hash of its canonical JSON form."""
    return hashlib.blake2b(msgspec.json.encode(d), digest_size=16).hexdigest()


def _neighbours(d: DataFile) -> tuple[tuple[int, ...], ...]:
    out: list[set[int]] = [set() for _ in d.map.territories]
    for a, b in d.map.adjacency:
        out[a].add(b)
        out[b].add(a)
    return tuple(tuple(sorted(s)) for s in out)


def _distances(nb: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """[a][b]: the fewest steps from a to b (-1: unreachable, which a valid map never has)."""
    n = len(nb)
    table = []
    for a in range(n):
        dist = [-1] * n
        dist[a] = 0
        todo = deque([a])
        while todo:
            x = todo.popleft()
            for y in nb[x]:
                if dist[y] < 0:
                    dist[y] = dist[x] + 1
                    todo.append(y)
        table.append(tuple(dist))
    return tuple(table)


class Tables:
    """A data set and what the rules derive from it (read-only once built)."""

    __slots__ = (
        "adaptation_names",
        "cells",
        "centre",
        "clan_names",
        "color",
        "data",
        "discovery_names",
        "distances",
        "fragments",
        "key",
        "lines",
        "n",
        "neighbours",
        "region",
        "region_links",
        "spirits",
        "talent_names",
        "trail_at",
    )

    def __init__(self, d: DataFile, key: str) -> None:
        m = d.map
        self.data = d
        self.key = key  # content_hash(d)
        self.n = len(m.territories)
        self.centre = m.centre
        self.neighbours = _neighbours(d)
        self.distances = _distances(self.neighbours)
        self.color: tuple[ColorName | None, ...] = tuple(
            None if t.color is None else COLOR_NAME[t.color] for t in m.territories
        )
        self.region: tuple[str | None, ...] = tuple(t.region for t in m.territories)
        #: M35: pairs of regions (the centre counts as the region "centre") that border
        keys = [r or "centre" for r in self.region]
        self.region_links = frozenset(
            p for a, b in m.adjacency for p in ((keys[a], keys[b]), (keys[b], keys[a]))
        )
        self.fragments: dict[int, Fragment] = {f.id: f for f in d.portal.fragments}
        #: each fragment's lines as an observation shows them: (shard, region, colour name)
        self.cells: dict[int, tuple[tuple[str | None, str | None, ColorName | None], ...]] = {
            f.id: tuple(
                (c.shard, c.region, None if c.color is None else COLOR_NAME[c.color]) for c in f.lines
            )
            for f in d.portal.fragments
        }
        self.lines = d.limits.places_of_power  # one portal line per place of power
        #: each adaptation card (by its index in the data) as a hand holds it: "extra:red", "wild"...
        self.adaptation_names = tuple(
            checked_words(
                (adaptation_name(i, d) for i in range(len(d.adaptation.cards))), is_adaptation, "card"
            )
        )
        self.trail_at = {int(k): t for k, t in m.trail_positions.items()}  # trail token -> territory
        self.spirits: tuple[Spirit, ...] = d.spirits.cards
        self.clan_names = d.clans.names
        self.talent_names = tuple(checked_words(d.talents.names, is_talent, "talent"))
        self.discovery_names = tuple(checked_words(d.discoveries.cards, is_discovery, "discovery"))

    def figurines_for(self, population: int) -> int:
        """M12: how many figurines a clan's population supports with this data."""
        return figurines_for(population, self.data)

    def where(self, t: Any) -> str:
        """A territory as people name it: "the centre", "T4"."""
        return "the centre" if isinstance(t, int) and t == self.centre else f"T{t}"


_PARSED: OrderedDict[bytes, DataFile] = OrderedDict()


def checked(raw: bytes) -> DataFile:
    """A data file's bytes parsed and validated (data.parse: DataError, one sentence), once per
    content: an arena deals many games of one file, and every log of it carries it."""
    key = hashlib.blake2b(raw, digest_size=16).digest()
    data = _PARSED.get(key)
    if data is None:
        data = parse(raw)
        _PARSED[key] = data
        while len(_PARSED) > CACHE_SIZE:
            _PARSED.popitem(last=False)
    return data


_CACHE: OrderedDict[str, Tables] = OrderedDict()
_LAST: list[Any] = [None, None]  # the last data set asked for and its tables (the common case)


def tables_for(d: DataFile) -> Tables:
    """The tables of data set `d`, built once per content."""
    if _LAST[0] is d:
        return _LAST[1]
    key = content_hash(d)
    tables = _CACHE.get(key)
    if tables is None:
        tables = Tables(d, key)
        _CACHE[key] = tables
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    _LAST[0], _LAST[1] = d, tables
    return tables


def standin() -> Tables:
    """The bundled stand-in's tables (data.json)."""
    return tables_for(load())


def tables_of(config: Any) -> Tables:
    """The tables of a configuration's data set: its own, or the bundled stand-in."""
    data = getattr(config, "data", None)
    return standin() if data is None else tables_for(data)
