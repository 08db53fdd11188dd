"""Age 5: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import (
    END,
    MANY,
    ask_color,
    ask_splay,
    candidates,
    demand_has_moved,
    demand_moved,
    effect,
    pick,
)
from ..state import HAND, GameState
from ..tables import (
    AGE,
    BLUE,
    COLOR,
    CROWN,
    FACTORY,
    GREEN,
    LIGHTBULB,
    PURPLE,
    RED,
    RIGHT,
    UNIVERSE,
    YELLOW,
)
from .common import draw_and_reveal, draw_and_score, draw_and_tuck, splay_chosen_right


# ---------------------------------------------------------------------------- Chemistry
@effect("Chemistry", 0)
class Chemistry0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (BLUE,), RIGHT)

    s1 = splay_chosen_right


@effect("Chemistry", 1)
class Chemistry1:
    """The return is mandatory and may take the card just scored."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        draw_and_score(g, f.me, g.players[f.me].highest_top() + 1)
        return pick(g, f, "score", 1, 1, "return", "return", "return a card from your score pile")


# ---------------------------------------------------------------------------- Physics
@effect("Physics", 0)
class Physics0:
    """Three 6s drawn and revealed; two of one colour lose the whole hand (drawn cards included)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        drawn = [draw_and_reveal(g, f.me, 6) for _ in range(3)]
        if len({COLOR[c] for c in drawn}) == len(drawn):
            return END
        return pick(
            g,
            f,
            "hand",
            MANY,
            MANY,
            "return",
            "return",
            "return the drawn cards and every card in your hand",
        )


# ---------------------------------------------------------------------------- Coal
@effect("Coal", 0)
def coal_0(g: GameState, f: Frame) -> Any:
    draw_and_tuck(g, f.me, 5)


@effect("Coal", 1)
class Coal1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED,), RIGHT)

    s1 = splay_chosen_right


@effect("Coal", 2)
class Coal2:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "tops",
            0,
            1,
            "score",
            "score",
            "score one of your top cards, and then the card beneath it",
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        below = g.top(f.me, COLOR[g.ret[0]])
        if below >= 0:
            ops.score(g, f.me, below)


# ---------------------------------------------------------------------------- The Pirate Code
@effect("The Pirate Code", 0)
class ThePirateCode0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "score_max",
            2,
            2,
            "score_pile",
            "transfer",
            "give two cards of value 4 or less from your score pile to the activator's score pile",
            to=f.act,
            max=4,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)


@candidates("pirate_code_lowest_crown")
def _pirate_code_lowest_crown(g: GameState, f: Frame) -> list[int]:
    tops = [c for c in g.players[f.v["who"]].tops() if ops.has(c, CROWN)]
    return sorted(ops.lowest(tops))


@effect("The Pirate Code", 1)
class ThePirateCode1:
    """True for everyone once an affected opponent gave a card in this action (R21)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not demand_has_moved(g, f):
            return END
        return pick(
            g,
            f,
            "pirate_code_lowest_crown",
            1,
            1,
            "score",
            "score",
            "score a lowest top card with a crown from your board",
        )


# ---------------------------------------------------------------------------- Banking
@candidates("banking_tops")
def _banking_tops(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if COLOR[c] != GREEN and ops.has(c, FACTORY))


@effect("Banking", 0)
class Banking0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "banking_tops",
            1,
            1,
            "board",
            "transfer",
            "give a non-green top card with a factory to the activator's board",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            draw_and_score(g, f.me, 5)


@effect("Banking", 1)
class Banking1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (GREEN,), RIGHT)

    s1 = splay_chosen_right


# ---------------------------------------------------------------------------- Measurement
def _measure(g: GameState, p: int, color: int) -> None:
    """Splay that colour right (nothing on a pile under two cards, R10), then draw a card of the
    pile's size (an empty pile draws a 1, R04)."""
    ops.splay(g, p, color, RIGHT)
    ops.draw(g, p, len(g.players[p].piles[color]))


@effect("Measurement", 0)
class Measurement0:
    """3rd edition: the returned card, revealed, names the colour."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "reveal", "reveal", "reveal a card from your hand and return it")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        c = g.ret[0]
        ops.return_card(g, c, f.me)
        _measure(g, f.me, COLOR[c])


@effect("Measurement", 0, first_edition=True)
class Measurement0First:
    """1st edition: return any card, then choose any colour."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return ask_color(
            g,
            f,
            tuple(range(5)),
            "splay",
            "choose a colour: splay it right, then draw a card of that pile's size",
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        _measure(g, f.me, g.ret)


# ---------------------------------------------------------------------------- Statistics
@effect("Statistics", 0)
def statistics_0(g: GameState, f: Frame) -> Any:
    """3rd edition: every card of the highest value goes to your hand (a fixed set, R16)."""
    best = sorted(ops.highest(g.players[f.me].score))
    for c in best:
        ops.transfer(g, c, HAND, f.me, f.me)
    if best:
        demand_moved(g, f)


@effect("Statistics", 0, first_edition=True)
class Statistics0First:
    """1st edition: one highest card, again while your hand then holds exactly one card."""

    @staticmethod
    def demand(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "score_highest",
            1,
            1,
            "hand",
            "transfer",
            "take a highest card from your score pile into your hand",
            to=f.me,
        )

    @staticmethod
    def taken(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            if len(g.players[f.me].hand) == 1:
                f.goto(Statistics0First.demand)  # perform this demand again


@effect("Statistics", 1)
class Statistics1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (YELLOW,), RIGHT)

    s1 = splay_chosen_right


@effect("Statistics", 1, first_edition=True)
class Statistics1First:
    s0 = Statistics1.s0
    s1 = splay_chosen_right


# ---------------------------------------------------------------------------- Steam Engine
@effect("Steam Engine", 0)
def steam_engine_0(g: GameState, f: Frame) -> Any:
    draw_and_tuck(g, f.me, 4)
    draw_and_tuck(g, f.me, 4)
    yellow = g.players[f.me].piles[YELLOW]
    if yellow:
        ops.score(g, f.me, yellow[0])  # may be a card just tucked


# ---------------------------------------------------------------------------- Astronomy
@effect("Astronomy", 0)
def astronomy_0(g: GameState, f: Frame) -> Any:
    while True:
        c = draw_and_reveal(g, f.me, 6)
        if COLOR[c] not in (GREEN, BLUE):
            return  # kept in hand
        ops.meld(g, f.me, c)


@effect("Astronomy", 1)
def astronomy_1(g: GameState, f: Frame) -> Any:
    """Purple and missing colours are ignored (R31)."""
    if all(AGE[c] >= 6 for c in g.players[f.me].tops() if COLOR[c] != PURPLE):
        ops.claim(g, f.me, UNIVERSE)


# ---------------------------------------------------------------------------- Societies
@candidates("societies_tops")
def _societies_tops(g: GameState, f: Frame) -> list[int]:
    """3rd edition: a lightbulb top card of a higher value than the activator's top card of its
    colour (0 if none, R07); purple allowed."""
    act = f.v["to"]
    out = []
    for c in g.players[f.v["who"]].tops():
        theirs = g.top(act, COLOR[c])
        if ops.has(c, LIGHTBULB) and AGE[c] > (AGE[theirs] if theirs >= 0 else 0):
            out.append(c)
    return sorted(out)


@candidates("societies_tops_1e")
def _societies_tops_1e(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if COLOR[c] != PURPLE and ops.has(c, LIGHTBULB))


def _societies_draw(g: GameState, f: Frame) -> Any:
    if g.ret:
        demand_moved(g, f)
        ops.draw(g, f.me, 5)


@effect("Societies", 0)
class Societies0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "societies_tops",
            1,
            1,
            "board",
            "transfer",
            "give a top card with a lightbulb, higher than the activator's top card of its colour, "
            "to the activator's board",
            to=f.act,
        )

    s1 = _societies_draw


@effect("Societies", 0, first_edition=True)
class Societies0First:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "societies_tops_1e",
            1,
            1,
            "board",
            "transfer",
            "give a non-purple top card with a lightbulb to the activator's board",
            to=f.act,
        )

    s1 = _societies_draw
