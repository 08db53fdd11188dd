"""Age 10: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import END, ask_card, ask_splay, ask_yes, candidates, effect, pick, self_execute
from ..state import GameState
from ..tables import AGE, BY_NAME, CLOCK, FACTORY, GREEN, LEAF, UP
from .common import draw_and_meld, draw_and_score

ROBOTICS = BY_NAME["Robotics"]
SOFTWARE = BY_NAME["Software"]
SELF_SERVICE = BY_NAME["Self Service"]


# ---------------------------------------------------------------------------- Bioengineering
@candidates("bioengineering_tops")
def _bioengineering_tops(g: GameState, f: Frame) -> list[int]:
    me = f.v["who"]
    return sorted(c for o in g.opponents(me) for c in g.players[o].tops() if ops.has(c, LEAF))


@effect("Bioengineering", 0)
class Bioengineering0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "bioengineering_tops",
            1,
            1,
            "score_pile",
            "transfer",
            "take a top card with a leaf from an opponent's board into your score pile",
            to=f.me,
        )


@effect("Bioengineering", 1)
def bioengineering_1(g: GameState, f: Frame) -> Any:
    leaves = [g.icons(p, LEAF) for p in range(g.n)]
    if min(leaves) < 3:
        w = ops.only_max(leaves)  # a tie for the most does nothing (R34)
        if w >= 0:
            ops.win(g, w, f.card)


# ---------------------------------------------------------------------------- Software
@effect("Software", 0)
def software_0(g: GameState, f: Frame) -> Any:
    draw_and_score(g, f.me, 10)


@effect("Software", 1)
def software_1(g: GameState, f: Frame) -> Any:
    draw_and_meld(g, f.me, 10)
    c = draw_and_meld(g, f.me, 10)
    return self_execute(g, f, c)  # only the second card


# ---------------------------------------------------------------------------- Miniaturization
@effect("Miniaturization", 0)
class Miniaturization0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret or AGE[g.ret[0]] != 10:
            return
        n = len({AGE[c] for c in g.players[f.me].score})  # counted once (R15)
        for _ in range(n):
            ops.draw(g, f.me, 10)


# ---------------------------------------------------------------------------- Robotics
@effect("Robotics", 0)
def robotics_0(g: GameState, f: Frame) -> Any:
    green = g.top(f.me, GREEN)
    if green >= 0:
        ops.score(g, f.me, green)
    c = draw_and_meld(g, f.me, 10)
    return self_execute(g, f, c)


# ---------------------------------------------------------------------------- Databases
@effect("Databases", 0)
def databases_0(g: GameState, f: Frame) -> Any:
    n = (len(g.players[f.me].score) + 1) // 2
    if not n:
        return None
    return pick(
        g,
        f,
        "score",
        n,
        n,
        "return",
        "return",
        f"return {n} cards of your score pile (half of them, rounded up)",
    )


# ---------------------------------------------------------------------------- Self Service
@effect("Self Service", 0)
class SelfService0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        tops = [c for c in g.players[f.me].tops() if c != SELF_SERVICE]
        if not tops:
            return END
        return ask_card(g, f, tops, "execute", "choose one of your top cards to execute alone")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        return self_execute(g, f, g.ret)


@effect("Self Service", 1)
def self_service_1(g: GameState, f: Frame) -> Any:
    mine = g.achievement_count(f.me)
    if all(mine > g.achievement_count(o) for o in g.opponents(f.me)):
        ops.win(g, f.me, f.card)


# ---------------------------------------------------------------------------- Globalization
@effect("Globalization", 0)
def globalization_0(g: GameState, f: Frame) -> Any:
    return pick(
        g,
        f,
        "tops_icon",
        1,
        1,
        "return",
        "return",
        "return a top card with a leaf from your board",
        icon=LEAF,
    )


@effect("Globalization", 1)
def globalization_1(g: GameState, f: Frame) -> Any:
    draw_and_score(g, f.me, 6)
    if all(g.icons(p, LEAF) <= g.icons(p, FACTORY) for p in range(g.n)):
        w = ops.only_max([g.players[p].score_total() for p in range(g.n)])  # R34
        if w >= 0:
            ops.win(g, w, f.card)


# ---------------------------------------------------------------------------- Stem Cells
@effect("Stem Cells", 0)
class StemCells0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not g.players[f.me].hand:
            return END
        return ask_yes(g, f, "score", "score every card in your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        every = tuple(g.players[f.me].hand)  # R16
        return pick(
            g,
            f,
            "hand",
            len(every),
            len(every),
            "score",
            "score",
            "score every card in your hand",
            fixed=every,
        )


# ---------------------------------------------------------------------------- A.I.
@effect("A.I.", 0)
def ai_0(g: GameState, f: Frame) -> Any:
    draw_and_score(g, f.me, 10)


@effect("A.I.", 1)
def ai_1(g: GameState, f: Frame) -> Any:
    if ops.top_of(g, ROBOTICS) and ops.top_of(g, SOFTWARE):
        w = ops.only_min([g.players[p].score_total() for p in range(g.n)])  # R34
        if w >= 0:
            ops.win(g, w, f.card)


# ---------------------------------------------------------------------------- The Internet
@effect("The Internet", 0)
class TheInternet0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (GREEN,), UP)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)


@effect("The Internet", 1)
def the_internet_1(g: GameState, f: Frame) -> Any:
    draw_and_score(g, f.me, 10)


@effect("The Internet", 2)
def the_internet_2(g: GameState, f: Frame) -> Any:
    n = g.icons(f.me, CLOCK) // 2  # counted once, before the first draw (R15)
    for _ in range(n):
        draw_and_meld(g, f.me, 10)
