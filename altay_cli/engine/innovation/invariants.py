"""Conservation and consistency: every card in exactly one place, where[] agreeing with the
zones, piles unsplayed below two cards, special achievements held once, what is known of each
card consistent with where it lies. `check_invariants` lists what a state breaks."""

from __future__ import annotations

from .state import ACHIEVED, AVAILABLE, BOARD, HAND, REMOVED, SCORE, SUPPLY, GameState
from .tables import AGE, COLOR, NCARDS, SPECIALS


def check_invariants(g: GameState) -> list[str]:
    bad: list[str] = []
    seen: dict[int, tuple[int, int]] = {}

    def place(c: int, zone: int, owner: int) -> None:
        if c in seen:
            bad.append(f"card {c} is in two places")
        seen[c] = (zone, owner)

    for age in range(1, 11):
        for c in g.supply[age]:
            place(c, SUPPLY, 0)
            if AGE[c] != age:
                bad.append(f"card {c} of age {AGE[c]} lies in the age-{age} supply")
    if g.supply[0]:
        bad.append("there is no age 0")
    for c in g.available:
        place(c, AVAILABLE, 0)
    for c in g.removed:
        place(c, REMOVED, 0)
    for p, pl in enumerate(g.players):
        for c in pl.hand:
            place(c, HAND, p)
        for c in pl.score:
            place(c, SCORE, p)
        for k, pile in enumerate(pl.piles):
            for c in pile:
                place(c, BOARD, p)
                if COLOR[c] != k:
                    bad.append(f"card {c} lies in the wrong colour pile")
            if len(pile) < 2 and pl.splay[k]:
                bad.append(f"player {p}'s pile {k} of {len(pile)} cards is splayed")
        for c in pl.achieved:
            if c < NCARDS:
                place(c, ACHIEVED, p)
            elif g.specials.get(c) != p:
                bad.append(f"player {p} holds special {c} that the table gives to {g.specials.get(c)}")
        if pl.icons is not None:
            cached = pl.icons
            pl.icons = None
            if pl.icon_counts() != cached:
                bad.append(f"player {p}'s icon count is stale")
        if pl.tucked < 0 or pl.scored < 0:
            bad.append("negative Monument counters")
    if len(seen) != NCARDS:
        bad.append(f"{NCARDS - len(seen)} cards are nowhere")
    for c, (zone, owner) in seen.items():
        if g.where[c] != zone * 8 + owner:
            bad.append(f"where[{c}] says {g.where[c]}, the card is in zone {zone} of {owner}")
        if zone == BOARD and g.known[c] != g.all:
            bad.append(f"board card {c} is not known to everyone")
        if zone in (HAND, SCORE) and not g.known[c] >> owner & 1:
            bad.append(f"card {c} is not known to its owner")
        if zone in (ACHIEVED, AVAILABLE) and g.known[c]:
            bad.append(f"achievement {c} is known to someone")
    for s in SPECIALS:
        owner = g.specials[s]
        holders = [p for p, pl in enumerate(g.players) if s in pl.achieved]
        if holders != ([] if owner < 0 else [owner]):
            bad.append(f"special {s} is held by {holders}, the table says {owner}")
    return bad
