"""Innovation's notation for people: commands they type (`meld Archery`, `dogma oars`, `pass`,
`red`, `player 2`), the sentences `describe` writes, and what a step did, in words.

Any unique prefix of a command word or card title works, case and punctuation ignored
("do the wh" = dogma The Wheel). A card title alone answers a decision that asks for a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ..api import AmbiguousCommand, IllegalCommand, InvalidCommand
from .actions import (
    HIDDEN,
    Achieve,
    Dogma,
    Draw,
    FirstMeld,
    Meld,
    Pass,
    PickBlind,
    PickCard,
    PickColor,
    PickColors,
    PickOption,
    PickPlayer,
    PickValue,
    Yes,
    action_from_builtins,
    canonical,
)
from .events import Happening, StepEvent
from .tables import COLOR_NAMES, card_id, title_key
from .texts import effect_is_demand

VERBS = (
    "draw",
    "meld",
    "achieve",
    "dogma",
    "first",
    "card",
    "pass",
    "yes",
    "color",
    "colors",
    "player",
    "value",
    "option",
    "blind",
)

HELP = """\
  draw                 draw a card (the value of your highest top card)
  meld Archery         meld a card from your hand (any unique prefix: `m arch`)
  achieve 3            claim the age-3 achievement (score >= 15 and a top card of 3 or more)
  dogma Oars           execute a top card's dogma effects (`do oars`)
  first Archery        set-up: the card you meld first (`meld Archery` works too)
When a card's effect asks you something:
  Archery              a card (or `card Archery`)      pass     decline, or stop picking cards
  yes                  do the optional step             red      a colour (`color red`)
  colors red blue      two colours                      player 2 a player
  value 5              a value                          option a one of the named choices
  blind 1 5            a card of player 1's hidden zone, by its age (the engine picks which)"""


def command_text(action: Any) -> str:
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Meld):
        return f"meld {action.card}"
    if isinstance(action, Achieve):
        return f"achieve {action.age}"
    if isinstance(action, Dogma):
        return f"dogma {action.card}"
    if isinstance(action, FirstMeld):
        return f"first {action.card}"
    if isinstance(action, PickCard):
        return f"card {action.card}"
    if isinstance(action, PickColor):
        return f"color {action.color}"
    if isinstance(action, PickColors):
        return f"colors {action.colors[0]} {action.colors[1]}"
    if isinstance(action, PickPlayer):
        return f"player {action.player}"
    if isinstance(action, PickValue):
        return f"value {action.value}"
    if isinstance(action, PickOption):
        return f"option {action.option}"
    if isinstance(action, PickBlind):
        return f"blind {action.player} {action.age}"
    if isinstance(action, Yes):
        return "yes"
    if isinstance(action, Pass):
        return "pass"
    raise TypeError(f"not an Innovation action: {action!r}")


def describe(action: Any) -> str:
    """A short sentence (the subject is the player): "melds Archery"."""
    if isinstance(action, StepEvent):
        action = action.action
    if isinstance(action, dict):
        action = action_from_builtins(action)
    if isinstance(action, Draw):
        return "draws"
    if isinstance(action, Meld):
        return f"melds {action.card}"
    if isinstance(action, Achieve):
        return f"achieves the age-{action.age} achievement"
    if isinstance(action, Dogma):
        return f"executes the dogma of {action.card}"
    if isinstance(action, FirstMeld):
        return "picks a first card to meld" if action.card == HIDDEN else f"picks {action.card} to meld first"
    if isinstance(action, PickCard):
        return "chooses a card" if action.card == HIDDEN else f"chooses {action.card}"
    if isinstance(action, PickColor):
        return f"chooses {action.color}"
    if isinstance(action, PickColors):
        return f"chooses {action.colors[0]} and {action.colors[1]}"
    if isinstance(action, PickPlayer):
        return f"chooses P{action.player}"
    if isinstance(action, PickValue):
        return f"chooses the value {action.value}"
    if isinstance(action, PickOption):
        return f"chooses option {action.option}"
    if isinstance(action, PickBlind):
        return f"chooses a card of value {action.age} of P{action.player}'s, unseen"
    if isinstance(action, Yes):
        return "says yes"
    if isinstance(action, Pass):
        return "passes"
    return str(action)


# ---------------------------------------------------------------------------- parsing
def _forms(action: Any) -> list[tuple[str, str]]:
    """(verb, argument) pairs that name the action; the argument is title_key'd."""
    if isinstance(action, Draw):
        return [("draw", "")]
    if isinstance(action, Meld):
        return [("meld", title_key(action.card))]
    if isinstance(action, Achieve):
        return [("achieve", str(action.age))]
    if isinstance(action, Dogma):
        return [("dogma", title_key(action.card))]
    if isinstance(action, FirstMeld):
        return [("first", title_key(action.card)), ("meld", title_key(action.card))]
    if isinstance(action, PickCard):
        return [("card", title_key(action.card)), ("", title_key(action.card))]
    if isinstance(action, PickColor):
        return [("color", action.color), ("", action.color)]
    if isinstance(action, PickColors):
        a, b = action.colors
        return [("colors", a + b), ("colors", b + a), ("", a + b), ("", b + a)]
    if isinstance(action, PickPlayer):
        return [("player", str(action.player)), ("", f"p{action.player}")]
    if isinstance(action, PickValue):
        return [("value", str(action.value))]
    if isinstance(action, PickOption):
        return [("option", title_key(action.option))]
    if isinstance(action, PickBlind):
        return [("blind", f"{action.player}{action.age}")]
    if isinstance(action, Yes):
        return [("yes", "")]
    if isinstance(action, Pass):
        return [("pass", ""), ("no", ""), ("done", "")]
    return []


def _echo(text: str) -> str:
    """What was typed, shown back (a long line cut short)."""
    return text if len(text) <= 60 else text[:57] + "..."


def parse(legal: list[Any] | tuple[Any, ...], text: str, forms: list[Any] | None = None) -> int:
    """The index in `legal` of the action `text` names (see the module's docstring); `forms`:
    each action's `_forms`, when computed already."""
    raw = text.strip()
    if not raw:
        raise InvalidCommand("type a command; `help` lists them")
    if raw.startswith("{"):
        return _parse_json(legal, raw)
    words = raw.lower().split()
    verb, rest = words[0], title_key("".join(words[1:]))
    whole = title_key(raw)
    exact: list[int] = []
    prefix: list[int] = []
    if forms is None:
        forms = [_forms(action) for action in legal]
    for i, action_forms in enumerate(forms):
        hit = None
        for form_verb, arg in action_forms:
            if form_verb:
                if not form_verb.startswith(verb):
                    continue
                probe = rest
            else:
                probe = whole
            if not probe and arg and form_verb:
                hit = hit or "prefix"
                continue
            if probe == arg:
                hit = "exact"
                break
            if probe and arg.startswith(probe):
                hit = hit or "prefix"
        if hit == "exact":
            exact.append(i)
        elif hit == "prefix":
            prefix.append(i)
    found = exact or prefix
    if len(found) == 1:
        return found[0]
    if found:
        options = ", ".join(command_text(legal[i]) for i in found[:8])
        more = "" if len(found) <= 8 else f" and {len(found) - 8} more"
        raise AmbiguousCommand(f"`{_echo(raw)}` could be: {options}{more}", found)
    verbs = {v for f in forms for v, _ in f if v}
    if not any(v.startswith(verb) for v in VERBS) and not any(
        whole and arg.startswith(whole) for f in forms for v, arg in f if not v
    ):
        raise InvalidCommand(
            f"`{_echo(raw)}` is not a command; now you can: {', '.join(sorted(verbs)) or 'nothing'}"
            " (`help` explains)"
        )
    shown = ", ".join(command_text(a) for a in legal[:12])
    more = "" if len(legal) <= 12 else f", ... ({len(legal)} in all)"
    raise IllegalCommand(f"`{_echo(raw)}` is not legal now; legal: {shown}{more}")


@cache
def universe(setup: bool) -> tuple[Any, ...]:
    """Every action Innovation has in the set-up (the first melds) or in play (the rest), legal
    or not, for naming an illegal one (`why`)."""
    from itertools import combinations

    from .tables import NAME

    out: list[Any] = [Draw(), Yes(), Pass()]
    for name in NAME:  # `meld X` is the first meld in the set-up, a Meld action after it
        out += [FirstMeld(name) if setup else Meld(name), Dogma(name), PickCard(name)]
    out += [Achieve(age) for age in range(1, 11)]
    out += [PickColor(c) for c in COLOR_NAMES]
    out += [PickColors((a, b)) for a, b in combinations(COLOR_NAMES, 2)]
    out += [PickPlayer(p) for p in range(4)]
    out += [PickValue(v) for v in range(1, 11)]
    out += [PickOption(o) for o in ("a", "b")]
    out += [PickBlind(p, age) for p in range(4) for age in range(1, 11)]
    return tuple(out)


@cache
def _universe_forms(setup: bool) -> list[Any]:
    return [_forms(action) for action in universe(setup)]


def interpret(text: str, setup: bool = False) -> Any:
    """The action `text` names among every action of the game's set-up (`setup`) or of its
    play, legal now or not; InvalidCommand or AmbiguousCommand (a NotationError) when it names
    none or several."""
    actions = universe(setup)
    return actions[parse(actions, text, _universe_forms(setup))]


def _parse_json(legal: Sequence[Any], raw: str) -> int:
    import msgspec

    try:
        action = canonical(action_from_builtins(msgspec.json.decode(raw.encode())))
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError) as exc:
        raise InvalidCommand(f"not an Innovation action: {exc}") from None
    if action in legal:
        return legal.index(action)
    raise IllegalCommand(f"`{command_text(action)}` is not legal now")


# ---------------------------------------------------------------------------- what happened
def _who(p: int | None, viewer: int | None) -> str:
    if p is None:
        return "someone"
    return "you" if p == viewer else f"P{p}"


def _many(players: list[int] | None, viewer: int | None) -> str:
    names = [_who(p, viewer) for p in players or []]
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _card(h: Happening) -> str:
    return h.card if h.card is not None else f"a {h.age}"


def _zone(zone: str | None, owner: int | None, viewer: int | None) -> str:
    if zone is None:
        return "somewhere"
    if owner is None:
        return {
            "supply": "the supply",
            "available": "the achievements on the table",
            "removed": "the box",
        }.get(zone, "the table")
    whose = "your" if owner == viewer else f"P{owner}'s"
    name = {"hand": "hand", "score": "score pile", "board": "board", "achievements": "achievements"}.get(
        zone, "cards"
    )
    return f"{whose} {name}"


def _possessive(name: str | None) -> str:
    name = name or "a card"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


END_WORDS = {
    "achievements": "the achievements needed were reached",
    "draw_above_10": "a draw above 10: the highest score wins",
    "turn_limit": "the turn limit: the highest score wins",
}


def happening_text(h: Happening, viewer: int | None, first_edition: bool = False) -> str | None:
    who = _who(h.player, viewer)
    w = h.what
    if w == "draw":
        return f"{who} drew {_card(h)}"
    if w in ("meld", "tuck", "score"):
        past = {"meld": "melded", "tuck": "tucked", "score": "scored"}[w]
        src = (
            ""
            if h.from_zone == "hand" and h.from_player == h.player
            else f" from {_zone(h.from_zone, h.from_player, viewer)}"
        )
        dest = "" if h.to_player == h.player else f" to {_zone(h.to_zone, h.to_player, viewer)}"
        return f"{who} {past} {_card(h)}{src}{dest}"
    if w == "return":
        return f"{who} returned {_card(h)} from {_zone(h.from_zone, h.from_player, viewer)} to the supply"
    if w in ("transfer", "exchange"):
        verb = "transferred" if w == "transfer" else "exchanged"
        return (
            f"{who} {verb} {_card(h)} from {_zone(h.from_zone, h.from_player, viewer)}"
            f" to {_zone(h.to_zone, h.to_player, viewer)}"
        )
    if w == "achieve":
        return f"{who} achieved the age-{h.age} achievement"
    if w == "remove":
        return f"{_card(h)} of {_zone(h.from_zone, h.from_player, viewer)} was removed from the game"
    if w == "reveal":
        return f"{who} revealed {h.card}"
    if w == "proof":
        return f"{who} showed {h.card} (to prove that no card could be picked)"
    if w == "splay":
        return f"{who} splayed {h.color} {h.splay}" if h.splay != "none" else f"{who} unsplayed {h.color}"
    if w == "order":
        return f"{who} put the {h.color} pile in a new order"
    if w == "claim":
        return f"{who} claimed the special achievement {h.special}"
    if w == "dogma":
        verb = "execute" if who == "you" else "executes"
        text = f"{who} {verb} the dogma of {h.card} (featured icon {h.icon})"
        parts = []
        demands = effect_is_demand(card_id(h.card), first_edition) if h.card is not None else ()
        if any(demands):
            parts.append(f"its demand reaches {_many(h.vulnerable, viewer)}")
        if demands and not all(demands):
            parts.append(f"shared by {_many(h.sharing, viewer)}")
        return text + (": " + "; ".join(parts) if parts else "")
    if w == "effect":
        n = (h.effect or 0) + 1
        verb = "carry out" if who == "you" else "carries out"
        kind = "demand" if h.demand else "effect"
        return f"{who} {verb} {_possessive(h.card)} {kind} {n}"
    if w == "self":
        verb = "execute" if who == "you" else "executes"
        return f"{who} {verb} {_possessive(h.card)} non-demand effects alone"
    if w == "free_draw":
        verb = "take" if who == "you" else "takes"
        return f"{who} {verb} the free draw (a player who shared changed something)"
    if w == "turn":
        whose = "your" if who == "you" else f"{who}'s"
        return f"{whose} turn begins ({h.actions} action{'s' if h.actions != 1 else ''})"
    if w == "end":
        why = END_WORDS.get(h.reason or "", f"{h.card or 'a card'} won it")
        won = _many(h.winners, viewer)
        return f"game over ({why}): {won} won"
    return None


def narration(happened: list[Happening], viewer: int | None, first_edition: bool = False) -> list[str]:
    return [t for t in (happening_text(h, viewer, first_edition) for h in happened) if t]


COLORS = COLOR_NAMES
