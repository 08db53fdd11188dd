"""Altay's notation for people: the command a person types for each action, the sentence that
says what it does, and matching typed words back to one of the legal actions.

In words: `command_tokens(action)` is what a person types (`play Farmer 1`, `buy Worker FWS`,
`attack 6 12 Warrior`); `describe(action)` says what it does (`play Farmer: use a farmland,
produce FF`). Both work on the action's dict form too, so redacted public actions from a log
(cards shown as "hidden") read as well as full ones.

From words: `match_command(line, legal)` is forgiving: case does not matter, any unique prefix
of a word works (`pl hun` is `play Hunter`), card names may be typed with or without spaces and
parentheses (`craftsman wood`), payments in any letter order (`buy Worker SWF`), resources by
letter or name (`place food Village`), and trailing arguments may be left out when only one
legal action fits (`buy Farmer`). When several fit, the caller lists them; when none fits, the
caller explains what would be accepted.

    match_command("attack 6 12 warrior", legal) -> Match(indices=[7], ...)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
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
    kind = effect.kind
    if kind == E_PRODUCE:
        return f"produce {RESOURCES[effect.number()]}"
    if kind == E_TERRAIN:
        res, terrain = effect.pair()
        return f"use a {TERRAINS[terrain]}: produce {RESOURCES[res] * 2}"
    if kind == E_DRAW:
        return "draw 1 card"
    if kind == E_ATK:
        return f"attack {effect.number()}"
    if kind == E_DEF:
        return f"defence {effect.number()}"
    if kind == E_STORE:
        capacity, only = effect.pair()
        what = "any resource" if only < 0 else RESOURCES[only]
        return f"onto the table: stores up to {capacity} ({what})"
    if kind == E_COLLECT:
        cost, builds = effect.collect()
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


# ---------------------------------------------------------------------------- from words
RESOURCE_LETTERS = "FWMSC"
RESOURCE_WORDS = {"food": "F", "wood": "W", "metal": "M", "stone": "S", "culture": "C"}

# Action verbs as typed, and extra words a person may use for them.
VERBS = (
    "faction",
    "start",
    "play",
    "attack",
    "place",
    "release",
    "buy",
    "develop",
    "abandon",
    "settle",
    "engineering",
    "mathematics",
    "commerce",
    "philosophy",
    "religion",
    "trade",
    "end",
    "surrender",
    "fight",
)
VERB_ALIASES = {
    "choose": "faction",
    "pass": "end",
    "done": "end",
    "defend": "fight",
    "acquire": "buy",
    "trash": "engineering",
    "discard": "mathematics",
    "move": "religion",
    "build": "settle",
}

WORD, NUM, LETTERS = "word", "num", "letters"


@dataclass(frozen=True)
class Slot:
    kind: str  # WORD (prefix match), NUM (exact), LETTERS (resources, any order)
    value: str


@dataclass(frozen=True)
class Form:
    """One way to type an action: its verb, fixed slots, then an optional multiset of cards."""

    verb: str
    slots: tuple[Slot, ...]
    cards: tuple[str, ...] | None = None  # a trailing multiset (attack, fight, surrender, end)


@dataclass
class Match:
    """The outcome: `indices` of the best-fitting legal actions (one = a clear choice)."""

    indices: list[int] = field(default_factory=list)
    verb_known: bool = False  # the first word was an action verb or alias

    @property
    def unique(self) -> bool:
        return len(self.indices) == 1


def norm(text: str) -> str:
    """Lower case, letters and digits only: 'Chariot (2 VP)' -> 'chariot2vp'."""
    return re.sub(r"[^0-9a-z]", "", text.lower())


def letters(text: str) -> str | None:
    """A resource string in canonical F W M S C order, or None if it is not one."""
    word = RESOURCE_WORDS.get(text.lower())
    if word:
        return word
    up = text.upper()
    if not up or any(ch not in RESOURCE_LETTERS for ch in up):
        return None
    return "".join(sorted(up, key=RESOURCE_LETTERS.index))


def forms(action: Action) -> list[Form]:
    d = action_to_builtins(action)
    kind = d["type"]

    def w(v: str) -> Slot:
        return Slot(WORD, v)

    def n(v: int) -> Slot:
        return Slot(NUM, str(v))

    def r(v: str) -> Slot:
        return Slot(LETTERS, v)

    if kind == "faction":
        return [Form(kind, (w(d["faction"]),))]
    if kind in ("start", "settle"):
        return [Form(kind, (n(d["territory"]),))]
    if kind == "play":
        slots = [w(d["card"]), n(d["effect"])]
        if d["resource"]:
            slots.append(r(d["resource"]))
        out = [Form(kind, tuple(slots))]
        if d["resource"] and len(title_effects(d["card"])) > 1:
            out.append(Form(kind, (w(d["card"]), r(d["resource"]))))  # `play Shaman W`
        return out
    if kind == "attack":
        return [Form(kind, (n(d["from"]), n(d["to"])), tuple(d["cards"]))]
    if kind == "place":
        return [
            Form(kind, (r(d["resource"]), w(d["on"]))),
            Form(kind, (w(d["on"]), r(d["resource"]))),
        ]
    if kind in ("release", "engineering", "mathematics"):
        return [Form(kind, (w(d["card"]),))]
    if kind == "buy":
        return [Form(kind, (w(d["card"]), r(d["pay"])))]
    if kind == "develop":
        return [Form(kind, (w(d["achievement"]), r(d["resource"])))]
    if kind == "commerce":
        return [Form(kind, (r(d["spend"]), r(d["gain"])))]
    if kind == "religion":
        return [Form(kind, (n(d["from"]), n(d["to"])))]
    if kind == "trade":
        return [Form(kind, (r(d["resource"]),))]
    if kind == "end":
        return [Form(kind, (), (d["archive"],) if d["archive"] else ())]
    if kind == "surrender":
        return [Form(kind, (), tuple(d["discard"]))]
    if kind == "fight":
        return [Form(kind, (), tuple(d["cards"]))]
    return [Form(kind, ())]


def _word_prefixes(tokens: list[str], i: int, value: str) -> Iterator[tuple[int, bool]]:
    """Ways the tokens from i on can spell a prefix of `value`: (next index, exact)."""
    target = norm(value)
    joined = ""
    for k in range(i, len(tokens)):
        joined += norm(tokens[k])
        if not joined or not target.startswith(joined):
            return
        yield k + 1, joined == target


def _match_cards(tokens: list[str], i: int, cards: list[str]) -> Iterator[tuple[bool, bool]]:
    """Match the remaining tokens to distinct cards of the multiset: (all used, all exact)."""
    if i == len(tokens):
        yield not cards, True
        return
    tried: set[str] = set()
    for ci, card in enumerate(cards):
        if card in tried:
            continue
        tried.add(card)
        rest = cards[:ci] + cards[ci + 1 :]
        for j, exact in _word_prefixes(tokens, i, card):
            for complete, all_exact in _match_cards(tokens, j, rest):
                yield complete, exact and all_exact


def _match_slots(tokens: list[str], i: int, form: Form, si: int) -> Iterator[tuple[bool, bool]]:
    """Yield (complete, exact) for every way the tokens fit the form from slot si on."""
    slots = form.slots
    if i == len(tokens):
        yield si == len(slots) and not form.cards, True
        return
    if si == len(slots):
        if form.cards is not None:
            yield from _match_cards(tokens, i, list(form.cards))
        return
    slot = slots[si]
    if slot.kind == NUM:
        if tokens[i] == slot.value:
            yield from _match_slots(tokens, i + 1, form, si + 1)
    elif slot.kind == LETTERS:
        if letters(tokens[i]) == slot.value:
            yield from _match_slots(tokens, i + 1, form, si + 1)
    else:
        for j, exact in _word_prefixes(tokens, i, slot.value):
            for complete, rest_exact in _match_slots(tokens, j, form, si + 1):
                yield complete, exact and rest_exact


def _fit(tokens: list[str], form: Form) -> tuple[bool, bool] | None:
    results = list(_match_slots(tokens, 0, form, 0))
    return max(results) if results else None


def verbs_for(word: str) -> list[str]:
    """Action verbs the word may mean: an alias, or every verb it is a prefix of."""
    w = word.lower()
    if w in VERB_ALIASES:
        return [VERB_ALIASES[w]]
    if w in VERBS:
        return [w]
    return [v for v in VERBS if v.startswith(w)]


def tokenize(line: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", line.strip()) if t]


def match_command(line: str, legal: list[Action], action_forms: list[list[Form]] | None = None) -> Match:
    """Match a typed command against the legal actions; see the module docstring."""
    tokens = tokenize(line)
    if not tokens:
        return Match()
    all_forms = action_forms if action_forms is not None else [forms(a) for a in legal]
    verbs = verbs_for(tokens[0])
    if verbs:
        best = _best(tokens[1:], all_forms, set(verbs))
        if best.indices:
            best.verb_known = True
            return best
        return Match(verb_known=True)
    return _best(tokens, all_forms, None)  # no verb: match the arguments of any action


def _best(tokens: list[str], all_forms: list[list[Form]], verbs: set[str] | None) -> Match:
    scored: list[tuple[tuple[bool, bool], int]] = []
    for index, action_forms in enumerate(all_forms):
        tried = (_fit(tokens, f) for f in action_forms if verbs is None or f.verb in verbs)
        fits = [fit for fit in tried if fit is not None]
        if fits:
            scored.append((max(fits), index))
    if not scored:
        return Match()
    top = max(key for key, _ in scored)
    return Match(indices=[index for key, index in scored if key == top])
