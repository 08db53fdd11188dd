"""A player's board: piles by colour, their splay, and the icon count (RULES.md §6)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .data import Card, Icon


class Splay(StrEnum):
    NONE = "none"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"


#: Icon positions (0 top-left, 1 bottom-left, 2 bottom-middle, 3 bottom-right) that a card
#: below the top shows, by the pile's splay.
VISIBLE_BELOW: dict[Splay, tuple[int, ...]] = {
    Splay.NONE: (),
    Splay.LEFT: (3,),
    Splay.RIGHT: (0, 1),
    Splay.UP: (1, 2, 3),
}


def pile_icons(pile: Sequence[Card], splay: Splay, icon: Icon) -> int:
    """How many `icon`s a pile shows: every position of its top card (`pile[-1]`), and the
    positions its splay reveals on each card below. Fewer than two cards show no splay."""
    if not pile:
        return 0
    count = pile[-1].icons.count(icon)
    if len(pile) >= 2:
        positions = VISIBLE_BELOW[splay]
        for card in pile[:-1]:
            count += sum(1 for p in positions if card.icons[p] is icon)
    return count


def board_icons(piles: Sequence[tuple[Sequence[Card], Splay]], icon: Icon) -> int:
    """A player's count of `icon` over all their piles (the hexagon is never counted)."""
    if icon is Icon.HEX:
        return 0
    return sum(pile_icons(pile, splay, icon) for pile, splay in piles)
