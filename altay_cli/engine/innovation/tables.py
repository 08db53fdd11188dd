"""The card data as flat tables indexed by card id (0-104), for the engine's inner loop.

Cards are ints everywhere in the engine; names appear only at the edges (actions, views).
Colours are 0-4 in BGA's order (blue, red, green, yellow, purple); icons 0-6 in BGA's order
(0 the hexagon, then crown, leaf, lightbulb, castle, factory, clock); splays 0-3 (none, left,
right, up). Special achievements keep BGA's ids 105-109.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .data import Color, CountedIcon, Icon, SpecialName, Splay, cards, load

# ---------------------------------------------------------------------------- codes
BLUE, RED, GREEN, YELLOW, PURPLE = range(5)
COLORS = (Color.BLUE, Color.RED, Color.GREEN, Color.YELLOW, Color.PURPLE)
COLOR_NAMES = tuple(str(c) for c in COLORS)

HEX, CROWN, LEAF, LIGHTBULB, CASTLE, FACTORY, CLOCK = range(7)
ICONS = (Icon.HEX, Icon.CROWN, Icon.LEAF, Icon.LIGHTBULB, Icon.CASTLE, Icon.FACTORY, Icon.CLOCK)
ICON_NAMES = tuple(str(i) for i in ICONS)
REAL_ICONS = (CROWN, LEAF, LIGHTBULB, CASTLE, FACTORY, CLOCK)
#: the name of each counted icon by its code (the protocol's CountedIcon; never the hexagon)
COUNTED_ICON_NAMES: dict[int, CountedIcon] = {
    CROWN: "crown",
    LEAF: "leaf",
    LIGHTBULB: "lightbulb",
    CASTLE: "castle",
    FACTORY: "factory",
    CLOCK: "clock",
}

NO_SPLAY, LEFT, RIGHT, UP = range(4)
SPLAY_NAMES = ("none", "left", "right", "up")
SPLAYS = (Splay.NONE, Splay.LEFT, Splay.RIGHT, Splay.UP)
#: icon positions (0 TL, 1 BL, 2 BM, 3 BR) a card below the top shows, by its pile's splay
VISIBLE_BELOW = ((), (3,), (0, 1), (1, 2, 3))

EMPIRE, MONUMENT, WONDER, WORLD, UNIVERSE = 105, 106, 107, 108, 109
SPECIALS = (EMPIRE, MONUMENT, WONDER, WORLD, UNIVERSE)

NCARDS = 105

# ---------------------------------------------------------------------------- per card
_CARDS = cards()
NAME: tuple[str, ...] = tuple(c.name for c in _CARDS)
AGE: tuple[int, ...] = tuple(c.age for c in _CARDS)
COLOR: tuple[int, ...] = tuple(COLORS.index(c.color) for c in _CARDS)
ICON_AT: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(ICONS.index(i) for i in c.icons)  # type: ignore[misc]
    for c in _CARDS
)
FEATURED: tuple[int, ...] = tuple(ICONS.index(c.featured) for c in _CARDS)
#: HAS[c][icon]: the number of `icon`s printed on card c (0 for the hexagon)
HAS: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if i == HEX else icons.count(i) for i in range(7)) for icons in ICON_AT
)
#: SHOWN[splay][c]: the icons card c shows (index by icon) when covered in a pile of that splay
SHOWN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(sum(1 for p in VISIBLE_BELOW[s] if icons[p] == i and i != HEX) for i in range(7))
        for icons in ICON_AT
    )
    for s in range(4)
)
SPECIAL_NAME: dict[int, SpecialName] = {s.id: s.name for s in load().special_achievements}
BY_NAME = {name: i for i, name in enumerate(NAME)}
BY_LOWER = {name.lower(): i for i, name in enumerate(NAME)}


@lru_cache(maxsize=4096)
def title_key(name: str) -> str:
    """R01: titles compare case-insensitively without spaces or punctuation ("thewheel")."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def card_id(name: str) -> int:
    """The card called `name` (exact title, or any case); KeyError otherwise."""
    c = BY_NAME.get(name)
    if c is None:
        c = BY_LOWER[name.strip().lower()]
    return c
