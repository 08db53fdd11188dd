"""`event_for`: what a seat learns from one step, built as the types of events.py (whose
docstring says what each seat may see).

Compiled by mypyc with `ALTAY_COMPILE=1` (altay_cli/_build.py); the Structs stay in events.py,
interpreted, where msgspec keeps their class options (`omit_defaults`).
"""

from __future__ import annotations

from typing import Any

from .actions import HIDDEN, FirstMeld, PickCard
from .events import Happening, StepEvent, What
from .state import ZONE_NAMES, GameState
from .tables import AGE, COLOR_NAMES, ICON_NAMES, NAME, SPECIAL_NAME, SPLAYS


def _owner(zone: int, owner: int) -> int | None:
    return owner if zone in (1, 2, 3, 4) else None


def happening(entry: tuple[Any, ...], viewer: int) -> Happening | None:
    kind = entry[0]
    if kind == "move":
        _, verb, actor, c, src, so, dst, do, seen = entry
        return Happening(  # positional (the most frequent entry): what, player, card, age, from, to
            What(verb),
            actor,
            NAME[c] if seen >> viewer & 1 else None,
            AGE[c],
            ZONE_NAMES[src],
            _owner(src, so),
            ZONE_NAMES[dst],
            _owner(dst, do),
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
