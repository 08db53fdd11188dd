"""Age 6: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import Frame
from ..routines import (
    END,
    MANY,
    action_frame,
    ask_color,
    ask_splay,
    ask_yes,
    demand_has_moved,
    demand_moved,
    effect,
    pick,
)
from ..state import HAND, GameState
from ..tables import AGE, BLUE, COLOR, FACTORY, GREEN, PURPLE, RED, RIGHT, YELLOW
from .common import draw_and_meld, draw_and_score, draw_and_tuck, splay_chosen_right


# ---------------------------------------------------------------------------- Atomic Theory
@effect("Atomic Theory", 0)
class AtomicTheory0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (BLUE,), RIGHT)

    s1 = splay_chosen_right


@effect("Atomic Theory", 1)
def atomic_theory_1(g: GameState, f: Frame) -> Any:
    draw_and_meld(g, f.me, 7)


# ---------------------------------------------------------------------------- Encyclopedia
@effect("Encyclopedia", 0)
class Encyclopedia0:
    """Optional, all or none: the highest cards are fixed when the melds start (R16)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not g.players[f.me].score:
            return END
        return ask_yes(g, f, "meld", "meld all the highest cards of your score pile")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        best = tuple(ops.highest(g.players[f.me].score))
        return pick(
            g,
            f,
            "score",
            len(best),
            len(best),
            "meld",
            "meld",
            "meld the highest cards of your score pile, one at a time",
            fixed=best,
        )


# ---------------------------------------------------------------------------- Industrialization
@effect("Industrialization", 0)
def industrialization_0(g: GameState, f: Frame) -> Any:
    """3rd edition: a 6 per colour showing a factory, counted once before the first tuck (R15)."""
    count = sum(1 for k in range(5) if g.players[f.me].pile_icons(k, FACTORY) > 0)
    for _ in range(count):
        draw_and_tuck(g, f.me, 6)


@effect("Industrialization", 0, first_edition=True)
def industrialization_0_first(g: GameState, f: Frame) -> Any:
    """1st edition: a 6 per two visible factories, counted once (R15)."""
    for _ in range(g.icons(f.me, FACTORY) // 2):
        draw_and_tuck(g, f.me, 6)


@effect("Industrialization", 1)
class Industrialization1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED, PURPLE), RIGHT)

    s1 = splay_chosen_right


@effect("Industrialization", 1, first_edition=True)
class Industrialization1First:
    s0 = Industrialization1.s0
    s1 = splay_chosen_right


# ---------------------------------------------------------------------------- Machine Tools
@effect("Machine Tools", 0)
def machine_tools_0(g: GameState, f: Frame) -> Any:
    """An empty score pile counts as 0: a 1 is drawn (R04, R07)."""
    draw_and_score(g, f.me, max((AGE[c] for c in g.players[f.me].score), default=0))


# ---------------------------------------------------------------------------- Classification
@effect("Classification", 0)
class Classification0:
    """The revealed card names the colour; every opponent reveals their hand and gives that
    colour; then every card of it in your hand (a set fixed then, R16) is melded."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not g.players[f.me].hand:
            return END
        return pick(g, f, "hand", 1, 1, "reveal", "reveal", "reveal a card: its colour is chosen")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        color = COLOR[g.ret[0]]
        for o in g.opponents(f.me):
            ops.reveal_hand(g, o)
            for c in sorted(c for c in g.players[o].hand if COLOR[c] == color):
                ops.transfer(g, c, HAND, f.me, f.me)
        mine = tuple(c for c in g.players[f.me].hand if COLOR[c] == color)
        return pick(
            g,
            f,
            "hand",
            len(mine),
            len(mine),
            "meld",
            "meld",
            "meld every card of the chosen colour from your hand, one at a time",
            fixed=mine,
        )


# ---------------------------------------------------------------------------- Metric System
@effect("Metric System", 0)
class MetricSystem0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if g.players[f.me].splay[GREEN] != RIGHT:
            return END
        choices = [k for k in range(5) if ops.can_splay(g, f.me, k, RIGHT)]
        return ask_color(g, f, choices, "splay", "splay one of your colours right", can_pass=True)

    s1 = splay_chosen_right


@effect("Metric System", 1)
class MetricSystem1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (GREEN,), RIGHT)

    s1 = splay_chosen_right


# ---------------------------------------------------------------------------- Canning
@effect("Canning", 0)
class Canning0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_yes(g, f, "tuck", "draw and tuck a 6, then score your top cards without a factory")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        draw_and_tuck(g, f.me, 6)
        # the top cards after the tuck, fixed now (R16): uncovered cards are not scored
        for c in sorted(c for c in g.players[f.me].tops() if not ops.has(c, FACTORY)):
            ops.score(g, f.me, c)


@effect("Canning", 1)
class Canning1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (YELLOW,), RIGHT)

    s1 = splay_chosen_right


# ---------------------------------------------------------------------------- Vaccination
@effect("Vaccination", 0)
class Vaccination0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        low = tuple(ops.lowest(g.players[f.me].score))
        if not low:
            return END
        return pick(
            g,
            f,
            "score",
            len(low),
            len(low),
            "return",
            "return",
            "return every lowest card of your score pile",
            fixed=low,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            draw_and_meld(g, f.me, 6)


@effect("Vaccination", 1)
def vaccination_1(g: GameState, f: Frame) -> Any:
    """True for everyone once an affected opponent returned a card in this action (R21)."""
    if demand_has_moved(g, f):
        draw_and_meld(g, f.me, 7)


# ---------------------------------------------------------------------------- Democracy
@effect("Democracy", 0)
class Democracy0:
    """The totals returned through Democracy live in the Dogma action's frame ("dem", one per
    player, for the whole action, nested executions included). Returning nothing never scores."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, MANY, "return", "return", "return any number of cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        af = action_frame(g)
        dem = list(af.v["dem"])
        dem[f.me] += len(g.ret)
        af.v["dem"] = tuple(dem)
        if all(dem[f.me] > dem[o] for o in g.opponents(f.me)):
            draw_and_score(g, f.me, 8)


# ---------------------------------------------------------------------------- Emancipation
@effect("Emancipation", 0)
class Emancipation0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "hand",
            1,
            1,
            "score_pile",
            "transfer",
            "give a card from your hand to the activator's score pile",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            demand_moved(g, f)
            ops.draw(g, f.me, 6)


@effect("Emancipation", 1)
class Emancipation1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED, PURPLE), RIGHT)

    s1 = splay_chosen_right
