"""What a seat may not know of an Altay game, and copies of the game that differ only there:
the perturbation the conformance suite uses to prove that observations leak nothing."""

from __future__ import annotations

import random

from .state import GameState


def perturb_hidden(state: GameState, seat: int, seed: int) -> GameState:
    """A copy of `state` that differs only in what `seat` may not know: the generator's
    state, the order of the achievement decks, every card of the others that `seat` cannot
    see (hand, deck, discard, archive, trashed: redealt, same zone sizes), and the others'
    unrevealed secret wonders (swapped with the wonder deck or among themselves)."""
    rng = random.Random(seed)
    h: GameState = state.clone()
    h.rng.state = rng.getrandbits(64)
    for level in (1, 2, 3):
        rng.shuffle(h.ach_deck[level])
    for o, p in enumerate(h.players):
        if o == seat:
            continue
        pool = p.hand + p.deck + p.discard + p.archive + p.trashed
        rng.shuffle(pool)
        zones = []
        for size in (len(p.hand), len(p.deck), len(p.discard), len(p.archive), len(p.trashed)):
            zones.append(pool[:size])
            pool = pool[size:]
        p.hand, p.deck, p.discard, p.archive, p.trashed = zones
    others = [p for o, p in enumerate(h.players) if o != seat and not p.secret_revealed and p.secret >= 0]
    if others and h.ach_deck[3]:
        p = rng.choice(others)
        j = rng.randrange(len(h.ach_deck[3]))
        p.secret, h.ach_deck[3][j] = h.ach_deck[3][j], p.secret
    elif len(others) >= 2:
        others[0].secret, others[1].secret = others[1].secret, others[0].secret
    h._legal = None
    return h
