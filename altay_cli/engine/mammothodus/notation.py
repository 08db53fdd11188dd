"""Mammothodus's notation for people: `start red green`, `move`, `fig red`, `red` (a card),
`step 5`, `shard sun`, `drop`, `reroll 2`, `roll`, `hit tribe`, `adapt wild`, `line 2`,
`place red 0`, `remove red`, `swap red blue`, `direct tribe 5`, `yes`, `pass`; with the
advanced talents `talent trap`, `token red green` (discard a red card for a token next to your
green figurine), `put 5`, `use trap 5` (`use trap 5 2`: two traps at once). Any unique prefix of
a word works; case does not matter."""

from __future__ import annotations

import re
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

HELP = """\
  start red green      set-up: the two figurines (by colour) that start in the centre
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
        return f"start {a.colors[0]} {a.colors[1]}"
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
        return f"talent {a.name}"
    if isinstance(a, Token):
        return f"token {a.card} {a.color}"
    if isinstance(a, Put):
        return f"put {a.to}"
    if isinstance(a, Use):
        return f"use {a.talent} {a.at}" + (f" {a.n}" if a.n != 1 else "")
    if isinstance(a, Pass):
        return "pass"
    raise TypeError(f"not a Mammothodus action: {a!r}")


def describe(a: Any) -> str:
    if isinstance(a, StepEvent):
        a = a.action
    if isinstance(a, dict):
        a = action_from_builtins(a)
    if isinstance(a, Start):
        return f"starts with its {a.colors[0]} and {a.colors[1]} figurines in the centre"
    if isinstance(a, ChooseAction):
        return f"chooses the action {a.action}"
    if isinstance(a, Figurine):
        return f"acts with its {a.color} figurine"
    if isinstance(a, Card):
        return f"plays {a.card}"
    if isinstance(a, Step):
        return f"moves to territory {a.to}"
    if isinstance(a, Shard):
        return "drops its shard" if a.take is None else f"takes a {a.take} shard"
    if isinstance(a, Reroll):
        return f"marks die {a.die} to roll again"
    if isinstance(a, Roll):
        return "rolls the marked dice again (one population)"
    if isinstance(a, Hit):
        return f"hits {a.target}"
    if isinstance(a, Adapt):
        return f"takes the adaptation card {a.card}"
    if isinstance(a, Line):
        return f"activates the place of power of line {a.line}"
    if isinstance(a, Place):
        return f"places its {a.color} figurine in territory {a.territory}"
    if isinstance(a, Remove):
        return f"removes its {a.color} figurine"
    if isinstance(a, Swap):
        return f"swaps its {a.a} and {a.b} figurines"
    if isinstance(a, Direct):
        return f"sends the {a.who} to territory {a.to}"
    if isinstance(a, Talent):
        return f"chooses the talent {a.name.replace('_', ' ')}"
    if isinstance(a, Token):
        return f"discards {a.card} for a talent token next to its {a.color} figurine"
    if isinstance(a, Put):
        return f"puts a talent token in territory {a.to}"
    if isinstance(a, Use):
        what = "a token" if a.n == 1 else f"{a.n} tokens"
        return f"uses {what} of {a.talent.replace('_', ' ')} in territory {a.at}"
    if isinstance(a, Pass):
        return "passes"
    return str(a)


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]


def _forms(a: Any) -> list[list[str]]:
    """The word lists that name `a` (each word may be given as a prefix)."""
    main = _words(command_text(a))
    out = [main]
    if isinstance(a, Card):
        out.append([a.card])
    if isinstance(a, Figurine):
        out.append(["figurine", a.color])
    if isinstance(a, Pass):
        out += [["done"], ["stop"], ["no"]]
    if isinstance(a, Start):
        out.append(["start", a.colors[1], a.colors[0]])
    if isinstance(a, Use) and a.n == 1:
        out.append(["use", a.talent, str(a.at), "1"])
    return out


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


# ---------------------------------------------------------------------------- what happened
def _says(clan: Any, viewer: int | None, verb: str) -> str:
    """The clan and its verb: "you choose" but "Bisons chooses"."""
    who = _clan(clan, viewer)
    if who == "you" and verb.endswith("es") and verb[:-2].endswith(("ch", "sh", "ss", "x")):
        verb = verb[:-2]
    elif who == "you" and verb.endswith("s"):
        verb = verb[:-1]
    return f"{who} {verb}"


def _whose(clan: Any, viewer: int | None) -> str:
    """The clan's possessive: "your" but "Bisons's"."""
    who = _clan(clan, viewer)
    return "your" if who == "you" else f"{who}'s"


def _clan(x: Any, viewer: int | None) -> str:
    if not isinstance(x, int):
        return str(x)
    from .data import load

    name = load().clans.names[x] if 0 <= x < len(load().clans.names) else f"P{x}"
    return "you" if x == viewer else name


def happening_text(h: Any, viewer: int | None) -> str | None:
    """One happening in words (the events' `what` and `values`, see the game's guide)."""
    w, v = h.what, h.values

    def t(x: Any) -> str:
        return "the centre" if x == 0 else f"T{x}"

    if w == "human_card":
        return f"humans: {'a new trail' if v[0] == 'new_trail' else 'the ' + str(v[0]) + ' card'}"
    if w == "tribe" and v[0] == "destroyed":
        return f"a tribe is destroyed in {t(v[1])}"
    if w == "tribe":
        return f"a tribe appears in {t(v[1])}"
    if w == "tribe_move":
        return f"a tribe moves from {t(v[0])} to {t(v[1])}"
    if w == "tribe_attack":
        return f"{v[1]} tribe(s) attack in {t(v[0])}"
    if w == "spirit":
        return f"a spirit is {'summoned' if v[0] == 'summon' else v[0]} in {t(v[1])}" + (
            f" (die {v[2]})" if v[0] == "attack" else ""
        )
    if w == "spirit_move":
        return f"a spirit moves from {t(v[1])} to {t(v[2])}"
    if w == "population":
        return f"{_clan(v[0], viewer)}: population {'+' if v[1] >= 0 else ''}{v[1]} ({v[2]})"
    if w == "trail":
        return f"a human trail opens in {t(v[1])}"
    if w == "portal_flip":
        return "a portal fragment is turned face up"
    if w == "action":
        return f"{_says(v[0], viewer, 'chooses')} {v[1]}"
    if w == "move":
        return f"{_whose(v[0], viewer)} {v[1]} figurine moves from {t(v[2])} to {t(v[3])}"
    if w == "dice":
        return f"{_says(v[0], viewer, 'rolls')} {v[2]}"
    if w == "hit":
        return f"{_says(v[0], viewer, 'hits')} {v[1]} in {t(v[2])}"
    if w == "place_of_power":
        return f"a place of power is activated in {t(v[2])} (line {v[1]})"
    if w == "draw":
        return f"{_says(v[0], viewer, 'draws')} " + (str(v[1]) if v[1] is not None else "a card")
    if w == "generation":
        return f"{_clan(v[0], viewer)}: generation change"
    if w == "turn":
        return f"-- turn {v[1]}: {_clan(v[0], viewer)}"
    if w == "talent":
        return f"{_says(v[0], viewer, 'chooses')} the talent {str(v[1]).replace('_', ' ')}"
    if w == "talent_card":
        its = "your" if v[0] == viewer else "its"
        return f"{_says(v[0], viewer, 'discards')} {v[1]} for a talent token next to {its} {v[2]} figurine"
    if w == "token":
        return f"{_says(v[0], viewer, 'puts')} a {str(v[1]).replace('_', ' ')} token in {t(v[2])}"
    if w == "talent_used":
        return f"{_says(v[0], viewer, 'uses')} {v[3]} {str(v[1]).replace('_', ' ')} token(s) in {t(v[2])}"
    if w == "summon_blocked":
        return f"the summoning in {t(v[0])} is blocked; the tribes stay"
    if w == "protection":
        return f"{t(v[0])} is protected until the end of the turn"
    if w == "protected":
        return f"the protection in {t(v[0])} stops an attack"
    if w == "protection_bonus":
        return f"{_whose(v[0], viewer)} dice in {t(v[1])} get +{v[2]} (protection)"
    if w == "trap":
        return f"{_whose(v[0], viewer)} traps in {t(v[1])} roll {v[2]}"
    if w == "bait":
        return f"the bait in {t(v[0])} pulls in {v[1]} tribe(s)"
    if w == "bait_hold":
        return f"the bait holds {v[1]} tribe(s) in {t(v[0])}"
    if w == "trail_locked":
        return f"the trail of {t(v[0])} is locked: no tribe appears"
    if w == "end":
        return f"game over: the Ancients {v[0]} ({str(v[1]).replace('_', ' ')})"
    if w in ("answer", "acts", "play", "assist", "bonus", "market"):
        return None
    return f"{w}: " + ", ".join(str(x) for x in v)


def narration(happened: list[Any], viewer: int | None) -> list[str]:
    return [x for x in (happening_text(h, viewer) for h in happened) if x]
