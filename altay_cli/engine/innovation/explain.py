"""Why an action is not legal now, in one sentence (a courtesy to bot authors)."""

from __future__ import annotations

from typing import Any

from .actions import TOP_LEVEL, Achieve, Dogma, FirstMeld, Meld, Pass
from .state import GameState, Phase
from .tables import AGE, BY_LOWER, NAME


def explain_illegal(g: GameState, action: Any) -> str:
    if g.phase is Phase.OVER:
        return "the game is over"
    ask = g.pending
    if ask is not None:
        where = f"{NAME[ask.card]}'s effect" if ask.card >= 0 else "an effect"
        if isinstance(action, TOP_LEVEL):
            return f"{where} is asking seat {ask.seat} to choose ({ask.purpose}): answer it first"
        if isinstance(action, Pass):
            return f"{where} does not let you pass here: you must choose"
        return f"that is not one of the {ask.count} answers {where} allows ({ask.purpose}: {ask.prompt})"
    if g.phase is Phase.FIRST_MELD:
        if not isinstance(action, FirstMeld):
            return "set-up: pick one of your two cards to meld first (first_meld)"
        return f"{action.card} is not one of your two cards"
    p = g.active
    pl = g.players[p]
    if isinstance(action, FirstMeld):
        return "the set-up is over"
    if isinstance(action, Meld):
        c = BY_LOWER.get(action.card.strip().lower())
        return (
            f"{action.card} is not in your hand"
            if c is None or c not in pl.hand
            else "you cannot meld it now"
        )
    if isinstance(action, Dogma):
        return f"{action.card} is not one of your top cards"
    if isinstance(action, Achieve):
        ages = [AGE[c] for c in g.available]
        if action.age not in ages:
            return f"no age-{action.age} achievement is available (available: {sorted(ages)})"
        if pl.score_total() < 5 * action.age:
            need = 5 * action.age
            return f"the age-{action.age} achievement needs a score of {need}; yours is {pl.score_total()}"
        return f"the age-{action.age} achievement needs a top card of value {action.age} or more"
    return "no card effect is asking anything now: take an action (draw, meld, achieve or dogma)"
