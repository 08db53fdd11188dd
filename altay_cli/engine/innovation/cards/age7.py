"""Age 7: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import AskKind, Frame
from ..routines import (
    END,
    MANY,
    ask,
    ask_card,
    ask_color,
    ask_splay,
    ask_yes,
    demand_moved,
    effect,
    pick,
)
from ..state import HAND, SCORE, GameState
from ..tables import AGE, BLUE, CROWN, FACTORY, RED, RIGHT, UP, YELLOW
from .common import draw_and_score


# ---------------------------------------------------------------------------- Evolution
@effect("Evolution", 0)
class Evolution0:
    """Optional: (a) draw and score an 8, then return a card from your score pile; or (b) draw
    one above your highest score card (0 for none). Declining both is allowed."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask(
            g,
            f,
            AskKind.OPTION,
            (0, 1),
            "choose",
            "(a) draw and score an 8, then return a card from your score pile; "
            "or (b) draw a card one above your highest score card",
            can_pass=True,
            labels=("a", "b"),
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        if g.ret == 1:
            ops.draw(g, f.me, max((AGE[c] for c in g.players[f.me].score), default=0) + 1)
            return END
        draw_and_score(g, f.me, 8)
        return pick(g, f, "score", 1, 1, "return", "return", "return a card from your score pile")


# ---------------------------------------------------------------------------- Publications
@effect("Publications", 0)
class Publications0:
    """Optional: a pile of two or more cards put in a new order, chosen from the top down; the
    pile keeps its splay (ops.reorder: a change only if the order differs)."""

    @staticmethod
    def choose_pile(g: GameState, f: Frame) -> Any:
        piles = g.players[f.me].piles
        colors = [k for k in range(5) if len(piles[k]) >= 2]
        if not colors:
            return END
        return ask_color(g, f, colors, "choose", "choose a pile to put in a new order", can_pass=True)

    @staticmethod
    def start_order(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        f.v["color"] = g.ret
        f.v["order"] = ()  # chosen so far, from the top down

    @staticmethod
    def next_card(g: GameState, f: Frame) -> Any:
        order = f.v["order"]
        pile = g.players[f.me].piles[f.v["color"]]
        left = [c for c in pile if c not in order]
        if len(left) > 1:
            where = "on top" if not order else f"in position {len(order) + 1} from the top"
            return ask_card(g, f, left, "order", f"choose the card to put {where} of the pile")
        top_down = order + tuple(left)
        ops.reorder(g, f.me, f.v["color"], list(reversed(top_down)))
        return END

    @staticmethod
    def placed(g: GameState, f: Frame) -> Any:
        f.v["order"] = (*f.v["order"], g.ret)
        f.goto(Publications0.next_card)


@effect("Publications", 1)
class Publications1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (YELLOW, BLUE), UP)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)


# ---------------------------------------------------------------------------- Combustion
def _combustion_give(g: GameState, f: Frame, n: int) -> Any:
    if n <= 0:
        return END
    return pick(
        g,
        f,
        "score",
        n,
        n,
        "score_pile",
        "transfer",
        f"give {n} card{'s' if n > 1 else ''} from your score pile to the activator's score pile",
        to=f.act,
    )


def _combustion_moved(g: GameState, f: Frame) -> Any:
    if g.ret:
        demand_moved(g, f)


@effect("Combustion", 0)
class Combustion0:
    """3rd edition: one card per four crowns on the activator's board, counted when the demand
    reaches you (R15); all of them if you have fewer."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return _combustion_give(g, f, g.icons(f.act, CROWN) // 4)

    s1 = _combustion_moved


@effect("Combustion", 0, first_edition=True)
class Combustion0First:
    """1st edition: two cards (all of them if fewer); the card has no other effect."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return _combustion_give(g, f, 2)

    s1 = _combustion_moved


@effect("Combustion", 1)
def combustion_1(g: GameState, f: Frame) -> Any:
    red = g.players[f.me].piles[RED]
    if red:
        ops.return_card(g, red[0], f.me)


# ---------------------------------------------------------------------------- Explosives
@effect("Explosives", 0)
class Explosives0:
    """The three highest, one at a time (each pick among the highest left)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand_highest",
            3,
            3,
            "hand",
            "transfer",
            "give your three highest cards to the activator's hand",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            if not g.players[f.me].hand:
                ops.draw(g, f.me, 7)


# ---------------------------------------------------------------------------- Bicycle
@effect("Bicycle", 0)
class Bicycle0:
    """An exchange, not a score (never Monument); either zone may be empty (R43)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        pl = g.players[f.me]
        if not pl.hand and not pl.score:
            return END
        return ask_yes(g, f, "exchange", "exchange your whole hand with your whole score pile")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        pl = g.players[f.me]
        ops.exchange(g, sorted(pl.hand), (SCORE, f.me), sorted(pl.score), (HAND, f.me), f.me)


# ---------------------------------------------------------------------------- Electricity
@effect("Electricity", 0)
class Electricity0:
    """The top cards without a factory are fixed when the effect starts (R16)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        bare = tuple(c for c in g.players[f.me].tops() if not ops.has(c, FACTORY))
        if not bare:
            return END
        return pick(
            g,
            f,
            "tops",
            len(bare),
            len(bare),
            "return",
            "return",
            "return every top card without a factory",
            fixed=bare,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(len(g.ret)):
            ops.draw(g, f.me, 8)


# ---------------------------------------------------------------------------- Refrigeration
@effect("Refrigeration", 0)
class Refrigeration0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        half = len(g.players[f.me].hand) // 2
        if not half:
            return END
        return pick(g, f, "hand", half, half, "return", "return", "return half of the cards in your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)


@effect("Refrigeration", 1)
def refrigeration_1(g: GameState, f: Frame) -> Any:
    return pick(g, f, "hand", 0, 1, "score", "score", "score a card from your hand")


# ---------------------------------------------------------------------------- Sanitation
@effect("Sanitation", 0)
class Sanitation0:
    """An exchange of fixed groups (R43): the activator picks a lowest card of their hand, then
    you pick your two highest, one at a time; then both groups move. The activator's card is
    hidden from you while you choose: it is kept as `their_cards` (renamed with hidden cards)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand_lowest",
            1,
            1,
            "none",
            "choose",
            "choose a lowest card of your hand to give in the exchange",
            seat=f.act,
            who=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        f.v["their_cards"] = tuple(g.ret)
        return pick(
            g,
            f,
            "hand_highest",
            2,
            2,
            "none",
            "choose",
            "choose your two highest cards to give in the exchange",
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        theirs, mine = f.v["their_cards"], tuple(g.ret)
        ops.exchange(g, mine, (HAND, f.act), theirs, (HAND, f.me), f.me)
        if mine or theirs:
            demand_moved(g, f)


# ---------------------------------------------------------------------------- Lighting
@effect("Lighting", 0)
class Lighting0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 3, "tuck", "tuck", "tuck up to three cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(len({AGE[c] for c in g.ret})):
            draw_and_score(g, f.me, 7)


# ---------------------------------------------------------------------------- Railroad
@effect("Railroad", 0)
class Railroad0:
    """The three draws happen even with an empty hand."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", MANY, MANY, "return", "return", "return every card in your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(3):
            ops.draw(g, f.me, 6)


@effect("Railroad", 1)
class Railroad1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        splay = g.players[f.me].splay
        choices = [k for k in range(5) if splay[k] == RIGHT and ops.can_splay(g, f.me, k, UP)]
        return ask_color(g, f, choices, "splay", "splay up one of your colours splayed right", can_pass=True)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)
