"""What bots get once, in `hello.static`: every card (age, colour, the four icon positions,
the featured icon, its effects in the edition played, with their rulings), the special
achievements, what a splay shows, how many achievements win, and every named ruling."""

from __future__ import annotations

import msgspec

from .data import Color, CountedIcon, Edition, EffectKind, Icon, SpecialName, Splay, cards, load
from .rulings import RULINGS, Ruling
from .state import ACHIEVEMENTS_TO_WIN
from .tables import COLORS, COUNTED_ICON_NAMES, ICONS, REAL_ICONS, SPLAYS, VISIBLE_BELOW


class EffectInfo(msgspec.Struct, omit_defaults=True):
    kind: EffectKind  # demand or nondemand
    text: str
    ruling: str | None = None


class CardInfo(msgspec.Struct):
    id: int
    name: str
    age: int
    color: Color
    icons: list[Icon]  # top-left, bottom-left, bottom-middle, bottom-right ("hex": the picture)
    featured: CountedIcon
    effects: list[EffectInfo]


class SpecialInfo(msgspec.Struct):
    id: int
    name: SpecialName
    condition: str
    claimed_by_card: str
    card_condition: str


class StaticInfo(msgspec.Struct):
    edition: Edition
    colors: list[Color]
    icons: list[CountedIcon]
    #: splay (a Splay) -> the icon positions (0 top-left .. 3 bottom-right) a covered card shows
    splay_shows: dict[Splay, list[int]]
    achievements_to_win: dict[str, int]  # by number of players
    cards: list[CardInfo]
    specials: list[SpecialInfo]
    rulings: list[Ruling]


def static_info(edition: str = "3e") -> StaticInfo:
    first = edition == "1e"
    return StaticInfo(
        edition="1e" if first else "3e",
        colors=list(COLORS),
        icons=[COUNTED_ICON_NAMES[i] for i in REAL_ICONS],
        splay_shows={SPLAYS[s]: list(VISIBLE_BELOW[s]) for s in range(4)},
        achievements_to_win={str(n): k for n, k in ACHIEVEMENTS_TO_WIN.items()},
        cards=[
            CardInfo(
                id=c.id,
                name=c.name,
                age=c.age,
                color=c.color,
                icons=list(c.icons),
                featured=COUNTED_ICON_NAMES[ICONS.index(c.featured)],
                effects=[EffectInfo(e.kind, e.text, e.ruling) for e in c.effects_for(first)],
            )
            for c in cards()
        ],
        specials=[
            SpecialInfo(
                s.id, s.name, s.condition, s.claimed_by_card.card_name, s.claimed_by_card.card_condition
            )
            for s in sorted(load().special_achievements, key=lambda s: s.id)
        ],
        rulings=list(RULINGS),
    )
