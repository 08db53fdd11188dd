"""Age 9: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import END, MANY, ask_card, ask_splay, candidates, effect, pick, self_execute
from ..state import BOARD, HAND, GameState
from ..tables import BLUE, BY_NAME, COLOR, GREEN, LEAF, PURPLE, RED, UP, YELLOW
from .common import draw_and_meld, draw_and_reveal, draw_and_score, splay_chosen_up

FISSION = BY_NAME["Fission"]


# ---------------------------------------------------------------------------- Computers
@effect("Computers", 0)
class Computers0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED, GREEN), UP)

    s1 = splay_chosen_up


@effect("Computers", 1)
def computers_1(g: GameState, f: Frame) -> Any:
    c = draw_and_meld(g, f.me, 10)
    return self_execute(g, f, c)


# ---------------------------------------------------------------------------- Genetics
@effect("Genetics", 0)
class Genetics0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        c = draw_and_meld(g, f.me, 10)
        beneath = tuple(g.players[f.me].piles[COLOR[c]][:-1])  # R16
        if not beneath:
            return END
        return pick(
            g,
            f,
            "hand",
            len(beneath),
            len(beneath),
            "score",
            "score",
            "score every card beneath the melded card",
            fixed=beneath,
        )


# ---------------------------------------------------------------------------- Composites
@effect("Composites", 0)
class Composites0:
    """Demand: keep one card of your hand, give the rest; then give a highest score card."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        hand = g.players[f.me].hand
        if not hand:
            return None  # nothing to keep: go on to the score pile
        return ask_card(g, f, hand, "keep", "keep one card of your hand; the others go to the activator")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        keep = g.ret
        rest = tuple(c for c in g.players[f.me].hand if c != keep)
        if not rest:
            return None
        return pick(
            g,
            f,
            "hand",
            len(rest),
            len(rest),
            "hand",
            "transfer",
            "give every other card in your hand to the activator",
            to=f.act,
            fixed=rest,
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "score_highest",
            1,
            1,
            "score_pile",
            "transfer",
            "give a highest card of your score pile to the activator's score pile",
            to=f.act,
        )


# ---------------------------------------------------------------------------- Fission
@effect("Fission", 0)
def fission_0(g: GameState, f: Frame) -> Any:
    """Demand: a red 10 removes every hand, board and score pile card and ends the action
    (R40)."""
    c = draw_and_reveal(g, f.me, 10)
    if COLOR[c] != RED:
        return None  # it stays in your hand
    for pl_id in range(g.n):
        pl = g.players[pl_id]
        for card in sorted(pl.hand):
            ops.remove(g, card, f.me)
        for card in sorted(pl.score):
            ops.remove(g, card, f.me)
        for k in range(5):
            # bottom first: no pile shows a new top card or icon while it empties
            for card in list(pl.piles[k]):
                ops.remove(g, card, f.me)
    raise ops.ActionEnded


@candidates("fission_tops")
def _fission_tops(g: GameState, f: Frame) -> list[int]:
    return sorted(c for pl in g.players for c in pl.tops() if c != FISSION)


@effect("Fission", 1)
class Fission1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "fission_tops",
            1,
            1,
            "return",
            "return",
            "return a top card other than Fission from any board, yours included",
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        ops.draw(g, f.me, 10)  # even if nothing was returned


@effect("Fission", 1, first_edition=True)
class Fission1First:
    """1st edition: the return only, no draw."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return Fission1.s0(g, f)


# ---------------------------------------------------------------------------- Collaboration
@effect("Collaboration", 0)
class Collaboration0:
    """Demand: draw and reveal two 9s; the activator takes one onto their board, you meld the
    other."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        a = ops.draw(g, f.me, 9)
        b = ops.draw(g, f.me, 9)
        ops.reveal(g, a)
        ops.reveal(g, b)
        f.v["two"] = (a, b)
        return ask_card(
            g,
            f,
            (a, b),
            "transfer",
            "choose the revealed card that goes to your board; the other is melded",
            seat=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        a, b = f.v["two"]
        taken = g.ret
        other = b if taken == a else a
        ops.transfer(g, taken, BOARD, f.act, f.me)
        ops.meld(g, f.me, other)


@effect("Collaboration", 1)
def collaboration_1(g: GameState, f: Frame) -> Any:
    if len(g.players[f.me].piles[GREEN]) >= 10:
        ops.win(g, f.me, f.card)


# ---------------------------------------------------------------------------- Satellites
@effect("Satellites", 0)
class Satellites0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        every = tuple(g.players[f.me].hand)
        if not every:
            return None
        return pick(
            g,
            f,
            "hand",
            len(every),
            len(every),
            "return",
            "return",
            "return every card in your hand, in the order you choose",
            fixed=every,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(3):  # even with an empty hand
            ops.draw(g, f.me, 8)


@effect("Satellites", 1)
class Satellites1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (PURPLE,), UP)

    s1 = splay_chosen_up


@effect("Satellites", 2)
class Satellites2:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 1, 1, "meld", "meld", "meld a card from your hand, then execute it alone")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return self_execute(g, f, g.ret[0])


# ---------------------------------------------------------------------------- Ecology
@effect("Ecology", 0)
class Ecology0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return pick(g, f, "hand", 1, 1, "score", "score", "score a card from your hand")

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        ops.draw(g, f.me, 10)  # even if no card was left to score
        ops.draw(g, f.me, 10)


# ---------------------------------------------------------------------------- Suburbia
@effect("Suburbia", 0)
class Suburbia0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand",
            0,
            MANY,
            "tuck",
            "tuck",
            "tuck any number of cards from your hand; each one scores a 1",
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(len(g.ret)):
            draw_and_score(g, f.me, 1)


# ---------------------------------------------------------------------------- Services
@candidates("services_tops")
def _services_tops(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if not ops.has(c, LEAF))


@effect("Services", 0)
class Services0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        every = tuple(ops.highest(g.players[f.me].score))  # R16
        if not every:
            return END
        return pick(
            g,
            f,
            "score",
            len(every),
            len(every),
            "hand",
            "transfer",
            "give every highest card of your score pile to the activator's hand",
            to=f.act,
            fixed=every,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return pick(
            g,
            f,
            "services_tops",
            1,
            1,
            "hand",
            "transfer",
            "take a top card without a leaf from the activator's board into your hand",
            who=f.act,
            to=f.me,
        )


# ---------------------------------------------------------------------------- Specialization
@effect("Specialization", 0)
class Specialization0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand",
            1,
            1,
            "reveal",
            "reveal",
            "reveal a card from your hand: every opponent's top card of its colour comes to your hand",
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END  # an empty hand
        color = COLOR[g.ret[0]]
        for o in g.opponents(f.me):
            c = g.top(o, color)
            if c >= 0:
                ops.transfer(g, c, HAND, f.me, f.me)


@effect("Specialization", 1)
class Specialization1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (YELLOW, BLUE), UP)

    s1 = splay_chosen_up
