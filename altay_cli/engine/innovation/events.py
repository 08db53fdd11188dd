"""What a seat learns from one step: the step's decision as it may see it, and everything that
happened until the next decision (draws, melds, demands, claims...), each card named only for
the players who may see it (RULES.md §12): a drawn card for its drawer, a card passed between
two hidden zones for their owners, a revealed card for everyone. The rest see its age.

These are the types (the protocol's schema is generated from them); happenings.py builds them
(`event_for`).
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from .actions import AnyAction
from .data import Color, CountedIcon, SpecialName, Splay
from .state import EndReason, Zone


class What(StrEnum):
    """What a `Happening` is (protocol/games/innovation.md, "Events", says each one's fields)."""

    DRAW = "draw"
    MELD = "meld"
    TUCK = "tuck"
    SCORE = "score"
    RETURN = "return"
    TRANSFER = "transfer"
    EXCHANGE = "exchange"
    ACHIEVE = "achieve"
    REMOVE = "remove"
    REVEAL = "reveal"
    PROOF = "proof"
    SPLAY = "splay"
    ORDER = "order"
    CLAIM = "claim"
    DOGMA = "dogma"
    EFFECT = "effect"
    SELF = "self"
    FREE_DRAW = "free_draw"
    TURN = "turn"
    END = "end"


class Happening(msgspec.Struct, omit_defaults=True):
    """One thing that happened. `what`: draw, meld, tuck, score, return, transfer, exchange,
    achieve, remove (a card moved: `card` is null when you may not see it, `age` always
    shown), reveal, proof (a hand shown to prove a pick found nothing), splay, order (a pile
    re-ordered), claim (a special achievement), dogma, effect (a player starts executing one of
    a card's effects), self (a self-execution starts), free_draw, turn, end."""

    what: What
    player: int | None = None  # who acted (the executing player, the drawer, the claimer...)
    card: str | None = None
    age: int | None = None
    from_zone: Zone | None = None
    from_player: int | None = None
    to_zone: Zone | None = None
    to_player: int | None = None
    color: Color | None = None
    splay: Splay | None = None
    special: SpecialName | None = None
    effect: int | None = None
    demand: bool | None = None
    icon: CountedIcon | None = None
    vulnerable: list[int] | None = None
    sharing: list[int] | None = None
    actions: int | None = None
    winners: list[int] | None = None
    reason: EndReason | None = None


class StepEvent(msgspec.Struct):
    """A step seen by one seat: its decision (`action`; cards you may not see read "hidden")
    and what followed from it."""

    action: AnyAction
    happened: list[Happening]
