"""Mammothodus's notation for people: `start red green`, `move`, `fig red`, `red` (a card),
`step 5`, `shard sun`, `drop`, `reroll 2`, `roll`, `hit tribe`, `adapt wild`, `line 2`,
`place red 0`, `remove red`, `swap red blue`, `direct tribe 5`, `yes`, `pass`; with the
advanced talents `talent trap`, `token red green` (discard a red card for a token next to your
green figurine), `put 5`, `use trap 5` (`use trap 5 2`: two traps at once). Any unique prefix of
a word works; case does not matter."""

from __future__ import annotations

import re
from itertools import permutations
from typing import Any

from ..api import AmbiguousCommand, IllegalCommand, InvalidCommand
from .actions import (
    Adapt,
    Card,
    ChooseAction,
    Direct,
    Figurine,
    Hit,
    Line,
    Pass,
    Place,
    Put,
    Remove,
    Reroll,
    Roll,
    Shard,
    Start,
    Step,
    Swap,
    Talent,
    Token,
    Use,
    action_from_builtins,
)
from .events import StepEvent
from .narration import card_words, happening_text, listing, narration, talent_words
from .tables import Tables

__all__ = ["HELP", "command_text", "describe", "happening_text", "narration", "parse"]

HELP = """\
  start red green      set-up: the figurines (by colour) that start in the centre
  move | attack | population | development | degradation | activate    this turn's action
  fig red              act with your red figurine next        red, wild, double:red   play a card
  step 5               move the figurine to territory 5      shard sun / drop        take or drop a shard
  reroll 2, roll       mark die 2, then roll the marked dice again (one population)
  hit tribe, hit earth spend successes on a tribe or a spirit
  adapt wild           take an adaptation card from the market (`adapt deck`: the top card)
  line 2               activate the place of power of portal line 2
  place red 0, remove red, swap red blue     at a generation change
  direct tribe 5       send a human tribe (or a spirit) that could go two ways
  talent trap          set-up (advanced): your clan's talent
  token red green      discard a red card for a talent token next to your green figurine
  put 5                put the talent token in territory 5
  use trap 5 [2]       use your talent token(s) in territory 5 now
  pass                 stop, or decline"""


def command_text(a: Any) -> str:
    if isinstance(a, Start):
        return "start " + " ".join(a.colors)
    if isinstance(a, ChooseAction):
        return a.action
    if isinstance(a, Figurine):
        return f"fig {a.color}"
    if isinstance(a, Card):
        return f"card {a.card}"
    if isinstance(a, Step):
        return f"step {a.to}"
    if isinstance(a, Shard):
        return "drop" if a.take is None else f"shard {a.take}"
    if isinstance(a, Reroll):
        return f"reroll {a.die}"
    if isinstance(a, Roll):
        return "roll"
    if isinstance(a, Hit):
        return f"hit {a.target}"
    if isinstance(a, Adapt):
        return f"adapt {a.card}"
    if isinstance(a, Line):
        return f"line {a.line}"
    if isinstance(a, Place):
        return f"place {a.color} {a.territory}"
    if isinstance(a, Remove):
        return f"remove {a.color}"
    if isinstance(a, Swap):
        return f"swap {a.a} {a.b}"
    if isinstance(a, Direct):
        return f"direct {a.who} {a.to}"
    if isinstance(a, Talent):
        return f"talent {_spoken(a.name)}"
    if isinstance(a, Token):
        return f"token {a.card} {a.color}"
    if isinstance(a, Put):
        return f"put {a.to}"
    if isinstance(a, Use):
        return f"use {_spoken(a.talent)} {a.at}" + (f" {a.n}" if a.n != 1 else "")
    if isinstance(a, Pass):
        return "pass"
    raise TypeError(f"not a Mammothodus action: {a!r}")


def describe(a: Any, tables: Tables | None = None) -> str:
    """The decision in a short sentence, its subject left out ("P1: moves to T5"). With the
    game's data set (`tables`) the centre is called by its name; without it, by its number."""

    def where(t: int) -> str:
        return tables.where(t) if tables is not None else f"T{t}"

    if isinstance(a, StepEvent):
        a = a.action
    if isinstance(a, dict):
        a = action_from_builtins(a)
    if isinstance(a, Start):
        figurines = "figurine" if len(a.colors) == 1 else "figurines"
        return f"starts with its {listing(list(a.colors))} {figurines} in the centre"
    if isinstance(a, ChooseAction):
        return f"chooses the action {a.action}"
    if isinstance(a, Figurine):
        return f"acts with its {a.color} figurine"
    if isinstance(a, Card):
        return f"plays {card_words(a.card)}"
    if isinstance(a, Step):
        return f"moves to {where(a.to)}"
    if isinstance(a, Shard):
        return "puts down its shard" if a.take is None else f"picks up a {a.take} shard"
    if isinstance(a, Reroll):
        return f"marks die {a.die} (counting from 0) to roll again"
    if isinstance(a, Roll):
        return "rolls the marked dice again (one population)"
    if isinstance(a, Hit):
        return "destroys a tribe" if a.target == "tribe" else f"destroys the {a.target} spirit"
    if isinstance(a, Adapt):
        if a.card == "deck":
            return "takes the top card of the adaptation deck"
        return f"takes the adaptation card {card_words(a.card)}"
    if isinstance(a, Line):
        return f"activates the place of power of portal line {a.line}"
    if isinstance(a, Place):
        return f"places its {a.color} figurine in {where(a.territory)}"
    if isinstance(a, Remove):
        return f"takes its {a.color} figurine off the field"
    if isinstance(a, Swap):
        return f"swaps its {a.a} and {a.b} figurines"
    if isinstance(a, Direct):
        who = "the tribe" if a.who == "tribe" else f"the {a.who} spirit"
        return f"sends {who} to {where(a.to)}"
    if isinstance(a, Talent):
        return f"chooses the talent {talent_words(a.name)}"
    if isinstance(a, Token):
        return f"discards {card_words(a.card)} for a talent token next to its {a.color} figurine"
    if isinstance(a, Put):
        return f"puts a talent token in {where(a.to)}"
    if isinstance(a, Use):
        what = "a token" if a.n == 1 else f"{a.n} tokens"
        return f"uses {what} of {talent_words(a.talent)} in {where(a.at)}"
    if isinstance(a, Pass):
        return "passes"
    return "does something this notation has no words for"


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]


def _forms(a: Any) -> list[list[str]]:
    """The word lists that name `a` (each word may be given as a prefix)."""
    main = _words(command_text(a))
    out = [main]
    if isinstance(a, Card):
        out.append([a.card])
        if ":" in a.card:  # as the screen says it: "double red", "extra red"
            out += [a.card.split(":", 1), ["card", *a.card.split(":", 1)]]
        elif a.card == "draw3":
            out += [["draw", "3"], ["card", "draw", "3"]]
    if isinstance(a, Figurine):
        out.append(["figurine", a.color])
    if isinstance(a, Pass):
        out += [["done"], ["stop"], ["no"]]
    if isinstance(a, Start):  # the colours in any order
        out += [["start", *order] for order in permutations(a.colors) if list(order) != list(a.colors)]
    if isinstance(a, Use) and a.n == 1:
        out.append(["use", _spoken(a.talent), str(a.at), "1"])
    if isinstance(a, Talent) and "_" in a.name:  # the data's own name is typed as well
        out.append(["talent", a.name])
    if isinstance(a, Use) and "_" in a.talent:
        out.append(["use", a.talent, str(a.at), *([str(a.n)] if a.n != 1 else [])])
    return out


def _spoken(name: str) -> str:
    """A data name as a person types it: `trail_lock` is `trail-lock`."""
    return name.replace("_", "-")


def _matches(given: list[str], form: list[str]) -> str | None:
    if len(given) != len(form):
        return None
    exact = True
    for g, f in zip(given, form):
        if g == f:
            continue
        if f.startswith(g) and not g.isdecimal():
            exact = False
            continue
        return None
    return "exact" if exact else "prefix"


def parse(legal: list[Any], text: str) -> int:
    raw = text.strip()
    if not raw:
        raise InvalidCommand("type a command; `help` lists them")
    if raw.startswith("{"):
        import msgspec

        try:
            action = action_from_builtins(msgspec.json.decode(raw.encode()))
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError) as exc:
            raise InvalidCommand(f"not a Mammothodus action: {exc}") from None
        if action in legal:
            return legal.index(action)
        raise IllegalCommand(f"{command_text(action)!r} is not legal now")
    given = _words(raw)
    exact, prefix = [], []
    for i, a in enumerate(legal):
        best = None
        for form in _forms(a):
            m = _matches(given, form)
            if m == "exact":
                best = "exact"
                break
            best = best or m
        if best == "exact":
            exact.append(i)
        elif best == "prefix":
            prefix.append(i)
    found = exact or prefix
    if len(found) == 1:
        return found[0]
    if found:
        shown = ", ".join(command_text(legal[i]) for i in found[:8])
        raise AmbiguousCommand(f"{raw!r} could be: {shown}", found)
    verbs = sorted({_words(command_text(a))[0] for a in legal})
    known = {"start", "fig", "figurine", "card", "step", "shard", "drop", "reroll", "roll", "hit", "adapt"}
    known |= {"line", "place", "remove", "swap", "direct", "pass", "move", "attack", "population"}
    known |= {"development", "degradation", "activate", "talent", "token", "put", "use"}
    if not any(k.startswith(given[0]) for k in known) and not any(
        f[0].startswith(given[0]) for a in legal for f in _forms(a)
    ):
        raise InvalidCommand(f"{raw!r} is not a command; now you can: {', '.join(verbs)} (`help` explains)")
    shown = ", ".join(command_text(a) for a in legal[:12])
    more = "" if len(legal) <= 12 else f", ... ({len(legal)} in all)"
    raise IllegalCommand(f"{raw!r} is not legal now; legal: {shown}{more}")
