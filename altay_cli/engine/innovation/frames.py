"""Innovation's frames and decisions on the shared step machine (engine/steps.py).

A `Frame` is one running routine (a dogma action, one player's execution of one effect, a
multi-card pick) and adds to the machine's frame the activator, the effect it belongs to and
the frame whose card memory it uses; an `Ask` on top of the stack is a pending decision and
adds its kind, the asking effect and the options' labels. The routines are step functions in
`machine.py`, `routines.py` and the card modules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .. import steps
from ..steps import locals_from_json, tuples


class AskKind(StrEnum):
    """What a decision asks for: the kind of its options."""

    CARD = "card"  # one card, by name (the chooser can see it)
    BLIND = "blind"  # a card of another player's hidden zone, by owner and value (R39)
    COLOR = "color"  # one of your colours
    COLORS = "colors"  # two different colours (Empiricism)
    PLAYER = "player"  # another player
    VALUE = "value"  # a value 1-10
    YES = "yes"  # do the optional step, or pass
    OPTION = "option"  # one of labelled alternatives (Evolution: a or b)


class Purpose(StrEnum):
    """What a decision is for: the verb of the effect's step it settles (the observation's
    `decision.purpose`). Every value is listed, with what it asks, in protocol/games/innovation.md."""

    RETURN = "return"  # cards to return to the supply
    TRANSFER = "transfer"  # cards (or the player) to give to, or take from, another player
    MELD = "meld"  # cards to meld
    SCORE = "score"  # cards to score
    TUCK = "tuck"  # cards to tuck
    SPLAY = "splay"  # the colour to splay (or pass)
    EXCHANGE = "exchange"  # whether to exchange, or the cards an exchange moves
    REVEAL = "reveal"  # the card of your hand to reveal
    CHOOSE = "choose"  # a choice the rest of the effect depends on (an option, a value, colours)
    ORDER = "order"  # the next card of a pile being put in a new order (Publications)
    EXECUTE = "execute"  # the top card to execute alone (Self Service)
    KEEP = "keep"  # the card of your hand to keep (Composites)


class Frame(steps.Frame):
    """One running routine: `kind` names its routine, `pc` the next step, `me` the executing
    player, `act` the activator, `card`/`eff` the effect it belongs to (-1 when none), `own` the
    depth of the dogma or self-execution frame whose card memory it uses, `v` its locals."""

    __slots__ = ("act", "card", "eff", "own")

    def __init__(
        self,
        kind: str,
        me: int,
        act: int,
        card: int = -1,
        eff: int = -1,
        own: int = -1,
        v: dict[str, Any] | None = None,
        pc: int = 0,
    ) -> None:
        self.kind = kind
        self.pc = pc
        self.me = me
        self.act = act
        self.card = card
        self.eff = eff
        self.own = own
        self.v = v if v is not None else {}

    def copy(self) -> Frame:
        return Frame(self.kind, self.me, self.act, self.card, self.eff, self.own, dict(self.v), self.pc)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "pc": self.pc,
            "me": self.me,
            "act": self.act,
            "card": self.card,
            "eff": self.eff,
            "own": self.own,
            "v": self.v,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Frame:
        return Frame(
            str(d["kind"]),
            int(d["me"]),
            int(d["act"]),
            int(d["card"]),
            int(d["eff"]),
            int(d["own"]),
            locals_from_json(dict(d["v"])),
            int(d["pc"]),
        )


class Ask(steps.Ask):
    """A pending decision of `seat`: pick one of `options` (ints; pairs for BLIND and COLORS;
    option indexes for OPTION), or pass when `can_pass`. `always`: ask even when only one
    answer is possible (R38: declining must not tell others that nothing qualified).
    `purpose` is a short verb ("return", "meld", "splay"...) and `prompt` a sentence for
    people; `card`/`eff` the effect asking, `me` the executing player."""

    __slots__ = ("card", "eff", "kind", "labels", "me")

    def __init__(
        self,
        seat: int,
        kind: AskKind,
        options: tuple[Any, ...],
        purpose: Purpose | str,
        prompt: str,
        *,
        can_pass: bool = False,
        always: bool = False,
        card: int = -1,
        eff: int = -1,
        me: int = -1,
        labels: tuple[str, ...] = (),
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.purpose = Purpose(purpose)  # ValueError for a purpose the guide does not list
        self.prompt = prompt
        self.can_pass = can_pass
        self.always = always
        self.card = card
        self.eff = eff
        self.me = me
        self.labels = labels

    def copy(self) -> Ask:
        return self  # never mutated once pushed

    def to_dict(self) -> dict[str, Any]:
        return {
            "ask": str(self.kind),
            "seat": self.seat,
            "options": self.options,
            "purpose": self.purpose,
            "prompt": self.prompt,
            "can_pass": self.can_pass,
            "always": self.always,
            "card": self.card,
            "eff": self.eff,
            "me": self.me,
            "labels": self.labels,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Ask:
        return Ask(
            int(d["seat"]),
            AskKind(d["ask"]),
            tuples(d["options"]),
            str(d["purpose"]),
            str(d["prompt"]),
            can_pass=bool(d["can_pass"]),
            always=bool(d["always"]),
            card=int(d["card"]),
            eff=int(d["eff"]),
            me=int(d["me"]),
            labels=tuple(str(x) for x in d["labels"]),
        )


def entry_from_dict(d: dict[str, Any]) -> Frame | Ask:
    return Ask.from_dict(d) if "ask" in d else Frame.from_dict(d)
