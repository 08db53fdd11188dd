"""Hidden information, rearranged for the leak test (and, later, a search bot's sampler): what a
clan cannot see is shuffled among the places it cannot see into, sizes kept. That is the other
clans' hands and decks (together, M78), every deck's order (human, trail tokens, adaptation,
discoveries; the spirit stack under its face-up top card, M77), the types of face-down shards,
and the generator's state. The advanced talents hide nothing (talents, reserves and tokens on the
field are public), so they stay put."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .observation import OTHER_HANDS_HIDDEN, SPIRIT_STACK_FACE_UP
from .state import GameState


def perturb_hidden(g: GameState, seat: int, seed: int) -> GameState:
    return perturb_hidden_for(g, (seat,), seed)


def perturb_hidden_for(g: GameState, seats: Sequence[int], seed: int) -> GameState:
    """What a player leading every clan of `seats` cannot see, rearranged: the hands and decks
    of the clans it does not lead, every deck's order, the face-down shards, the generator."""
    rng = random.Random(seed)
    h = g.clone()
    h.rng.state = rng.getrandbits(64)
    for s, clan in enumerate(h.clans):
        if s in seats or not OTHER_HANDS_HIDDEN:
            rng.shuffle(clan.deck)
            continue
        pool = clan.hand + clan.deck
        rng.shuffle(pool)
        clan.hand, clan.deck = pool[: len(clan.hand)], pool[len(clan.hand) :]
    for pile in (h.human_deck, h.trail_tokens, h.adaptation_deck, h.discovery_deck):
        rng.shuffle(pile)
    under = h.spirit_deck[:-1] if SPIRIT_STACK_FACE_UP else h.spirit_deck
    rng.shuffle(under)
    h.spirit_deck[: len(under)] = under
    closed = [i for i, t in enumerate(h.shard_at) if t >= 0 and not h.shard_open[i]]
    types = [h.shard_type[i] for i in closed]
    rng.shuffle(types)
    h.shard_type = h.shard_type[:]
    for i, t in zip(closed, types):
        h.shard_type[i] = t
    h._legal = None
    return h
