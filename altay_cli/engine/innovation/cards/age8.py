"""Age 8: the ten cards' effects (texts in cards.json; rulings cited by number)."""

from __future__ import annotations

from typing import Any

from .. import ops
from ..frames import AskKind, Frame
from ..routines import END, ask, ask_color, ask_splay, ask_yes, candidates, effect, pick
from ..state import HAND, GameState
from ..tables import AGE, CLOCK, COLOR, FACTORY, GREEN, LIGHTBULB, PURPLE, RED, UP, YELLOW
from .common import draw_and_meld, draw_and_reveal, draw_and_score


# ---------------------------------------------------------------------------- Quantum Theory
@effect("Quantum Theory", 0)
class QuantumTheory0:
    """Optional: return one or two cards; only if exactly two were: draw a 10, draw and score a 10
    (R19)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 2, "return", "return", "return one or two cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if len(g.ret) == 2:
            ops.draw(g, f.me, 10)
            draw_and_score(g, f.me, 10)


# ---------------------------------------------------------------------------- Rocketry
@effect("Rocketry", 0)
class Rocketry0:
    """One return from an opponent's score pile per two visible clocks (counted once, R15); each
    card is a blind pick by owner and value (R39)."""

    @staticmethod
    def count(g: GameState, f: Frame) -> Any:
        f.v["n"] = g.icons(f.me, CLOCK) // 2

    @staticmethod
    def return_ask(g: GameState, f: Frame) -> Any:
        if f.v["n"] <= 0:
            return END
        f.v["n"] -= 1
        options = sorted(
            {(o, AGE[c]) for o in g.opponents(f.me) for c in g.players[o].score},
        )
        if not options:
            return END
        return ask(
            g,
            f,
            AskKind.BLIND,
            options,
            "return",
            "return a card from an opponent's score pile (choose the opponent and the value)",
        )

    @staticmethod
    def returned(g: GameState, f: Frame) -> Any:
        owner, age = g.ret
        matching = sorted(c for c in g.players[owner].score if AGE[c] == age)
        ops.return_card(g, matching[g.rng.below(len(matching))], f.me)
        f.goto(Rocketry0.return_ask)  # the next card


# ---------------------------------------------------------------------------- Flight
@effect("Flight", 0)
class Flight0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if g.players[f.me].splay[RED] != UP:
            return END
        choices = [k for k in range(5) if ops.can_splay(g, f.me, k, UP)]
        return ask_color(g, f, choices, "splay", "splay one of your colours up", can_pass=True)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)


@effect("Flight", 1)
class Flight1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (RED,), UP)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)


# ---------------------------------------------------------------------------- Mobility
@candidates("mobility_tops")
def _mobility_tops(g: GameState, f: Frame) -> list[int]:
    """The highest of the cards eligible when the demand began that are still to go (a card
    uncovered by the first transfer is not eligible)."""
    done = f.v["done"]
    return sorted(ops.highest([c for c in f.v["elig"] if c not in done]))


@effect("Mobility", 0)
class Mobility0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        elig = tuple(c for c in g.players[f.me].tops() if COLOR[c] != RED and not ops.has(c, FACTORY))
        return pick(
            g,
            f,
            "mobility_tops",
            2,
            2,
            "score_pile",
            "transfer",
            "give your two highest non-red top cards without a factory to the activator's score pile",
            to=f.act,
            elig=elig,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            ops.draw(g, f.me, 8)


# ---------------------------------------------------------------------------- Corporations
@candidates("corporations_tops")
def _corporations_tops(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if COLOR[c] != GREEN and ops.has(c, FACTORY))


@effect("Corporations", 0)
class Corporations0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "corporations_tops",
            1,
            1,
            "score_pile",
            "transfer",
            "give a non-green top card with a factory to the activator's score pile",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret:
            draw_and_meld(g, f.me, 8)


@effect("Corporations", 1)
def corporations_1(g: GameState, f: Frame) -> Any:
    draw_and_meld(g, f.me, 8)


# ---------------------------------------------------------------------------- Mass Media
@effect("Mass Media", 0)
class MassMedia0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 1, "return", "return", "return a card from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        return ask(
            g,
            f,
            AskKind.VALUE,
            tuple(range(1, 11)),
            "choose",
            "choose a value: every card of that value in every score pile is returned",
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        value = g.ret
        every = tuple(c for pl in g.players for c in pl.score if AGE[c] == value)  # R16
        if not every:
            return END
        return pick(
            g,
            f,
            "score",
            len(every),
            len(every),
            "return",
            "return",
            f"return every {value} from every score pile, in the order you choose",
            fixed=every,
        )


@effect("Mass Media", 1)
class MassMedia1:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return ask_splay(g, f, (PURPLE,), UP)

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)


# ---------------------------------------------------------------------------- Antibiotics
@effect("Antibiotics", 0)
class Antibiotics0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(g, f, "hand", 0, 3, "return", "return", "return up to three cards from your hand")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        for _ in range(2 * len({AGE[c] for c in g.ret})):
            ops.draw(g, f.me, 8)


# ---------------------------------------------------------------------------- Skyscrapers
@candidates("skyscrapers_tops")
def _skyscrapers_tops(g: GameState, f: Frame) -> list[int]:
    return sorted(c for c in g.players[f.v["who"]].tops() if COLOR[c] != YELLOW and ops.has(c, CLOCK))


@effect("Skyscrapers", 0)
class Skyscrapers0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        return pick(
            g,
            f,
            "skyscrapers_tops",
            1,
            1,
            "board",
            "transfer",
            "give a non-yellow top card with a clock to the activator's board",
            to=f.act,
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if not g.ret:
            return END
        pile = g.players[f.me].piles[COLOR[g.ret[0]]]
        if not pile:
            return END  # the transferred card was alone in its pile
        ops.score(g, f.me, pile[-1])
        rest = tuple(pile)
        if not rest:
            return END
        return pick(
            g,
            f,
            "hand",
            len(rest),
            len(rest),
            "return",
            "return",
            "return every remaining card of that colour from your board, in the order you choose",
            fixed=rest,
        )


# ---------------------------------------------------------------------------- Empiricism
@effect("Empiricism", 0)
class Empiricism0:
    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        pairs = tuple((a, b) for a in range(5) for b in range(a + 1, 5))
        return ask(
            g,
            f,
            AskKind.COLORS,
            pairs,
            "choose",
            "choose two colours: a revealed 9 of either colour is melded",
        )

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        chosen = g.ret
        c = draw_and_reveal(g, f.me, 9)
        if COLOR[c] not in chosen:
            return END  # it stays in your hand
        ops.meld(g, f.me, c)
        return ask_splay(g, f, (COLOR[c],), UP)

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            ops.splay(g, f.me, g.ret, UP)


@effect("Empiricism", 1)
def empiricism_1(g: GameState, f: Frame) -> Any:
    if g.icons(f.me, LIGHTBULB) >= 20:
        ops.win(g, f.me, f.card)


# ---------------------------------------------------------------------------- Socialism
@effect("Socialism", 0)
class Socialism0:
    """Optional: tuck the whole hand (all or none); one purple tucked takes every opponent's
    lowest hand cards (the lowest value per opponent)."""

    @staticmethod
    def s0(g: GameState, f: Frame) -> Any:
        if not g.players[f.me].hand:
            return END
        return ask_yes(g, f, "tuck", "tuck every card in your hand, one at a time in the order you choose")

    @staticmethod
    def s1(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return END
        every = tuple(g.players[f.me].hand)
        return pick(
            g,
            f,
            "hand",
            len(every),
            len(every),
            "tuck",
            "tuck",
            "tuck every card in your hand, in the order you choose",
            fixed=every,
        )

    @staticmethod
    def s2(g: GameState, f: Frame) -> Any:
        if not any(COLOR[c] == PURPLE for c in g.ret):
            return END
        for o in g.opponents(f.me):
            for c in sorted(ops.lowest(g.players[o].hand)):
                ops.transfer(g, c, HAND, f.me, f.me)
