"""What to tell a person whose command fits no legal action, or fits several.

When the words name one action clearly but it is not legal, the engine says why (its
IllegalAction reason); the message then lists the legal actions of the same kind, or what
kinds are possible at all, so the person knows what would be accepted.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..api import IllegalAction
from .actions import Action, action_from_builtins
from .notation import Match, command_text, describe, letters, norm, tokenize, verbs_for
from .state import GameState

MAX_LISTED = 12

# How many words after the verb name an action well enough to ask the engine what is wrong.
REQUIRED_WORDS = {
    "faction": 1,
    "start": 1,
    "play": 1,
    "attack": 3,
    "place": 2,
    "release": 1,
    "buy": 1,
    "develop": 1,
    "settle": 1,
    "engineering": 1,
    "mathematics": 1,
    "commerce": 2,
    "religion": 2,
    "trade": 1,
}


def ambiguity(line: str, m: Match, legal: list[Action]) -> tuple[str, list[dict[str, Any]]]:
    """The message and the candidate actions (index, command, text) for an ambiguous command."""
    options = [{"index": i, "command": command_text(legal[i]), "text": describe(legal[i])} for i in m.indices]
    return f"{line!r} matches {len(options)} legal actions; type one of these (or its number):", options


def no_match(line: str, m: Match, state: GameState) -> str:
    """Why a command selects nothing, and what would be accepted instead."""
    legal = state.legal_actions()
    tokens = tokenize(line)
    if not m.verb_known:
        return (
            f"unknown command {tokens[0]!r}: type an action (play, buy, place, develop, attack, "
            f"settle, end, ...), a number 0 to {len(legal) - 1}, or `help`"
        )
    reason = engine_reason(tokens, state)
    verbs = set(verbs_for(tokens[0]))
    kind = "/".join(sorted(verbs))
    same_verb = [command_text(a) for a in legal if command_text(a).split()[0] in verbs]
    if reason:
        msg = f"{line!r}: {reason}"
    elif same_verb:
        msg = f"{line!r} is not one of the legal actions"
    else:
        msg = f"{line!r}: no {kind} action is legal now"
    if same_verb:
        msg += f". Legal {kind} actions now: {', '.join(same_verb[:MAX_LISTED])}"
        if len(same_verb) > MAX_LISTED:
            msg += f", ... ({len(same_verb)} in all; type `actions`)"
    else:
        msg += f". Possible now: {action_kinds(legal)} (type `actions` for the numbered list)"
    return msg


def action_kinds(legal: list[Action]) -> str:
    """'play, attack, buy, end': the verbs of the legal actions, in list order."""
    verbs: list[str] = []
    for a in legal:
        v = command_text(a).split()[0]
        if v not in verbs:
            verbs.append(v)
    return ", ".join(verbs)


def engine_reason(tokens: list[str], state: GameState) -> str | None:
    """Why the engine refuses the action these words most likely mean (None if unclear)."""
    guess = action_from_words(tokens)
    if guess is None:
        return None
    try:
        state.clone().apply(action_from_builtins(guess))
    except IllegalAction as exc:
        return exc.reason
    except msgspec.ValidationError:
        return None
    return None  # it was legal after all (the matcher would have found it)


def _resolve(words: list[str], names: list[str]) -> str:
    """The name the words most likely mean (exact, else first prefix match), else the words."""
    typed = norm("".join(words))
    if not typed:
        return "?"
    found = [x for x in names if norm(x).startswith(typed)]
    exact = [x for x in found if norm(x) == typed]
    return (exact or found or [" ".join(words)])[0]


def _resolve_cards(words: list[str], names: list[str]) -> list[str]:
    return [_resolve([w], names) for w in words]


def _int(word: str | None) -> int:
    return int(word) if word is not None and word.lstrip("-").isdecimal() else -1


def _split_letters(args: list[str], last: bool) -> tuple[list[str], str | None]:
    """Take a resource word off the end (last=True) or the front of the arguments."""
    if not args:
        return args, None
    word = args[-1] if last else args[0]
    found = letters(word) if len(args) > 1 or not last else None
    if found is None:
        return args, None
    return (args[:-1] if last else args[1:]), found


def action_from_words(tokens: list[str]) -> dict[str, Any] | None:
    """Best-effort action dict from typed words, only used to ask the engine why it is refused.

    Returns None when the words do not name one action type clearly.
    """
    from .data import ACHIEVEMENTS, FACTIONS, KINDS, TITLES

    if not tokens:
        return None
    verbs = verbs_for(tokens[0])
    if len(verbs) != 1:
        return None
    verb, args = verbs[0], tokens[1:]
    if len(args) < REQUIRED_WORDS.get(verb, 0):
        return None  # too little to tell what was meant: the caller lists the options instead
    titles = [t.name for t in TITLES]
    combat = ["Warrior", "Cavalry", "Chariot"]
    first = args[0] if args else None
    second = args[1] if len(args) > 1 else None
    if verb == "play":
        effect = 0
        if len(args) > 1 and args[-1].isdecimal():
            effect, args = int(args[-1]), args[:-1]
        return {"type": "play", "card": _resolve(args, titles), "effect": effect}
    if verb in ("settle", "start"):
        return {"type": verb, "territory": _int(first)}
    if verb in ("attack", "religion"):
        d: dict[str, Any] = {"type": verb, "from": _int(first), "to": _int(second)}
        if verb == "attack":
            d["cards"] = _resolve_cards(args[2:], combat)
        return d
    if verb == "buy":
        args, pay = _split_letters(args, last=True)
        return {"type": "buy", "card": _resolve(args, titles), "pay": pay or ""}
    if verb == "develop":
        args, resource = _split_letters(args, last=True)
        names = [a.name for a in ACHIEVEMENTS]
        return {"type": "develop", "achievement": _resolve(args, names), "resource": resource or "F"}
    if verb == "place":
        rest, resource = _split_letters(args, last=False)
        if resource is None:
            rest, resource = _split_letters(args, last=True)
        return {"type": "place", "resource": resource or "?", "on": _resolve(rest, [*titles, "achievement"])}
    if verb in ("release", "mathematics"):
        return {"type": verb, "card": _resolve(args, titles)}
    if verb == "engineering":
        return {"type": verb, "card": _resolve(args, [k.name for k in KINDS])}
    if verb in ("abandon", "philosophy"):
        return {"type": verb}
    if verb == "faction":
        return {"type": verb, "faction": _resolve(args, list(FACTIONS))}
    if verb == "commerce":
        return {"type": verb, "spend": letters(first or "") or "?", "gain": letters(second or "") or "?"}
    if verb == "trade":
        return {"type": verb, "resource": letters(first or "") or "?"}
    if verb == "end":
        return {"type": verb, "archive": _resolve(args, titles) if args else None}
    if verb == "fight":
        return {"type": verb, "cards": _resolve_cards(args, combat)}
    if verb == "surrender":
        return {"type": verb, "discard": _resolve_cards(args, titles)}
    return None
