"""`why ACTION` and `explain_illegal`: the rule (or card) that asks the decision being made, what
an answer does, and for an answer that is not legal the condition it fails, in words.

`parse_any` reads any command of the notation into an action, legal or not, so that `why` can
say why a command that names no legal action fails (the notation's `parse` only knows the legal
list). Every decision kind (`decision.purpose`) has its rule here (`RULES`), and every action
type its checks (`_reasons`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import msgspec

from ..api import AmbiguousCommand, NotationError
from . import ancients, generation, machine
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
from .narration import card_words, listing, number_words, talent_words
from .notation import command_text, describe, parse
from .observe import _frame, attack_roll, moving, playing
from .state import ACTIONS, COLORS, OFF, GameState, Phase
from .tables import Tables
from .vocabulary import CARD_NAMES, TALENT_NAMES, AdaptChoice, CardName, TalentName, values

#: the rule behind each decision kind (`decision.purpose`), with its ruling where one applies
RULES = {
    "start": (
        "set-up (M60): each clan in seat order picks the {start} of its four figurines that start in the"
        " centre; the other two wait off the field"
    ),
    "talent": (
        "set-up with the advanced talents (M63): each clan in seat order picks a talent that no clan"
        " holds yet, and takes its tokens (M15)"
    ),
    "action": (
        "the Ancients' phase of your turn: you take one action (move, attack, population, development,"
        " degradation, or activate a place of power), paid with cards played on your figurines"
        " (M30: you may pass)"
    ),
    "extra": (
        "after an action, an extra-action card may be discarded for one more action, different from"
        " every action taken this turn (M43)"
    ),
    "figurine": (
        "an action goes figurine by figurine: each of your figurines on the field that has not acted in"
        " this action may take part, if your hand holds a card it can use; pass ends the action"
    ),
    "card": (
        "cards are played on the figurine one at a time: a card of the action's colour or of the colour"
        " of the figurine's territory (wild counts as any colour, double as two, extra-action as one);"
        " the first card is required (M31), then pass starts the effect"
    ),
    "assist": (
        "allies help: a clan with a figurine in the same or an adjacent territory may add cards of the"
        " action's colour (M34, M48); for the degradation action, a clan in the same or a neighbouring"
        " region may discard degradation cards (M35)"
    ),
    "line": (
        "activating a place of power: choose the portal line whose place goes in this territory; every"
        " condition of that line on the open fragments must be met here (M46)"
    ),
    "step": (
        "a move: each point (the cards on the figurine, its bonus if it is green, the allies' cards) is"
        " one step to an adjacent territory; in each territory it may pick up one face-up shard or put"
        " down the one it carries, once (M41); pass stops the move"
    ),
    "reroll": (
        "an attack's dice: mark any dice, then roll them again for one population (M38: only while the"
        " population stays at or above the loss limit); pass keeps the dice"
    ),
    "hit": (
        "an attack's successes: a die at the tribe threshold destroys a tribe, a spirit needs its card's"
        " dice at once; the smallest dice that do it are spent (M39); pass ends the attack"
    ),
    "adapt": (
        "development: each point moves the degradation marker while it is below the number of your"
        " figurines on the field; past that, each point takes an adaptation card (M33), which you may"
        " decline"
    ),
    "degradation": (
        "the degradation action: degradation cards are played from the hand to get rid of them; the"
        " first is required (M49), then allies may discard theirs"
    ),
    "discard": (
        "the end of your turn: discard any cards but degradation cards (M55), then draw up to the hand"
        " size; pass stops discarding"
    ),
    "place": (
        "a generation change (your deck ran out): the population check; the population supports one"
        " figurine per {per} (M12); each missing figurine is placed in the centre, or where one of your"
        " figurines stands or next to it (M52); this is compulsory (M59)"
    ),
    "remove": (
        "a generation change (your deck ran out): the population check; the population supports one"
        " figurine per {per} (M12); each figurine above that leaves the field; this is compulsory (M59)"
    ),
    "swap": (
        "a generation change: respecialisation; two figurines may trade places, a figurine off the field"
        " included (M57), up to {swaps} swaps (M53)"
    ),
    "direct": (
        "the humans could go several ways: the active clan sends them (M17). A tribe steps toward the"
        " nearest place of power, else toward the nearest territories with the most Ancient figurines;"
        " a spirit goes to the nearest Ancients and attacks there"
    ),
    "put": "a talent token goes in the figurine's territory or an adjacent one (M66)",
    "use": (
        "a talent token's moment has come: its owner decides whether to use it, in any clan's turn (M69);"
        " a used token returns to its owner's reserve (M68)"
    ),
}


def rule(g: GameState, purpose: str) -> str:
    """The rule behind a decision kind, with this game's numbers."""
    text = RULES.get(purpose, "")
    start = number_words(g.data.limits.figurines_at_start)
    return text.format(per=g.data.population.per_figurine, swaps=generation.MAX_SWAPS, start=start)


#: the decision kind each action type answers
ANSWERS: dict[type, tuple[str, ...]] = {
    Start: ("start",),
    Talent: ("talent",),
    ChooseAction: ("action",),
    Figurine: ("figurine",),
    Card: (
        *("action", "extra", "figurine", "card", "assist", "degradation", "discard"),
        *("reroll", "hit", "adapt", "direct", "use"),  # Draw 3 (M44)
    ),
    Step: ("step",),
    Shard: ("step",),
    Reroll: ("reroll",),
    Roll: ("reroll",),
    Hit: ("hit",),
    Adapt: ("adapt",),
    Line: ("line",),
    Place: ("place",),
    Remove: ("remove",),
    Swap: ("swap",),
    Direct: ("direct",),
    Token: ("action", "figurine"),
    Put: ("put",),
    Use: ("use",),
}

# ---------------------------------------------------------------------------- any command
_VERBS = (
    *("start", "fig", "figurine", "card", "step", "shard", "drop", "reroll", "roll", "hit", "adapt"),
    *("line", "place", "remove", "swap", "direct", "talent", "token", "put", "use", "pass", "done"),
    *("stop", "no"),
)
W = TypeVar("W", bound=str)


def _one(word: str, choices: Sequence[W]) -> W | None:
    """The choice `word` names: itself, or the only choice it begins."""
    word = word.lower()
    lowered = {c.lower(): c for c in choices}
    if word in lowered:
        return lowered[word]
    hits = [c for low, c in lowered.items() if low.startswith(word)]
    return hits[0] if len(hits) == 1 else None


def _card(words: list[str]) -> CardName | None:
    text = ":".join(words) if len(words) == 2 else words[0] if len(words) == 1 else ""
    if text in ("draw:3",):
        return "draw3"
    return _one(text, CARD_NAMES) if text else None


def _int(word: str) -> int | None:
    return int(word) if word.isdecimal() and len(word) < 6 else None


def parse_any(text: str, tables: Tables) -> Any | None:
    """The action the command `text` names, legal or not (None: no command of the notation), in
    a game of the data set `tables` (its shard types and spirits)."""
    raw = text.strip()
    if raw.startswith("{"):
        try:
            return action_from_builtins(msgspec.json.decode(raw.encode()))
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError):
            return None
    words = [w for w in re.split(r"[\s,]+", raw.lower()) if w]
    if not words:
        return None
    head, rest = words[0], words[1:]
    colour = [_one(w, COLORS) for w in rest]
    numbers = [_int(w) for w in rest]
    action = _one(head, ACTIONS) if not rest else None
    if action is not None and _one(head, _VERBS) is None:
        return ChooseAction(action)
    verb = _one(head, _VERBS)
    if verb is None:
        card = _card(words)
        return Card(card) if card is not None else None
    if verb in ("pass", "done", "stop", "no") and not rest:
        return Pass()
    picked = [c for c in colour if c is not None]
    if verb == "start" and rest and len(picked) == len(colour):
        return Start(tuple(picked))
    if verb in ("fig", "figurine") and len(rest) == 1 and colour[0]:
        return Figurine(colour[0])
    card = _card(rest) if verb == "card" and rest else None
    if card is not None:
        return Card(card)
    if verb == "step" and len(rest) == 1 and numbers[0] is not None:
        return Step(numbers[0])
    if verb == "drop" and not rest:
        return Shard(None)
    if verb == "shard" and len(rest) == 1:
        return Shard(_one(rest[0], tables.data.shards.types) or rest[0])
    if verb == "reroll" and len(rest) == 1 and numbers[0] is not None:
        return Reroll(numbers[0])
    if verb == "roll" and not rest:
        return Roll()
    if verb == "hit" and len(rest) >= 1:
        target = _one(" ".join(rest), ["tribe", *(s.name for s in tables.spirits)])
        return Hit(target or " ".join(rest))
    if verb == "adapt" and rest:
        choice = "deck" if rest == ["deck"] else _card(rest)
        # any card, legal or not: `why` tells which adaptation cards there are
        return Adapt(cast(AdaptChoice, choice)) if choice is not None else None
    if verb == "line" and len(rest) == 1 and numbers[0] is not None:
        return Line(numbers[0])
    if verb == "place" and len(rest) == 2 and colour[0] and numbers[1] is not None:
        return Place(colour[0], numbers[1])
    if verb == "remove" and len(rest) == 1 and colour[0]:
        return Remove(colour[0])
    if verb == "swap" and len(rest) == 2 and len(picked) == 2:
        return Swap(picked[0], picked[1])
    if verb == "direct" and len(rest) >= 2 and numbers[-1] is not None:
        who = _one(" ".join(rest[:-1]), ["tribe", *(s.name for s in tables.spirits)])
        return Direct(who or " ".join(rest[:-1]), numbers[-1])
    if verb == "talent" and len(rest) == 1:
        # a talent by any name: `why` tells which there are
        return Talent(_one(rest[0], TALENT_NAMES) or cast(TalentName, rest[0]))
    last = colour[-1] if colour else None
    if verb == "token" and len(rest) in (2, 3) and last:
        card = _card(rest[:-1])
        return Token(card, last) if card is not None else None
    if verb == "put" and len(rest) == 1 and numbers[0] is not None:
        return Put(numbers[0])
    if verb == "use" and len(rest) in (2, 3) and None not in numbers[1:]:
        talent = _one(rest[0], values(TalentName)) or rest[0]
        return Use(talent, numbers[1], numbers[2] if len(rest) == 3 else 1)  # type: ignore[arg-type]
    return None


# ---------------------------------------------------------------------------- why
def purpose_of(g: GameState) -> str | None:
    if g.phase is Phase.OVER:
        return None
    if g.phase is Phase.SETUP:
        return "start" if -1 in g.start_picks else "talent"
    ask = g.pending
    return None if ask is None else ask.purpose


def why(g: GameState, text: str) -> str:
    """`why ACTION`: legal or not, and why, in words."""
    legal = machine.legal_actions(g)
    purpose = purpose_of(g)
    try:
        action = legal[parse(legal, text)]
    except AmbiguousCommand as exc:
        return f"{exc.message}: say which (`why` then explains it)"
    except NotationError:
        action = parse_any(text, g.tables)
    if action is None:
        verbs = listing(sorted({command_text(a).split()[0] for a in legal}), "or")
        return (
            f"`{text.strip()}` is no command of Mammothodus; now you can: {verbs or 'nothing'}"
            " (`help` lists them)"
        )
    if action in legal:
        index = legal.index(action)
        rule_ = rule(g, purpose or "")
        return (
            f"`{command_text(action)}` is legal now (number {index}). Your clan {describe(action, g.tables)}"
            f"{_effect(g, action)}. It is asked by {rule_}."
        )
    return f"`{command_text(action)}` is not legal now: {explain(g, action)}"


def explain(g: GameState, action: Any) -> str:
    """Why `action` is not legal now: the condition that fails, then what is asked instead."""
    if g.phase is Phase.OVER:
        return "the game is over"
    purpose = purpose_of(g)
    legal = machine.legal_actions(g)
    asked = f"now {_asked(g)}"
    shown = listing([command_text(a) for a in legal[:8]], "or") + (
        f" ({len(legal)} in all)" if len(legal) > 8 else ""
    )
    if isinstance(action, Pass):
        reason = _no_pass(g, purpose)
    elif purpose not in ANSWERS.get(type(action), ()):
        reason = f"it answers {_question(g, action)}, and {asked}"
        asked = ""
    else:
        reason = _reasons(g, action, purpose or "")
    tail = f"; {asked}" if asked else ""
    return f"{reason}{tail}. Legal: {shown}."


def _asked(g: GameState) -> str:
    from .views import purpose_words

    purpose = purpose_of(g) or ""
    seat = g.to_move
    who = g.tables.clan_names[seat] if seat is not None else "nobody"
    return f"the {who} choose {purpose_words(purpose, g.tables)}, asked by {rule(g, purpose)}"


def _question(g: GameState, action: Any) -> str:
    from .views import purpose_words

    if isinstance(action, Card):
        return "a question that asks for a card"
    kinds = ANSWERS.get(type(action), ())
    return listing([purpose_words(k, g.tables) for k in kinds], "or") if kinds else "no question"


def _no_pass(g: GameState, purpose: str | None) -> str:
    return {
        "start": "the starting figurines must be chosen",
        "talent": "a talent must be chosen",
        "card": "the figurine chosen takes at least one card of your clan (M31)",
        "degradation": "once the degradation action is chosen, at least one degradation card is played (M49)",
        "place": "the population check is compulsory: every missing figurine is placed (M59)",
        "remove": "the population check is compulsory: every extra figurine leaves the field (M59)",
        "line": "the portal line must be named",
        "put": "the talent token must be put somewhere",
        "direct": "the humans must go somewhere",
    }.get(purpose or "", "this question cannot be declined")


def _effect(g: GameState, action: Any) -> str:
    """A few words on what a legal answer does, where the description alone does not say it."""
    p = playing(g)
    if isinstance(action, Card) and p is not None and g.pending is not None and g.pending.purpose == "card":
        n = ancients.card_value(action.card, ancients.own_colors(g, p.action, p.territory))
        if action.card != ancients.DRAW3:
            return f" (it counts as {n} for the {p.action})"
    if isinstance(action, Card) and action.card == ancients.DRAW3:
        return " (three cards from your deck; an empty deck first changes the generation)"
    if isinstance(action, Step):
        m = moving(g)
        if m is not None:
            return f" ({m.steps_left - 1} step{'s' if m.steps_left != 2 else ''} left after it)"
    if isinstance(action, Line):
        cost = ancients.activation_cost(g)
        return f" (it costs {cost} blue card{'s' if cost != 1 else ''} or cards of the territory's colour)"
    return ""


# ---------------------------------------------------------------------------- the checks
def _hand(g: GameState, seat: int) -> list[CardName]:
    return g.clans[seat].hand


def _colours_for(g: GameState, action: str, t: int) -> str:
    colours = ancients.own_colors(g, action, t)
    return listing(list(colours), "or")


def _action_reason(g: GameState, me: int, action: str) -> str:
    clan = g.clans[me]
    hand = clan.hand
    phase = ancients._phase_frame(g)
    done = phase.v.get("done", ()) if phase is not None else ()
    if action in done:
        return f"you already took the action {action} this turn; each extra action must differ (M43)"
    if action == "degradation":
        if ancients.DEGRADATION not in hand:
            return "the degradation action plays degradation cards, and your hand holds none"
        return "a talent token was placed this turn, which rules out the degradation action (M67)"
    figs = clan.on_field()
    if not figs:
        return "none of your figurines is on the field"
    if action == "attack":
        targets = [k for k in figs if ancients.has_targets(g, clan.figurines[k])]
        if not targets:
            return "an attack needs a tribe or a spirit where one of your figurines stands (M32)"
        need = listing(
            [
                f"{_colours_for(g, 'attack', clan.figurines[k])} (in {g.tables.where(clan.figurines[k])})"
                for k in targets
            ],
            "or",
        )
        return f"your hand holds no card for an attack there: it needs {need}"
    if action == "activate":
        lines = [
            k for k in figs if any(ancients.line_met(g, n, clan.figurines[k]) for n in range(len(g.places)))
        ]
        if not lines:
            return (
                "no figurine of yours stands in a territory that meets every condition of a portal line"
                " not yet active (its shards face up there, its region, its colour)"
            )
        cost = ancients.activation_cost(g)
        return (
            f"activating costs {cost} blue card{'s' if cost != 1 else ''} or cards of the territory's colour,"
            " and your hand with your allies' near the place falls short"
        )
    need = listing(
        [f"{_colours_for(g, action, clan.figurines[k])} (for the {COLORS[k]} figurine)" for k in figs], "or"
    )
    return f"your hand holds no card for a {action} on a figurine on the field: it needs {need}"


def _figurine_reason(g: GameState, me: int, color: str) -> str:
    clan = g.clans[me]
    k = COLORS.index(color)
    t = clan.figurines[k]
    f = _frame(g, "ancients_action")
    action = f.v["action"] if f is not None else "action"
    if t == OFF:
        return f"your {color} figurine is off the field"
    if k in clan.acted:
        return f"your {color} figurine has already acted in this action (each acts once per action, M45)"
    if action == "attack" and not ancients.has_targets(g, t):
        return f"there is no tribe or spirit in {g.tables.where(t)} to attack (M32)"
    if action == "activate":
        return f"{g.tables.where(t)} meets no portal line's conditions, or the cards fall short of the cost"
    colours, there = _colours_for(g, action, t), g.tables.where(t)
    return f"your hand holds no {colours} card (the {action}'s colour or {there}'s)"


def _card_reason(g: GameState, seat: int, card: str, purpose: str) -> str:
    hand = _hand(g, seat)
    words = card_words(card)
    if card not in hand:
        return f"your hand holds no {words} card"
    if card == ancients.DRAW3:
        if ancients.DRAW3_AT != "any_decision":
            return "Draw 3 is played at the decisions of the Ancients' phase (M44), not this one"
        return (
            "Draw 3 is played at the card decisions of the Ancients' phase and beside the answers of"
            " any other question that has two answers without it (M44), not at a generation change,"
            " the end-of-turn discard, a move's steps, the portal line nor a token's territory"
        )
    if purpose == "discard":
        return (
            "a degradation card cannot be discarded at the end of a turn; only playing it gets rid of it"
            " (M55)"
        )
    if purpose == "card":
        p = playing(g)
        if p is not None:
            colours = _colours_for(g, p.action, p.territory)
            return f"{words} counts as none of {colours}, the colours this figurine may use"
    if purpose == "assist":
        p = playing(g)
        colour = ancients.ACTION_COLOR[p.action] if p is not None else "degradation"
        return f"an ally helps only with {colour} cards (the action's colour)"
    if purpose == "extra":
        if not card.startswith("extra:"):
            return "only an extra-action card buys another action"
        return "the rest of your hand could pay for no action you have not taken this turn (M43)"
    if purpose == "degradation":
        return "only degradation cards are played in the degradation action"
    if purpose in ("action", "figurine"):
        return "a card is played on a figurine once it is chosen; only Draw 3 is played here"
    return "that card does not answer this question"


def _step_reason(g: GameState, action: Step | Shard) -> str:
    m = moving(g)
    if m is None:
        return "no figurine is moving"
    t = m.territory
    if isinstance(action, Step):
        if action.to not in g.tables.neighbours[t]:
            nb = ", ".join(g.tables.where(x) for x in g.tables.neighbours[t])
            return f"{g.tables.where(action.to)} is not next to {g.tables.where(t)} (its neighbours: {nb})"
        return "no step is left"
    if action.take is None:
        if m.carries is None:
            return "the figurine carries no shard to put down"
        return "it picked up its shard in this territory; it may put it down further on (M41)"
    if m.carries is not None:
        return f"the figurine already carries a {m.carries} shard: put it down first (one at a time, M41)"
    here = Counter(ancients.shard_name(g, i) for i in ancients.open_shards_at(g, t))
    if not here.get(action.take):
        shown = listing(sorted(here), "and") if here else "none"
        return f"no face-up {action.take} shard lies in {g.tables.where(t)} (face up there: {shown})"
    there = g.tables.where(t)
    return f"a {action.take} shard was put down in {there} in this move; it is not picked up again here (M41)"


def _reroll_reason(g: GameState, action: Reroll | Roll) -> str:
    a = attack_roll(g)
    if a is None:
        return "no attack is being rolled"
    clan = g.clans[a.clan]
    if clan.population - 1 < g.data.population.lose_below:
        return "a re-roll costs one population, which would take yours below the loss limit (M38)"
    if isinstance(action, Roll):
        return "no die is marked yet: mark dice with `reroll N` first"
    if not 0 <= action.die < len(a.dice):
        return f"there are {len(a.dice)} dice, numbered 0 to {len(a.dice) - 1}"
    return f"die {action.die} is already marked"


def _hit_reason(g: GameState, action: Hit) -> str:
    a = attack_roll(g)
    if a is None:
        return "no attack is being resolved"
    free = [x for i, x in enumerate(a.dice) if i not in a.used]
    if action.target == "tribe":
        if not g.tribes[a.territory]:
            return f"no tribe stands in {g.tables.where(a.territory)}"
        unspent = listing([str(x) for x in free]) or "none"
        return f"a tribe needs a die of {a.tribe_min} or more, and the unspent dice are {unspent}"
    spirits = [g.tables.spirits[g.spirit_on[i]] for i, w in enumerate(g.spirits) if w == a.territory]
    spirit = next((s for s in spirits if s.name.lower() == action.target.lower()), None)
    if spirit is None:
        return f"no spirit called {action.target} stands in {g.tables.where(a.territory)}"
    return (
        f"the {spirit.name} spirit needs {spirit.dice} dice of {spirit.min} or more at once, and the unspent"
        f" dice are {listing([str(x) for x in free]) or 'none'}"
    )


def _place_reason(g: GameState, me: int, action: Place | Remove | Swap) -> str:
    clan = g.clans[me]
    want, have = g.tables.figurines_for(clan.population), len(clan.on_field())
    if isinstance(action, Swap):
        a, b = COLORS.index(action.a), COLORS.index(action.b)
        if clan.figurines[a] == clan.figurines[b]:
            same = f"your {action.a} and {action.b} figurines stand in the same place"
            return f"{same}: a swap would change nothing"
        return "no more swaps are left in this generation change (M53)"
    k = COLORS.index(action.color)
    if isinstance(action, Remove):
        if clan.figurines[k] == OFF:
            return f"your {action.color} figurine is already off the field"
        return f"your population supports {want} figurines and {have} are on the field: none is removed"
    if clan.figurines[k] != OFF:
        return f"your {action.color} figurine is already on the field"
    if have >= want:
        return f"your population supports {want} figurines and {have} are on the field: none is placed"
    places = generation.placeable(g, me, ())
    return (
        f"a figurine is placed in the centre or in or next to a territory where one of yours stands"
        f" (M52): {listing([g.tables.where(t) for t in places], 'or')}"
    )


def _direct_reason(g: GameState, action: Direct) -> str:
    ask = g.pending
    options = [o for o in ask.options if isinstance(o, Direct)] if ask is not None else []
    if options and action.who.lower() != str(options[0].who).lower():
        return f"the humans to send now are: {options[0].who}"
    return (
        f"{g.tables.where(action.to)} is not one of the ways the humans' rules leave open:"
        f" {listing([g.tables.where(o.to) for o in options], 'or')}"
    )


def _talent_reason(g: GameState, action: Any) -> str:
    names = g.tables.talent_names
    if not g.config.talents:
        return "the advanced talents are not in this game (`--talents`)"
    if isinstance(action, Talent):
        if action.name not in names:
            return f"there is no talent {action.name}; the talents: {listing(list(names), 'and')}"
        holder = next(s for s, i in enumerate(g.talent_of) if i >= 0 and names[i] == action.name)
        return f"{talent_words(action.name)} is held by the {g.tables.clan_names[holder]} already (M63)"
    me = g.to_move if g.to_move is not None else 0
    if isinstance(action, Token):
        clan = g.clans[me]
        if g.talent_reserve[me] <= 0:
            return "your talent tokens are all on the field"
        phase = ancients._phase_frame(g)
        if phase is not None and "degradation" in phase.v.get("done", ()):
            return "no token is placed in a turn with the degradation action (M67)"
        if clan.figurines[COLORS.index(action.color)] == OFF:
            return f"your {action.color} figurine is off the field"
        if action.card not in clan.hand:
            return f"your hand holds no {card_words(action.card)} card"
        return f"{card_words(action.card)} does not count as {action.color} (M65)"
    if isinstance(action, Put):
        f = _frame(g, "ancients_token")
        if f is None:
            return "no talent token is waiting to be put"
        t = g.clans[f.me].figurines[f.v["fig"]]
        return f"a token goes in {g.tables.where(t)} or next to it (M66)"
    if isinstance(action, Use):
        return "a token is used when its moment comes and its owner is asked, with the tokens lying there"
    return "that is not a talent decision"


def _reasons(g: GameState, action: Any, purpose: str) -> str:
    me = g.to_move if g.to_move is not None else 0
    if isinstance(action, Start):
        k = g.data.limits.figurines_at_start
        if len(set(action.colors)) != len(action.colors):
            return "the starting figurines are different ones"
        if len(action.colors) != k:
            return f"each clan starts with {k} figurine{'s' if k != 1 else ''} in the centre"
        if g.phase is Phase.SETUP and -1 in g.start_picks:
            return "name the starting figurines in the colours' order (red, green, yellow, blue)"
        return "every clan has chosen its starting figurines"
    if isinstance(action, ChooseAction):
        return _action_reason(g, me, action.action)
    if isinstance(action, Figurine):
        return _figurine_reason(g, me, action.color)
    if isinstance(action, Card):
        return _card_reason(g, me, action.card, purpose)
    if isinstance(action, (Step, Shard)):
        return _step_reason(g, action)
    if isinstance(action, (Reroll, Roll)):
        return _reroll_reason(g, action)
    if isinstance(action, Hit):
        return _hit_reason(g, action)
    if isinstance(action, Adapt):
        if action.card == "deck":
            return "the adaptation deck is empty"
        market = [g.tables.adaptation_names[i] for i in g.market]
        holds = listing([card_words(c) for c in market]) or "nothing"
        return f"the market holds no {card_words(action.card)} card (it holds {holds})"
    if isinstance(action, Line):
        if not 0 <= action.line < len(g.places):
            return f"the portal has lines 0 to {len(g.places) - 1}"
        if g.places[action.line] >= 0:
            at = g.tables.where(g.places[action.line])
            return f"the place of power of line {action.line} is already active in {at}"
        p = playing(g)
        t = p.territory if p is not None else OFF
        return (
            f"{g.tables.where(t)} does not meet every condition of line {action.line} (`portal` shows them)"
        )
    if isinstance(action, (Place, Remove, Swap)):
        return _place_reason(g, me, action)
    if isinstance(action, Direct):
        return _direct_reason(g, action)
    return _talent_reason(g, action)
