"""Actions in words: a readable description and the short text command that selects each one.

`command_tokens(action)` is what a person types (`play Farmer 1`, `buy Worker FWS`,
`attack 6 12 Warrior`); `describe(action)` says what it does (`play Farmer: use a farmland,
produce FF`). Both work on the action's dict form too, so redacted public actions from a log
(cards shown as "hidden") read as well as full ones.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, action_to_builtins
from .data import (
    E_ATK,
    E_COLLECT,
    E_DEF,
    E_DRAW,
    E_PRODUCE,
    E_SETTLER_FILL,
    E_SHAMAN,
    E_STORE,
    E_TERRAIN,
    RESOURCES,
    TERRAINS,
    TITLE_INDEX,
    TITLES,
    Effect,
)

HIDDEN = "hidden"


def effect_text(effect: Effect) -> str:
    """One card effect in words, e.g. 'use a farmland: produce FF'."""
    kind, arg = effect.kind, effect.arg
    if kind == E_PRODUCE:
        return f"produce {RESOURCES[arg]}"  # type: ignore[index]
    if kind == E_TERRAIN:
        res, terrain = arg  # type: ignore[misc]
        return f"use a {TERRAINS[terrain]}: produce {RESOURCES[res] * 2}"
    if kind == E_DRAW:
        return "draw 1 card"
    if kind == E_ATK:
        return f"attack {arg}"
    if kind == E_DEF:
        return f"defence {arg}"
    if kind == E_STORE:
        capacity, only = arg  # type: ignore[misc]
        what = "any resource" if only < 0 else RESOURCES[only]
        return f"onto the table: stores up to {capacity} ({what})"
    if kind == E_COLLECT:
        cost, builds = arg  # type: ignore[misc]
        s = "s" if builds > 1 else ""
        return f"onto the table: collect {cost.text()}, then build {builds} settlement{s}"
    if kind == E_SETTLER_FILL:
        return "use a farmland to fill one of your Villages"
    if kind == E_SHAMAN:
        return "consume a captured marker: produce any resource"
    return kind


def title_effects(card: str) -> tuple[Effect, ...]:
    t = TITLE_INDEX.get(card)
    return TITLES[t].effects if t is not None else ()


def _as_dict(action: Action | dict[str, Any]) -> dict[str, Any]:
    return action if isinstance(action, dict) else action_to_builtins(action)


def _cards(cards: list[str] | tuple[str, ...]) -> str:
    return " + ".join(cards) if cards else "no cards"


def command_tokens(action: Action | dict[str, Any]) -> list[str]:
    """The words a person types to select this action (the parser accepts exactly these)."""
    d = _as_dict(action)
    kind = d["type"]
    if kind == "faction":
        return ["faction", d["faction"]]
    if kind in ("start", "settle"):
        return [kind, str(d["territory"])]
    if kind == "play":
        out = ["play", d["card"]]
        if len(title_effects(d["card"])) > 1 or d.get("resource"):
            out.append(str(d.get("effect", 0)))
        if d.get("resource"):
            out.append(d["resource"])
        return out
    if kind == "attack":
        return ["attack", str(d["from"]), str(d["to"]), *d["cards"]]
    if kind == "place":
        return ["place", d["resource"], d["on"]]
    if kind in ("release", "engineering", "mathematics"):
        return [kind, d["card"]]
    if kind == "buy":
        return ["buy", d["card"], d["pay"]]
    if kind == "develop":
        return ["develop", d["achievement"], d["resource"]]
    if kind == "commerce":
        return ["commerce", d["spend"], d["gain"]]
    if kind == "religion":
        return ["religion", str(d["from"]), str(d["to"])]
    if kind == "trade":
        return ["trade", d["resource"]]
    if kind == "end":
        return ["end"] if d.get("archive") is None else ["end", d["archive"]]
    if kind == "surrender":
        return ["surrender", *d.get("discard", ())]
    if kind == "fight":
        return ["fight", *d.get("cards", ())]
    return [kind]  # abandon, philosophy


def command_text(action: Action | dict[str, Any]) -> str:
    return " ".join(command_tokens(action))


def describe(action: Action | dict[str, Any]) -> str:
    """What the action does, in words (for action lists, echoes and `replay --show`)."""
    d = _as_dict(action)
    kind = d["type"]
    if kind == "faction":
        return f"take the {d['faction']} faction"
    if kind == "start":
        return f"start on farmland {d['territory']}"
    if kind == "settle":
        return f"place a settlement on territory {d['territory']}"
    if kind == "play":
        effects = title_effects(d["card"])
        i = d.get("effect", 0)
        what = effect_text(effects[i]) if 0 <= i < len(effects) else f"effect {i}"
        if d.get("resource"):
            what += f" ({d['resource']})"
        return f"play {d['card']}: {what}"
    if kind == "attack":
        return f"attack from {d['from']} to {d['to']} with {_cards(d['cards'])}"
    if kind == "place":
        target = "the achievement in development" if d["on"] == "achievement" else d["on"]
        return f"place {d['resource']} on {target}"
    if kind == "release":
        return f"release {d['card']}: its resources back to the pool"
    if kind == "buy":
        return f"buy {d['card']} paying {d['pay']}"
    if kind == "develop":
        return f"start developing {d['achievement']}, placing {d['resource']}"
    if kind == "abandon":
        return "abandon the technology in development"
    if kind == "engineering":
        return f"Engineering: trash {_card(d['card'])} from hand, draw 1"
    if kind == "mathematics":
        return f"Mathematics: discard {_card(d['card'])}, draw 1"
    if kind == "commerce":
        return f"Commerce: spend {d['spend']}, produce {d['gain']}"
    if kind == "philosophy":
        return "Philosophy: produce C"
    if kind == "religion":
        return f"Religion: move a settlement from {d['from']} to {d['to']}"
    if kind == "trade":
        return f"trade 5 coins for {d['resource']}"
    if kind == "end":
        archive = d.get("archive")
        return "end the turn" if archive is None else f"end the turn, archiving {_card(archive)}"
    if kind == "surrender":
        discard = d.get("discard", ())
        if not discard:
            return "surrender"
        return f"surrender, discarding {_cards([_card(c) for c in discard])} (then draw as many)"
    if kind == "fight":
        return f"fight with {_cards(d.get('cards', ()))}"
    return kind


def _card(name: str) -> str:
    return "a hidden card" if name == HIDDEN else name
