"""Altay's static information: what a bot needs to know once, sent in `hello`.

Generated from the engine's own data (data.py), so it can never disagree with the rules the
engine enforces. Cards are named as in requests: titles ("Merchant") in actions, kinds
("Merchant (1 VP)") where the copy matters; effects are listed in the order `Play.effect`
indexes them.
"""

from __future__ import annotations

import inspect
import re
from functools import cache
from typing import Any

import msgspec

from . import data as _data
from .data import (
    ACHIEVEMENT_EFFECTS,
    ACHIEVEMENTS,
    ADJACENCY,
    FACTIONS,
    KINDS,
    NUM_TERRITORIES,
    OUT_OF_PLAY,
    RECOMMENDED_FARMLANDS,
    SCORING_RULES,
    STARTING_DECKS,
    TERRAIN_OF,
    TERRAINS,
    TITLES,
    VP_MARKER_TERRITORIES,
    Timing,
)
from .notation import effect_text
from .observation import AchievementLevel, Faction, Resource, Terrain


class TerritoryInfo(msgspec.Struct, frozen=True):
    """One map territory: its terrain and neighbours, and where it is out of play."""

    id: int
    terrain: Terrain
    adjacent: list[int]
    out_of_play_with: list[int]  # player counts at which this territory is not used
    vp_marker_with: list[int]  # player counts at which it carries a VP marker
    recommended_start_with: list[int]  # player counts at which it is a recommended start farmland


class CardTitle(msgspec.Struct, frozen=True):
    """A card title and its effects, in the order `play`'s `effect` index counts them."""

    title: str
    starting: bool
    effects: list[str]


class CardKind(msgspec.Struct, frozen=True):
    """A physical card kind: a title with its VP and cost (null for starting cards)."""

    kind: str
    title: str
    vp: int
    cost: str | None


class FactionInfo(msgspec.Struct, frozen=True):
    name: Faction
    deck: list[str]  # the starting deck, by card kind


class AchievementInfo(msgspec.Struct, frozen=True):
    name: str
    level: AchievementLevel
    cost: str
    timing: Timing | None  # technologies: once_per_turn, continuous, end_of_turn, instant; wonders: null
    effect: str  # what a technology does, or what a wonder scores


class ScoringCategory(msgspec.Struct, frozen=True):
    """One category of the final score; ties break on the categories in this order."""

    name: str
    counts: str


class Ruling(msgspec.Struct, frozen=True):
    """A point the rulebook leaves open, as the engine settles it (a named constant in data.py)."""

    name: str
    value: Any
    text: str


class StaticInfo(msgspec.Struct, frozen=True):
    """Everything about Altay that does not change during a game."""

    resources: list[Resource]
    terrains: list[Terrain]
    territories: list[TerritoryInfo]
    titles: list[CardTitle]
    kinds: list[CardKind]
    factions: list[FactionInfo]
    achievements: list[AchievementInfo]
    scoring: list[ScoringCategory]
    wonder_vp_cap: int
    secret_wonder_bonus: int
    rulings: list[Ruling]


_CONSTANT = re.compile(r"^([A-Z][A-Z0-9_]*): Final(?:\[[^=]*\])? = ")


def rulings() -> list[Ruling]:
    """Every named ruling of data.py's rulings section, with the comment that explains it (read
    from data.py itself, so the text cannot drift from the constant). A constant without a
    comment of its own shares the one above it."""
    try:
        source = inspect.getsource(_data)
    except (OSError, TypeError):  # installed without its sources: the rulings' texts are not there
        return []
    section = source[source.index("# -----") :]
    section = section[section.index("rulings") :]
    out: list[Ruling] = []
    text: list[str] = []
    last = ""
    for line in section.splitlines():
        if line.startswith("#:"):
            text.append(line[2:].strip())
            continue
        m = _CONSTANT.match(line)
        if m:
            explanation = " ".join(text) or last
            value = getattr(_data, m.group(1))
            out.append(
                Ruling(name=m.group(1), value=msgspec.to_builtins(value, str_keys=True), text=explanation)
            )
            last, text = explanation, []
    return out


@cache
def static_info() -> StaticInfo:
    counts = (2, 3, 4)
    return StaticInfo(
        resources=["F", "W", "M", "S", "C"],
        terrains=list(TERRAINS),
        territories=[
            TerritoryInfo(
                id=t,
                terrain=TERRAINS[TERRAIN_OF[t]],
                adjacent=list(ADJACENCY[t]),
                out_of_play_with=[n for n in counts if t in OUT_OF_PLAY[n]],
                vp_marker_with=[n for n in counts if t in VP_MARKER_TERRITORIES[n]],
                recommended_start_with=[n for n in counts if t in RECOMMENDED_FARMLANDS[n]],
            )
            for t in range(NUM_TERRITORIES)
        ],
        titles=[
            CardTitle(title=t.name, starting=t.starting, effects=[effect_text(e) for e in t.effects])
            for t in TITLES
        ],
        kinds=[
            CardKind(
                kind=k.name,
                title=TITLES[k.title].name,
                vp=k.vp,
                cost=k.cost.text() if k.cost is not None else None,
            )
            for k in KINDS
        ],
        factions=[
            FactionInfo(name=f, deck=[KINDS[k].name for k in deck])
            for f, deck in zip(FACTIONS, STARTING_DECKS, strict=True)
        ],
        achievements=[
            AchievementInfo(
                name=a.name,
                level=a.level,
                cost=a.cost.text(),
                timing=a.timing,
                effect=ACHIEVEMENT_EFFECTS[a.name],
            )
            for a in ACHIEVEMENTS
        ],
        scoring=[ScoringCategory(name=n, counts=c) for n, c in SCORING_RULES],
        wonder_vp_cap=_data.WONDER_VP_CAP,
        secret_wonder_bonus=_data.SECRET_WONDER_BONUS,
        rulings=rulings(),
    )
