"""Age 1: the fifteen cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import (
    END,
    MANY,
    ask_splay,
    ask_yes,
    candidates,
    demand_has_moved,
    demand_moved,
    effect,
    pick,
)
from ..state import GameState
from ..tables import AGE, CASTLE, COLOR, CROWN, LEFT, MONUMENT
from .common import colors_on_board, draw_and_meld, draw_and_reveal, draw_and_score, has_pile, prove


# ---------------------------------------------------------------------------- Pottery
@effect("Pottery", 0)
class Pottery0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 3, "return", "return", "return up to three cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            draw_and_score(g, f.me, len(g.ret))


@effect("Pottery", 1)
def pottery_1(g: GameState, f: Frame) -> Any:
    ops.draw(g, f.me, 1)


# ---------------------------------------------------------------------------- Tools
@effect("Tools", 0)
class Tools0:
    """Optional: return three cards; only if three were: draw and meld a 3 (R19)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not g.players[f.me].hand:
            return END
        return ask_yes(g, f, "return", "return three cards from your hand (all of them if fewer)")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        return pick(g, f, "hand", 3, 3, "return", "return", "return three cards from your hand")

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        if len(g.ret) == 3:
            draw_and_meld(g, f.me, 3)


@effect("Tools", 1)
class Tools1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand_value", 0, 1, "return", "return", "return a 3 from your hand", value=3)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            for _ in range(3):
                ops.draw(g, f.me, 1)


# ---------------------------------------------------------------------------- Writing
@effect("Writing", 0)
def writing_0(g: GameState, f: Frame) -> Any:
    ops.draw(g, f.me, 2)


# ---------------------------------------------------------------------------- Archery
@effect("Archery", 0)
class Archery0:
    """Demand: draw a 1, then give a highest card from your hand (the new card counts)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        ops.draw(g, f.me, 1)
        return pick(
            g,
            f,
            "hand_highest",
            1,
            1,
            "hand",
            "transfer",
            "give a highest card from your hand to the activator",
            to=f.act,
        )


# ---------------------------------------------------------------------------- Metalworking
@effect("Metalworking", 0)
def metalworking_0(g: GameState, f: Frame) -> Any:
    while True:
        c = draw_and_reveal(g, f.me, 1)
        if not ops.has(c, CASTLE):
            return
        ops.score(g, f.me, c)


# ---------------------------------------------------------------------------- Oars
@effect("Oars", 0)
class Oars0:
    """Demand, repeated while a crown card is given (3rd edition)."""

    @staticmethod
    def demand(g: GameState, f: Frame) -> Any:
        if not any(ops.has(c, CROWN) for c in g.players[f.me].hand):
            prove(g, f.me)
            return END
        return pick(
            g,
            f,
            "hand_icon",
            1,
            1,
            "score_pile",
            "transfer",
            "give a card with a crown from your hand to the activator's score pile",
            to=f.act,
            icon=CROWN,
        )

    @staticmethod
    def given(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            ops.draw(g, f.me, 1)
            f.goto(Oars0.demand)  # perform this demand again


@effect("Oars", 0, first_edition=True)
class Oars0First:
    """Demand, once (1st edition)."""

    @staticmethod
    def demand(g: GameState, f: Frame) -> Any:
        return Oars0.demand(g, f)

    @staticmethod
    def given(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            ops.draw(g, f.me, 1)


@effect("Oars", 1)
def oars_1(g: GameState, f: Frame) -> Any:
    if not demand_has_moved(g, f):
        ops.draw(g, f.me, 1)


@effect("Oars", 1, first_edition=True)
def oars_1_first(g: GameState, f: Frame) -> Any:
    oars_1(g, f)


# ---------------------------------------------------------------------------- Clothing
@candidates("hand_new_color")
def _hand_new_color(g: GameState, f: Frame) -> list[int]:
    who = f.v["who"]
    return sorted(c for c in g.players[who].hand if not has_pile(g, who, c))


@effect("Clothing", 0)
class Clothing0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        pl = g.players[f.me]
        if not any(not has_pile(g, f.me, c) for c in pl.hand):
            prove(g, f.me)
            return END
        return pick(
            g,
            f,
            "hand_new_color",
            1,
            1,
            "meld",
            "meld",
            "meld a card of a colour you do not have on your board",
        )


@effect("Clothing", 1)
def clothing_1(g: GameState, f: Frame) -> Any:
    others = g.opponents(f.me)
    count = sum(1 for k in colors_on_board(g, f.me) if not any(g.players[o].piles[k] for o in others))
    for _ in range(count):
        draw_and_score(g, f.me, 1)


# ---------------------------------------------------------------------------- Sailing, The Wheel
@effect("Sailing", 0)
def sailing_0(g: GameState, f: Frame) -> Any:
    draw_and_meld(g, f.me, 1)


@effect("The Wheel", 0)
def the_wheel_0(g: GameState, f: Frame) -> Any:
    ops.draw(g, f.me, 1)
    ops.draw(g, f.me, 1)


# ---------------------------------------------------------------------------- Agriculture
@effect("Agriculture", 0)
class Agriculture0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            draw_and_score(g, f.me, AGE[g.ret[0]] + 1)


# ---------------------------------------------------------------------------- Domestication
@effect("Domestication", 0)
class Domestication0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand_lowest", 1, 1, "meld", "meld", "meld a lowest card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        ops.draw(g, f.me, 1)


# ---------------------------------------------------------------------------- Masonry
@effect("Masonry", 0)
class Masonry0:
    """Optional, filtered by a hidden property: always asked (R38)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand_icon",
            0,
            MANY,
            "meld",
            "meld",
            "meld any number of cards with a castle from your hand, one at a time",
            icon=CASTLE,
            always=True,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if len(g.ret) >= 4:
            ops.claim(g, f.me, MONUMENT)


# ---------------------------------------------------------------------------- City States
@effect("City States", 0)
class CityStates0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if g.icons(f.me, CASTLE) < 4:  # counted when the demand reaches you
            return END
        return pick(
            g,
            f,
            "tops_icon",
            1,
            1,
            "board",
            "transfer",
            "give a top card with a castle to the activator's board",
            to=f.act,
            icon=CASTLE,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            ops.draw(g, f.me, 1)


# ---------------------------------------------------------------------------- Code of Laws
@candidates("hand_old_color")
def _hand_old_color(g: GameState, f: Frame) -> list[int]:
    who = f.v["who"]
    return sorted(c for c in g.players[who].hand if has_pile(g, who, c))


@effect("Code of Laws", 0)
class CodeOfLaws0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand_old_color",
            0,
            1,
            "tuck",
            "tuck",
            "tuck a card of a colour you have on your board",
            always=True,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return ask_splay(g, f, (COLOR[g.ret[0]],), LEFT)

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, LEFT)


# ---------------------------------------------------------------------------- Mysticism
@effect("Mysticism", 0)
def mysticism_0(g: GameState, f: Frame) -> Any:
    c = draw_and_reveal(g, f.me, 1)
    if has_pile(g, f.me, c):
        ops.meld(g, f.me, c)
        ops.draw(g, f.me, 1)
