"""What a seat learns from one step: the step's decision as it may see it, and everything that
happened until the next decision (draws, melds, demands, claims...), each card named only for
the players who may see it (RULES.md §12): a drawn card for its drawer, a card passed between
two hidden zones for their owners, a revealed card for everyone. The rest see its age.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec

from .actions import HIDDEN, AnyAction, FirstMeld, PickCard
from .data import Color, CountedIcon, SpecialName, Splay
from .state import ZONE_NAMES, EndReason, GameState, Zone
from .tables import AGE, COLOR_NAMES, ICON_NAMES, NAME, SPECIAL_NAME, SPLAYS


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


def _owner(zone: int, owner: int) -> int | None:
    return owner if zone in (1, 2, 3, 4) else None


def happening(entry: tuple[Any, ...], viewer: int) -> Happening | None:
    kind = entry[0]
    if kind == "move":
        _, verb, actor, c, src, so, dst, do, seen = entry
        return Happening(
            what=What(verb),
            player=actor,
            card=NAME[c] if seen >> viewer & 1 else None,
            age=AGE[c],
            from_zone=ZONE_NAMES[src],
            from_player=_owner(src, so),
            to_zone=ZONE_NAMES[dst],
            to_player=_owner(dst, do),
        )
    if kind == "reveal":
        _, owner, c, proof = entry
        return Happening(what=What.PROOF if proof else What.REVEAL, player=owner, card=NAME[c], age=AGE[c])
    if kind == "splay":
        _, p, color, direction = entry
        return Happening(what=What.SPLAY, player=p, color=COLOR_NAMES[color], splay=SPLAYS[direction])
    if kind == "order":
        _, p, color = entry
        return Happening(what=What.ORDER, player=p, color=COLOR_NAMES[color])
    if kind == "claim":
        _, p, special = entry
        return Happening(what=What.CLAIM, player=p, special=SPECIAL_NAME[special])
    if kind == "dogma":
        _, p, c, icon, vul, share = entry
        return Happening(
            what=What.DOGMA,
            player=p,
            card=NAME[c],
            icon=ICON_NAMES[icon],
            vulnerable=list(vul),
            sharing=list(share),
        )
    if kind == "effect":
        _, c, i, p, demand = entry
        return Happening(what=What.EFFECT, player=p, card=NAME[c], effect=i, demand=demand)
    if kind == "self":
        _, p, c = entry
        return Happening(what=What.SELF, player=p, card=NAME[c])
    if kind == "free_draw":
        return Happening(what=What.FREE_DRAW, player=entry[1])
    if kind == "turn":
        _, p, actions, _turn = entry
        return Happening(what=What.TURN, player=p, actions=actions)
    if kind == "end":
        _, reason, winners, c = entry
        return Happening(
            what=What.END, reason=reason, winners=list(winners), card=NAME[c] if c >= 0 else None
        )
    return None  # "answer": the decision itself is the event's action


def event_for(g: GameState, seat: int, action: Any, viewer: int) -> StepEvent:
    public = action
    for entry in g.log:
        if entry[0] == "answer":
            if not entry[3] >> viewer & 1:
                if isinstance(action, PickCard):
                    public = PickCard(HIDDEN)
                elif isinstance(action, FirstMeld):
                    public = FirstMeld(HIDDEN)
            break
    happened = [h for h in (happening(e, viewer) for e in g.log) if h is not None]
    return StepEvent(public, happened)
