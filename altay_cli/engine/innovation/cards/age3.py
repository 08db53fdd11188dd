"""Age 3: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import (
    END,
    ask_player,
    ask_splay,
    ask_yes,
    candidates,
    effect,
    pick,
)
from ..state import HAND, SCORE, GameState
from ..tables import AGE, BLUE, CASTLE, COLOR, CROWN, GREEN, LEAF, LEFT, NO_SPLAY, PURPLE, RED, WORLD, YELLOW
from .common import draw_and_meld, draw_and_reveal, draw_and_score, prove


# ---------------------------------------------------------------------------- Alchemy
@effect("Alchemy", 0)
class Alchemy0:
    """A 4 drawn and revealed per three castles (counted once, R15); all drawn before the test."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        red = False
        for _ in range(g.icons(f.me, CASTLE) // 3):
            c = draw_and_reveal(g, f.me, 4)
            red = red or COLOR[c] == RED
        if not red:
            return END
        hand = tuple(g.players[f.me].hand)  # the drawn cards are in it
        return pick(
            g,
            f,
            "hand",
            len(hand),
            len(hand),
            "return",
            "return",
            "return the drawn cards and every card in your hand",
            fixed=hand,
        )


@effect("Alchemy", 1)
class Alchemy1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 1, 1, "meld", "meld", "meld a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 1, 1, "score", "score", "score a card from your hand")


# ---------------------------------------------------------------------------- Translation
@effect("Translation", 0)
class Translation0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not g.players[f.me].score:
            return END
        return ask_yes(g, f, "meld", "meld every card in your score pile")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        cards = tuple(g.players[f.me].score)
        return pick(
            g,
            f,
            "score",
            len(cards),
            len(cards),
            "meld",
            "meld",
            "meld every card in your score pile, one at a time",
            fixed=cards,
        )


@effect("Translation", 1)
def translation_1(g: GameState, f: Frame) -> Any:
    if all(ops.has(c, CROWN) for c in g.players[f.me].tops()):  # an empty board qualifies (R31)
        ops.claim(g, f.me, WORLD)


# ---------------------------------------------------------------------------- Engineering
@effect("Engineering", 0)
def engineering_0(g: GameState, f: Frame) -> Any:
    """Demand: the castle top cards are fixed when it starts (R16)."""
    cards = tuple(c for c in g.players[f.me].tops() if ops.has(c, CASTLE))
    if not cards:
        return END
    return pick(
        g,
        f,
        "tops",
        len(cards),
        len(cards),
        "score_pile",
        "transfer",
        "give every top card with a castle to the activator's score pile",
        to=f.act,
        fixed=cards,
    )


@effect("Engineering", 1)
class Engineering1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED,), LEFT)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, LEFT)


# ---------------------------------------------------------------------------- Optics
@effect("Optics", 0)
class Optics0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        c = draw_and_meld(g, f.me, 3)
        if ops.has(c, CROWN):
            draw_and_score(g, f.me, 4)
            return END
        mine = g.players[f.me].score_total()
        lower = [o for o in g.opponents(f.me) if g.players[o].score_total() < mine]
        if not lower:
            return END
        return ask_player(g, f, lower, "transfer", "choose an opponent with a lower score to give a card to")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "score",
            1,
            1,
            "score_pile",
            "transfer",
            "give a card from your score pile to that opponent's score pile",
            to=g.ret,
        )


# ---------------------------------------------------------------------------- Compass
@candidates("compass_give")
def _compass_give(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if COLOR[c] != GREEN and ops.has(c, LEAF))


@candidates("compass_take")
def _compass_take(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if not ops.has(c, LEAF))


@effect("Compass", 0)
class Compass0:
    """Demand: each half happens even if the other could not."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "compass_give",
            1,
            1,
            "board",
            "transfer",
            "give a non-green top card with a leaf to the activator's board",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "compass_take",
            1,
            1,
            "board",
            "transfer",
            "take a top card without a leaf from the activator's board onto yours",
            who=f.act,
            to=f.me,
        )


# ---------------------------------------------------------------------------- Paper
@effect("Paper", 0)
class Paper0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (GREEN, BLUE), LEFT)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, LEFT)


@effect("Paper", 1)
def paper_1(g: GameState, f: Frame) -> Any:
    pl = g.players[f.me]
    for _ in range(sum(1 for k in range(5) if pl.piles[k] and pl.splay[k] == LEFT)):
        ops.draw(g, f.me, 4)


# ---------------------------------------------------------------------------- Machinery
@effect("Machinery", 0)
def machinery_0(g: GameState, f: Frame) -> Any:
    """Demand: your whole hand for the activator's highest cards, both groups fixed first."""
    mine = sorted(g.players[f.me].hand)
    theirs = sorted(ops.highest(g.players[f.act].hand))
    ops.exchange(g, mine, (HAND, f.act), theirs, (HAND, f.me), f.me)


@effect("Machinery", 1)
class Machinery1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not any(ops.has(c, CASTLE) for c in g.players[f.me].hand):
            prove(g, f.me)
            return None  # the splay is offered either way
        return pick(
            g,
            f,
            "hand_icon",
            1,
            1,
            "score",
            "score",
            "score a card with a castle from your hand",
            icon=CASTLE,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED,), LEFT)

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, LEFT)


# ---------------------------------------------------------------------------- Medicine
@effect("Medicine", 0)
class Medicine0:
    """Demand: the activator picks a lowest card of theirs, you pick a highest of yours, then
    they swap (one side may be empty)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "score_lowest",
            1,
            1,
            "none",
            "exchange",
            "choose a lowest card of your score pile to exchange",
            seat=f.act,
            who=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        f.v["their_cards"] = g.ret
        return pick(
            g,
            f,
            "score_highest",
            1,
            1,
            "none",
            "exchange",
            "choose a highest card of your score pile to exchange",
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        ops.exchange(g, g.ret, (SCORE, f.act), f.v["their_cards"], (SCORE, f.me), f.me)


# ---------------------------------------------------------------------------- Education
@effect("Education", 0)
class Education0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g, f, "score_highest", 0, 1, "return", "return", "return a highest card from your score pile"
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            left = g.players[f.me].score
            ops.draw(g, f.me, 2 + max((AGE[c] for c in left), default=0))


# ---------------------------------------------------------------------------- Feudalism
@effect("Feudalism", 0)
class Feudalism0:
    """Demand: give a castle card from your hand (or prove you have none, R37); unsplay its
    colour (3rd edition)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not any(ops.has(c, CASTLE) for c in g.players[f.me].hand):
            prove(g, f.me)
            return END
        return pick(
            g,
            f,
            "hand_icon",
            1,
            1,
            "hand",
            "transfer",
            "give a card with a castle from your hand to the activator",
            to=f.act,
            icon=CASTLE,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            ops.splay(g, f.me, COLOR[g.ret[0]], NO_SPLAY)  # nothing if not splayed (R10)


@effect("Feudalism", 0, first_edition=True)
def feudalism_0_first(g: GameState, f: Frame) -> Any:
    return Feudalism0.s0(g, f)


@effect("Feudalism", 1)
class Feudalism1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (YELLOW, PURPLE), LEFT)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, LEFT)


@effect("Feudalism", 1, first_edition=True)
class Feudalism1First:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return Feudalism1.s0(g, f)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        return Feudalism1.s1(g, f)
