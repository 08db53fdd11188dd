"""Turn what a person types into one of the legal actions.

Matching is forgiving: case does not matter, any unique prefix of a word works (`pl hun` is
`play Hunter`), card names may be typed with or without spaces and parentheses
(`craftsman wood`), payments in any letter order (`buy Worker SWF`), resources by letter or
name (`place food Village`), and trailing arguments may be left out when only one legal
action fits (`buy Farmer`). When several fit, the caller lists them; when none fits, the
caller explains what would be accepted.

    match_command("attack 6 12 warrior", legal) -> Match(indices=[7], ...)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .actions import Action, action_to_builtins
from .describe import title_effects

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
        fits = [_fit(tokens, f) for f in action_forms if verbs is None or f.verb in verbs]
        fits = [f for f in fits if f is not None]
        if fits:
            scored.append((max(fits), index))
    if not scored:
        return Match()
    top = max(key for key, _ in scored)
    return Match(indices=[index for key, index in scored if key == top])
