"""Age 4: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import (
    END,
    ask_color,
    ask_splay,
    ask_yes,
    candidates,
    demand_has_moved,
    demand_moved,
    effect,
    pick,
)
from ..state import GameState
from ..tables import (
    AGE,
    BLUE,
    CASTLE,
    COLOR,
    CROWN,
    GREEN,
    LEAF,
    LEFT,
    LIGHTBULB,
    PURPLE,
    RIGHT,
    WONDER,
    YELLOW,
)
from .common import draw_and_meld, draw_and_score, draw_and_tuck


# ---------------------------------------------------------------------------- Experimentation
@effect("Experimentation", 0)
def experimentation_0(g: GameState, f: Frame) -> Any:
    draw_and_meld(g, f.me, 5)


# ---------------------------------------------------------------------------- Printing Press
@effect("Printing Press", 0)
class PrintingPress0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "score", 0, 1, "return", "return", "return a card from your score pile")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            purple = g.top(f.me, PURPLE)
            ops.draw(g, f.me, 2 + (AGE[purple] if purple >= 0 else 0))


@effect("Printing Press", 1)
class PrintingPress1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (BLUE,), RIGHT)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, RIGHT)


# ---------------------------------------------------------------------------- Colonialism
@effect("Colonialism", 0)
def colonialism_0(g: GameState, f: Frame) -> Any:
    while True:  # perform this effect again while the tucked card has a crown
        c = draw_and_tuck(g, f.me, 3)
        if not ops.has(c, CROWN):
            return


# ---------------------------------------------------------------------------- Gunpowder
@effect("Gunpowder", 0)
class Gunpowder0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "tops_icon",
            1,
            1,
            "score_pile",
            "transfer",
            "give a top card with a castle to the activator's score pile",
            to=f.act,
            icon=CASTLE,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)


@effect("Gunpowder", 1)
def gunpowder_1(g: GameState, f: Frame) -> Any:
    if demand_has_moved(g, f):
        draw_and_score(g, f.me, 2)


# ---------------------------------------------------------------------------- Invention
@effect("Invention", 0)
class Invention0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        pl = g.players[f.me]
        choices = [k for k in range(5) if pl.splay[k] == LEFT and len(pl.piles[k]) >= 2]
        return ask_color(
            g, f, choices, "splay", "splay one of your colours splayed left to the right", can_pass=True
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return
        ops.splay(g, f.me, g.ret, RIGHT)
        draw_and_score(g, f.me, 4)


@effect("Invention", 1)
def invention_1(g: GameState, f: Frame) -> Any:
    pl = g.players[f.me]
    if all(pl.piles[k] and pl.splay[k] for k in range(5)):
        ops.claim(g, f.me, WONDER)


# ---------------------------------------------------------------------------- Navigation
@candidates("navigation_score")
def _navigation_score(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].score if AGE[c] in (2, 3))


@effect("Navigation", 0)
def navigation_0(g: GameState, f: Frame) -> Any:
    return pick(
        g,
        f,
        "navigation_score",
        1,
        1,
        "score_pile",
        "transfer",
        "give a 2 or a 3 from your score pile to the activator's score pile",
        to=f.act,
    )


# ---------------------------------------------------------------------------- Anatomy
@candidates("anatomy_tops")
def _anatomy_tops(g: GameState, f: Frame) -> list[int]:
    value = f.v["value"]
    return sorted(c for c in g.players[f.v["who"]].tops() if AGE[c] == value)


@effect("Anatomy", 0)
class Anatomy0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "score", 1, 1, "return", "return", "return a card from your score pile")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return pick(
            g,
            f,
            "anatomy_tops",
            1,
            1,
            "return",
            "return",
            "return a top card of the same value",
            value=AGE[g.ret[0]],
        )


# ---------------------------------------------------------------------------- Perspective
@effect("Perspective", 0)
class Perspective0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        n = g.icons(f.me, LIGHTBULB) // 2  # counted after the return
        if n == 0:
            return END
        return pick(g, f, "hand", n, n, "score", "score", f"score {n} card(s) from your hand")


# ---------------------------------------------------------------------------- Enterprise
@candidates("enterprise_tops")
def _enterprise_tops(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if COLOR[c] != PURPLE and ops.has(c, CROWN))


@effect("Enterprise", 0)
class Enterprise0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "enterprise_tops",
            1,
            1,
            "board",
            "transfer",
            "give a non-purple top card with a crown to the activator's board",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            draw_and_meld(g, f.me, 4)


@effect("Enterprise", 1)
class Enterprise1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (GREEN,), RIGHT)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, RIGHT)


# ---------------------------------------------------------------------------- Reformation
@effect("Reformation", 0)
class Reformation0:
    """Optional: tuck exactly one card per two leaves (all if fewer), or none."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        n = g.icons(f.me, LEAF) // 2  # counted once (R15)
        if n == 0 or not g.players[f.me].hand:
            return END
        f.v["n"] = n
        return ask_yes(g, f, "tuck", f"tuck {n} card(s) from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        n = f.v["n"]
        return pick(g, f, "hand", n, n, "tuck", "tuck", f"tuck {n} card(s) from your hand")


@effect("Reformation", 1)
class Reformation1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (YELLOW, PURPLE), RIGHT)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, RIGHT)
