"""Age 2: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import (
    END,
    MANY,
    ask_color,
    ask_player,
    ask_yes,
    candidates,
    demand_has_moved,
    demand_moved,
    effect,
    pick,
)
from ..state import BOARD, HAND, SCORE, GameState
from ..tables import AGE, COLOR, EMPIRE, GREEN, LEAF, LEFT, RED
from .common import draw_and_meld, draw_and_score, draw_and_tuck


# ---------------------------------------------------------------------------- Calendar
@effect("Calendar", 0)
def calendar_0(g: GameState, f: Frame) -> Any:
    pl = g.players[f.me]
    if len(pl.score) > len(pl.hand):
        ops.draw(g, f.me, 3)
        ops.draw(g, f.me, 3)


# ---------------------------------------------------------------------------- Mathematics
@effect("Mathematics", 0)
class Mathematics0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            draw_and_meld(g, f.me, AGE[g.ret[0]] + 1)


# ---------------------------------------------------------------------------- Construction
@effect("Construction", 0)
class Construction0:
    """Demand: give two cards from your hand (all if fewer), then draw a 2 in any case."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g, f, "hand", 2, 2, "hand", "transfer", "give two cards from your hand to the activator", to=f.act
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        ops.draw(g, f.me, 2)


@effect("Construction", 1)
def construction_1(g: GameState, f: Frame) -> Any:
    if len(g.players[f.me].tops()) == 5 and all(len(g.players[o].tops()) < 5 for o in g.opponents(f.me)):
        ops.claim(g, f.me, EMPIRE)


# ---------------------------------------------------------------------------- Road Building
@effect("Road Building", 0)
class RoadBuilding0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 1, 2, "meld", "meld", "meld one or two cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if len(g.ret) != 2 or g.top(f.me, RED) < 0:
            return END
        return ask_player(
            g,
            f,
            g.opponents(f.me),
            "transfer",
            "give your top red card to another player, and take their top green card",
            can_pass=True,
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        other = g.ret
        ops.transfer(g, g.top(f.me, RED), BOARD, other, f.me)
        green = g.top(other, GREEN)
        if green >= 0:
            ops.transfer(g, green, BOARD, f.me, f.me)


# ---------------------------------------------------------------------------- Currency
@effect("Currency", 0)
class Currency0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, MANY, "return", "return", "return any number of cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(len({AGE[c] for c in g.ret})):
            draw_and_score(g, f.me, 2)


# ---------------------------------------------------------------------------- Mapmaking
@effect("Mapmaking", 0)
class Mapmaking0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "score_value",
            1,
            1,
            "score_pile",
            "transfer",
            "give a 1 from your score pile to the activator's score pile",
            to=f.act,
            value=1,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)


@effect("Mapmaking", 1)
def mapmaking_1(g: GameState, f: Frame) -> Any:
    if demand_has_moved(g, f):
        draw_and_score(g, f.me, 1)


# ---------------------------------------------------------------------------- Canal Building
@effect("Canal Building", 0)
class CanalBuilding0:
    """Optional exchange of the highest cards of hand and score pile, both fixed first (R43)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        pl = g.players[f.me]
        if not pl.hand and not pl.score:
            return END
        return ask_yes(
            g, f, "exchange", "exchange the highest cards in your hand with the highest in your score pile"
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        pl = g.players[f.me]
        from_hand = sorted(ops.highest(pl.hand))
        from_score = sorted(ops.highest(pl.score))
        ops.exchange(g, from_hand, (SCORE, f.me), from_score, (HAND, f.me), f.me)


# ---------------------------------------------------------------------------- Fermenting
@effect("Fermenting", 0)
def fermenting_0(g: GameState, f: Frame) -> Any:
    pl = g.players[f.me]
    count = sum(1 for k in range(5) if pl.pile_icons(k, LEAF) > 0)
    for _ in range(count):
        ops.draw(g, f.me, 2)


@effect("Fermenting", 0, first_edition=True)
def fermenting_0_first(g: GameState, f: Frame) -> Any:
    for _ in range(g.icons(f.me, LEAF) // 2):
        ops.draw(g, f.me, 2)


# ---------------------------------------------------------------------------- Monotheism
@candidates("monotheism_tops")
def _monotheism_tops(g: GameState, f: Frame) -> list[int]:
    theirs = g.players[f.act].piles
    return sorted(c for c in g.players[f.v["who"]].tops() if not theirs[COLOR[c]])


@effect("Monotheism", 0)
class Monotheism0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "monotheism_tops",
            1,
            1,
            "score_pile",
            "transfer",
            "give a top card of a colour the activator lacks to the activator's score pile",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            draw_and_tuck(g, f.me, 1)


@effect("Monotheism", 1)
def monotheism_1(g: GameState, f: Frame) -> Any:
    draw_and_tuck(g, f.me, 1)


# ---------------------------------------------------------------------------- Philosophy
@effect("Philosophy", 0)
class Philosophy0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        choices = [k for k in range(5) if ops.can_splay(g, f.me, k, LEFT)]
        return ask_color(g, f, choices, "splay", "splay one of your colours left", can_pass=True)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, LEFT)


@effect("Philosophy", 1)
def philosophy_1(g: GameState, f: Frame) -> Any:
    return pick(g, f, "hand", 0, 1, "score", "score", "score a card from your hand")
