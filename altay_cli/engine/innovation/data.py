"""Innovation's card data, typed and checked: cards.json (ages, colours, the four icon
positions, the featured icon, each effect in this project's words, the 1st-edition texts of
the nine changed cards) and the five special achievements. Card data is facts; the publisher's
card wording is not shipped. `load()` refuses a file that breaks the format of RULES.md §16.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal, get_args

import msgspec

CARDS_FILE = Path(__file__).with_name("cards.json")
FORMAT = "innovation-base-cards/1"
AGES = tuple(range(1, 11))
CARDS_PER_AGE = {1: 15, **{age: 10 for age in range(2, 11)}}
CHANGED_IN_FIRST_EDITION = (
    "Oars",
    "Fermenting",
    "Feudalism",
    "Measurement",
    "Statistics",
    "Societies",
    "Industrialization",
    "Combustion",
    "Fission",
)


class Icon(StrEnum):
    HEX = "hex"
    CROWN = "crown"
    LEAF = "leaf"
    LIGHTBULB = "lightbulb"
    CASTLE = "castle"
    FACTORY = "factory"
    CLOCK = "clock"


class Color(StrEnum):
    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    PURPLE = "purple"


class Splay(StrEnum):
    """How a pile is splayed: which icons of its covered cards show (RULES.md §6.2)."""

    NONE = "none"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"


#: the icons a board counts (the hexagon, a card's picture, never counts)
CountedIcon = Literal["crown", "leaf", "lightbulb", "castle", "factory", "clock"]
#: the five special achievements
SpecialName = Literal["Empire", "Monument", "Wonder", "World", "Universe"]
#: the editions played: 3rd (as Board Game Arena plays), or the 1st-edition texts of nine cards
Edition = Literal["3e", "1e"]
EDITIONS: tuple[str, ...] = get_args(Edition)


class EffectKind(StrEnum):
    DEMAND = "demand"
    NONDEMAND = "nondemand"


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: EffectKind
    text: str
    ruling: str | None = None


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card. `icons` are in the order top-left, bottom-left, bottom-middle, bottom-right."""

    id: int
    name: str
    age: int
    color: Color
    icons: tuple[Icon, Icon, Icon, Icon]
    featured: Icon
    effects: tuple[Effect, ...]
    effects_1e: tuple[Effect, ...] | None = None

    def effects_for(self, first_edition: bool) -> tuple[Effect, ...]:
        return self.effects_1e if first_edition and self.effects_1e is not None else self.effects


class ClaimedByCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    card_id: int
    card_name: str
    card_condition: str


class SpecialAchievement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: int
    name: SpecialName
    condition: str
    claimed_by_card: ClaimedByCard
    when_checked: str


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    edition: str
    icon_order: tuple[str, str, str, str]
    notes: str
    cards: tuple[Card, ...]
    special_achievements: tuple[SpecialAchievement, ...]


class CardDataError(ValueError):
    """cards.json does not hold what RULES.md §16 says it does."""


def check(data: CardFile) -> None:
    """Raise CardDataError naming the first thing that breaks the format."""
    if data.format != FORMAT:
        raise CardDataError(f"format is {data.format!r}, expected {FORMAT!r}")
    if [c.id for c in data.cards] != list(range(105)):
        raise CardDataError("the cards must be the ids 0 to 104, in order")
    names = [c.name for c in data.cards]
    if len(set(names)) != len(names):
        raise CardDataError("card names must be unique")
    for age in AGES:
        count = sum(1 for c in data.cards if c.age == age)
        if count != CARDS_PER_AGE[age]:
            raise CardDataError(f"age {age} has {count} cards, not {CARDS_PER_AGE[age]}")
    for c in data.cards:
        if c.icons.count(Icon.HEX) != 1:
            raise CardDataError(f"{c.name} must show exactly one hexagon")
        if c.featured is Icon.HEX or c.featured not in c.icons:
            raise CardDataError(f"{c.name}'s featured icon {c.featured} is not one of its icons")
        for effects in (c.effects, c.effects_1e) if c.effects_1e is not None else (c.effects,):
            kinds = [e.kind for e in effects]
            if not effects or EffectKind.DEMAND in kinds[1:]:
                raise CardDataError(f"{c.name}: effects must be non-empty, a demand only first")
        if (c.effects_1e is not None) != (c.name in CHANGED_IN_FIRST_EDITION):
            raise CardDataError(f"{c.name}: 1st-edition effects belong to the nine changed cards only")
    if sum(len(c.effects) for c in data.cards) != 158:
        raise CardDataError("the base game has 158 effects")
    specials = {s.id: s.name for s in data.special_achievements}
    if specials != {105: "Empire", 106: "Monument", 107: "Wonder", 108: "World", 109: "Universe"}:
        raise CardDataError(f"the special achievements are {specials}")
    for s in data.special_achievements:
        by = s.claimed_by_card
        if data.cards[by.card_id].name != by.card_name:
            raise CardDataError(f"{s.name} names card {by.card_id} as {by.card_name!r}")


def parse(raw: bytes) -> CardFile:
    try:
        data = msgspec.json.decode(raw, type=CardFile)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise CardDataError(f"cards.json is not valid: {exc}") from None
    check(data)
    return data


@cache
def load() -> CardFile:
    return parse(CARDS_FILE.read_bytes())


def cards() -> tuple[Card, ...]:
    return load().cards


def card_named(name: str) -> Card:
    for c in cards():
        if c.name == name:
            return c
    raise KeyError(name)
