"""Hidden information, rearranged: the cards a seat cannot see, swapped among the places it
cannot see into (same age: card backs show it), for the conformance suite's leak test.

A card is hidden from a seat when it lies in a hand, score pile, the supply, an achievement or
the box, the seat does not know it (state.known) and the last step did not just show it to the
seat (a card it saw drawn, then scored out of its sight, it still remembers). Each such card
is exchanged with another hidden card of the same age; the knowledge marks stay with the
places. The generator's state changes too. Pending decisions, routines' card locals and the
last step's log are renamed the same way, so the copy is a state the seat cannot tell from the
original.
"""

from __future__ import annotations

import random

from .frames import Ask, AskKind
from .state import ACHIEVED, AVAILABLE, BOARD, HAND, REMOVED, SCORE, SUPPLY, GameState
from .tables import AGE, NCARDS


def holds_cards(key: str) -> bool:
    """Whether a routine's local `key` holds card ids (routines.py: such locals are named
    `cards`, `..._cards` or `..._card`; the pick routine's `fixed` and `done` too)."""
    return key in ("fixed", "done", "cards") or key.endswith(("_cards", "_card"))


def perturb_hidden(g: GameState, seat: int, seed: int) -> GameState:
    rng = random.Random(seed)
    h = g.clone()
    h.rng.state = rng.getrandbits(64)
    sight = 1 << seat
    # what the seat was just shown (the last step's events) it knows, wherever it went since
    shown = {e[3] for e in h.log if e[0] == "move" and e[8] & sight}
    shown |= {e[2] for e in h.log if e[0] == "reveal"}
    hidden_by_age: dict[int, list[int]] = {}
    for c in range(NCARDS):
        zone = h.where[c] >> 3
        if zone != BOARD and not h.known[c] & sight and c not in shown:
            hidden_by_age.setdefault(AGE[c], []).append(c)
    sigma = list(range(NCARDS))
    for group in hidden_by_age.values():
        shuffled = group[:]
        rng.shuffle(shuffled)
        for a, b in zip(group, shuffled):
            sigma[a] = b
    if sigma == list(range(NCARDS)):
        return h
    _rename(h, sigma)
    return h


def _rename(h: GameState, sigma: list[int]) -> None:
    def m(cards: list[int]) -> list[int]:
        return [sigma[c] for c in cards]

    h.supply = [m(pile) for pile in h.supply]
    h.available = m(h.available)
    h.removed = m(h.removed)
    for pl in h.players:
        pl.hand = m(pl.hand)
        pl.score = m(pl.score)
        pl.achieved = [sigma[c] if c < NCARDS else c for c in pl.achieved]
    where = [0] * NCARDS
    known = [0] * NCARDS
    for c in range(NCARDS):
        where[sigma[c]] = h.where[c]
        known[sigma[c]] = h.known[c]  # the knowledge stays with the place
    h.where = where
    h.known = known
    h.first_picks = [sigma[c] if c >= 0 else c for c in h.first_picks]
    stack = []
    for e in h.stack:
        if isinstance(e, Ask):
            if e.kind is AskKind.CARD:
                e = Ask(
                    e.seat,
                    e.kind,
                    tuple(sorted(sigma[c] for c in e.options)),
                    e.purpose,
                    e.prompt,
                    can_pass=e.can_pass,
                    always=e.always,
                    card=e.card,
                    eff=e.eff,
                    me=e.me,
                    labels=e.labels,
                )
        else:
            for key, value in e.v.items():
                if value is None or not holds_cards(key):
                    continue
                if isinstance(value, tuple):
                    e.v[key] = tuple(sigma[c] if c >= 0 else c for c in value)
                elif value >= 0:
                    e.v[key] = sigma[value]
        stack.append(e)
    h.stack = stack
    log = []
    for entry in h.log:
        if entry[0] == "move":
            entry = (*entry[:3], sigma[entry[3]], *entry[4:])
        elif entry[0] == "reveal":
            entry = (entry[0], entry[1], sigma[entry[2]], entry[3])
        log.append(entry)
    h.log = log
    h._legal = None
    _ = (ACHIEVED, AVAILABLE, HAND, REMOVED, SCORE, SUPPLY)
