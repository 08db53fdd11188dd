"""Why an action is, or is not, legal now, in words: the rule or card effect that asks the
decision, and for an illegal action the condition that fails (`why ACTION` in `altay play`,
and the reason of every IllegalAction).

`explain_illegal` may reach other seats (a bot's failure is shown to everyone at the table), so
it names no card that only the deciding seat may see; `why` answers the person deciding, and
also lists the answers a card's effect allows.
"""

from __future__ import annotations

from typing import Any

from ..api import AmbiguousCommand, NotationError
from .actions import (
    TOP_LEVEL,
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
)
from .frames import Ask, AskKind, Frame, Purpose
from .routines import MANY
from .state import ACHIEVEMENTS_TO_WIN, BOARD, GameState, Phase
from .tables import AGE, BY_LOWER, COLOR, COLOR_NAMES, FEATURED, ICON_NAMES, NAME, SPLAY_NAMES
from .texts import effect_is_demand, effect_texts

#: what a decision's answers are, by its kind
KIND_WORDS = {
    AskKind.CARD: "a card",
    AskKind.BLIND: "a card of another player's hidden cards, by its owner and value",
    AskKind.COLOR: "a colour",
    AskKind.COLORS: "two different colours",
    AskKind.PLAYER: "a player",
    AskKind.VALUE: "a value from 1 to 10",
    AskKind.OPTION: "one of the named choices",
    AskKind.YES: "whether to do the optional step",
}
#: the kind of decision each answer fits
ANSWER_KIND: dict[type, AskKind] = {
    PickCard: AskKind.CARD,
    PickBlind: AskKind.BLIND,
    PickColor: AskKind.COLOR,
    PickColors: AskKind.COLORS,
    PickPlayer: AskKind.PLAYER,
    PickValue: AskKind.VALUE,
    PickOption: AskKind.OPTION,
    Yes: AskKind.YES,
}
#: what each purpose settles, as the end of "... must choose ..."
PURPOSE_WORDS = {
    Purpose.RETURN: "to return to the supply",
    Purpose.TRANSFER: "to give to, or take from, another player",
    Purpose.MELD: "to meld",
    Purpose.SCORE: "to score",
    Purpose.TUCK: "to tuck",
    Purpose.SPLAY: "to splay",
    Purpose.EXCHANGE: "for an exchange",
    Purpose.REVEAL: "to reveal",
    Purpose.CHOOSE: "that decides how the effect goes on",
    Purpose.ORDER: "to put next in the pile's new order",
    Purpose.EXECUTE: "to execute alone",
    Purpose.KEEP: "to keep",
}


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def words(items: list[str], last: str = "and") -> str:
    """["a", "b", "c"] as "a, b and c"."""
    if not items:
        return "none"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def seat_name(p: int) -> str:
    return f"P{p}"


def effect_name(g: GameState, card: int, eff: int) -> str:
    """ "Archery's demand" or "Oars' effect 2" (numbered as printed)."""
    if card < 0:
        return "an effect"
    kinds = effect_is_demand(card, g.first_edition)
    kind = "demand" if 0 <= eff < len(kinds) and kinds[eff] else "effect"
    return f"{possessive(NAME[card])} {kind} {eff + 1}" if eff >= 0 else NAME[card]


def effect_quote(g: GameState, card: int, eff: int) -> str:
    texts = effect_texts(card, g.first_edition) if card >= 0 else ()
    return f' ("{texts[eff]}")' if 0 <= eff < len(texts) else ""


def pick_frame(g: GameState) -> Frame | None:
    """The multi-card pick the pending decision belongs to, if any."""
    parent = g.stack[-2] if len(g.stack) > 1 else None
    return parent if isinstance(parent, Frame) and parent.kind == "pick" else None


def choice_words(kind: AskKind, purpose: Purpose) -> str:
    """What a decision asks for: "a card to return to the supply", "whether to do the optional
    step (tuck)"."""
    if kind == AskKind.YES:
        return f"whether to do the optional step ({purpose})"
    return f"{KIND_WORDS[kind]} {PURPOSE_WORDS[purpose]}"


def ask_summary(g: GameState, ask: Ask) -> str:
    """ "Archery's demand 1 asks you (P1) to choose a card to give to, or take from, another
    player": for the seat it asks (an illegal action's reason goes to the seat that chose)."""
    return (
        f"{effect_name(g, ask.card, ask.eff)} asks you ({seat_name(ask.seat)}) to choose"
        f" {choice_words(ask.kind, Purpose(ask.purpose))}"
    )


def _cards_left(frame: Frame) -> str:
    v = frame.v
    need = v["lo"] - len(v["done"])
    return f"{need} more card{'s' if need != 1 else ''}"


# ---------------------------------------------------------------------------- illegal
def explain_illegal(g: GameState, action: Any) -> str:
    """The condition that fails, in one sentence; names no card only the deciding seat may see."""
    if g.phase is Phase.OVER:
        return "the game is over"
    ask = g.pending
    if ask is not None:
        return _illegal_answer(g, ask, action)
    if g.phase is Phase.FIRST_MELD:
        if not isinstance(action, FirstMeld):
            return (
                "the game is in its set-up: every player first picks one of their two starting"
                " cards to meld (`first CARD`)"
            )
        return f"{action.card} is not one of your two starting cards"
    if isinstance(action, FirstMeld):
        return "the set-up is over: every player has melded a first card"
    if not isinstance(action, TOP_LEVEL):
        return (
            "no card effect is asking anything now: take one of the turn's actions"
            " (draw, meld, achieve or dogma)"
        )
    return _illegal_turn_action(g, g.active, action)


def _illegal_turn_action(g: GameState, p: int, action: Any) -> str:
    pl = g.players[p]
    if isinstance(action, Meld):
        return f"{action.card} is not in your hand: you meld only a card from your hand"
    if isinstance(action, Dogma):
        c = BY_LOWER.get(action.card.strip().lower())
        base = f"{action.card} is not one of your top cards: you execute only the top card of a pile"
        if c is None:
            return base
        where = g.where[c]
        zone, owner = where >> 3, where & 7
        if zone == BOARD and owner == p:
            top = NAME[pl.piles[COLOR[c]][-1]]
            return f"{base} ({action.card} is covered by {top})"
        if zone == BOARD:
            return f"{base} ({action.card} is on {seat_name(owner)}'s board)"
        return base
    if isinstance(action, Achieve):
        ages = sorted(AGE[c] for c in g.available)
        if action.age not in ages:
            left = words([str(a) for a in ages])
            return (
                f"no age-{action.age} achievement is on the table (ages still there: {left});"
                " there are standard achievements of ages 1 to 9 only"
            )
        need = 5 * action.age
        if pl.score_total() < need:
            return (
                f"the age-{action.age} achievement needs a score of at least {need}"
                f" (5 times its age); yours is {pl.score_total()}"
            )
        high = pl.highest_top()
        have = f"your highest top card is a {high}" if high else "your board is empty"
        return f"the age-{action.age} achievement needs a top card of value {action.age} or more; {have}"
    return "that is not an action of this game"


def _illegal_answer(g: GameState, ask: Ask, action: Any) -> str:
    where = effect_name(g, ask.card, ask.eff)
    summary = ask_summary(g, ask)
    if isinstance(action, (*TOP_LEVEL, FirstMeld)):
        return f"{summary}: a turn's action waits until every effect of the Dogma action is done"
    if isinstance(action, Pass):
        frame = pick_frame(g)
        if frame is not None and len(frame.v["done"]) < frame.v["lo"]:
            return f"{where} does not let you stop yet: pick {_cards_left(frame)} ({ask.prompt})"
        return f"{where} does not let you decline here: you must choose ({ask.prompt})"
    kind = ANSWER_KIND.get(type(action))
    if kind is None:
        return f"{summary}, not that"
    if kind is not ask.kind:
        return f"{where} asks for {KIND_WORDS[ask.kind]}, not {KIND_WORDS[kind]} ({ask.prompt})"
    condition = {
        AskKind.CARD: "that card does not qualify",
        AskKind.BLIND: "that player has no card of that value there",
        AskKind.COLOR: "that colour is not offered",
        AskKind.COLORS: "those colours are not offered",
        AskKind.PLAYER: "that player is not offered",
        AskKind.VALUE: "that value is not offered",
        AskKind.OPTION: "there is no such choice",
        AskKind.YES: "that is not an answer here",
    }[ask.kind]
    if ask.purpose is Purpose.SPLAY:
        condition += (
            " (a splay must change the pile: a pile of fewer than two cards, or already splayed"
            " that way, cannot be chosen, R10)"
        )
    return f"{condition}: {where} asks you to {ask.prompt}"


# ---------------------------------------------------------------------------- legal
def explain_legal(g: GameState, action: Any) -> str:
    """The rule or card effect that allows `action` now, and what it will do."""
    ask = g.pending
    if ask is not None:
        return _legal_answer(g, ask, action)
    if isinstance(action, FirstMeld):
        return (
            "set-up: every player picks, in secret, one of their two starting cards to meld;"
            " all are melded at once, and the player whose card's title comes first"
            " alphabetically plays first, with a single action (R01, R02)"
        )
    p = g.active
    pl = g.players[p]
    left = f"{g.actions_left} action{'s' if g.actions_left != 1 else ''} left this turn"
    if isinstance(action, Draw):
        return f"the Draw action ({left}): {draw_text(g, p)}"
    if isinstance(action, Meld):
        c = BY_LOWER[action.card.lower()]
        pile = pl.piles[COLOR[c]]
        color = COLOR_NAMES[COLOR[c]]
        if pile:
            splay = SPLAY_NAMES[pl.splay[COLOR[c]]]
            kept = f", which stays splayed {splay}" if splay != "none" else ""
            onto = f"goes on top of your {color} pile, covering {NAME[pile[-1]]}{kept}"
        else:
            onto = f"starts your {color} pile"
        return f"the Meld action ({left}): {action.card} (age {AGE[c]}, {color}) {onto}"
    if isinstance(action, Achieve):
        need = ACHIEVEMENTS_TO_WIN[g.n]
        return (
            f"the Achieve action ({left}): your score {pl.score_total()} is at least"
            f" {5 * action.age} (5 times {action.age}) and your highest top card is a"
            f" {pl.highest_top()}, at least {action.age}; you would have"
            f" {len(pl.achieved) + 1} of the {need} achievements that win"
        )
    if isinstance(action, Dogma):
        return f"the Dogma action ({left}): {dogma_text(g, p, BY_LOWER[action.card.lower()])}"
    return "it is in the list of legal actions"


def draw_text(g: GameState, p: int) -> str:
    """What the Draw action would draw for p (the value of the highest top card, §5.1, §7)."""
    high = g.players[p].highest_top()
    value = max(1, high)
    why = f"your highest top card is a {high}" if high else "your board is empty"
    a = value
    while a <= 10 and not g.supply[a]:
        a += 1
    if a > 10:
        return (
            f"you would draw a {value} ({why}), but no age from {value} to 10 has a card left:"
            " the draw ends the game and the highest score wins (R05)"
        )
    if a != value:
        empty = f"age {value} is empty" if a == value + 1 else f"ages {value} to {a - 1} are empty"
        return f"you draw a {a}: {why}, and {empty} (empty ages are skipped upward)"
    return f"you draw a {value} ({why})"


def dogma_text(g: GameState, p: int, c: int) -> str:
    """Who a Dogma action on c would reach, from the featured-icon counts (R14), and its effects."""
    icon = FEATURED[c]
    name = ICON_NAMES[icon]
    mine = g.icons(p, icon)
    demands = effect_is_demand(c, g.first_edition)
    vul = [q for q in g.opponents(p) if g.icons(q, icon) < mine]
    share = [q for q in g.opponents(p) if g.icons(q, icon) >= mine]
    parts = [f"{possessive(NAME[c])} featured icon is the {name}, and you have {mine}"]
    if any(demands):
        hit = words([f"{seat_name(q)} ({g.icons(q, icon)})" for q in vul]) if vul else "nobody"
        parts.append(f"its demand reaches {hit}, with fewer")
    if not all(demands):
        if share:
            who = words([f"{seat_name(q)} ({g.icons(q, icon)})" for q in share])
            parts.append(
                f"{who} share{'s' if len(share) == 1 else ''} its non-demand effects, with as many"
                " or more, before you (if one of them changes anything, you take a free draw)"
            )
        else:
            parts.append("nobody shares its effects")
    texts = effect_texts(c, g.first_edition)
    listed = "; ".join(
        f"{'demand' if d else 'effect'} {i + 1}: {t}" for i, (d, t) in enumerate(zip(demands, texts))
    )
    return "; ".join(parts) + f". {listed}"


def _legal_answer(g: GameState, ask: Ask, action: Any) -> str:
    where = effect_name(g, ask.card, ask.eff) + effect_quote(g, ask.card, ask.eff)
    asked = f"{where} asks you ({seat_name(ask.seat)}) to {ask.prompt}"
    frame = pick_frame(g)
    if isinstance(action, Pass):
        if frame is not None:
            done = len(frame.v["done"])
            return f"{asked}; {done} picked so far, and you may stop now: passing picks no more"
        return f"{asked}; the step is optional: passing declines it"
    if isinstance(action, Yes):
        return f"{asked}; the step is optional: yes does it"
    if isinstance(action, PickCard):
        many = ""
        if frame is not None and frame.v["hi"] > 1:
            hi = frame.v["hi"]
            many = "; cards are picked one at a time, each moved at once" + (
                "" if hi >= MANY else f", {hi} at most"
            )
        return f"{asked}; {action.card} is one of the {len(ask.options)} that qualify{many}"
    if isinstance(action, PickBlind):
        return (
            f"{asked}; you choose the owner and the value, and the engine takes one of"
            f" {seat_name(action.player)}'s cards of value {action.age} at random (R39)"
        )
    if isinstance(action, PickColor) and ask.purpose is Purpose.SPLAY:
        return f"{asked}; splaying your {action.color} pile shows more icons of its covered cards"
    return f"{asked}; it is one of the {len(ask.options)} answers it allows"


def answers_text(g: GameState, ask: Ask) -> str:
    """The answers a decision allows, in words (for the deciding seat)."""
    from .actions import answer_action
    from .notation import command_text

    out = [command_text(answer_action(ask, i)) for i in range(len(ask.options))]
    if ask.can_pass:
        out.append("pass")
    return words(out, "or")


# ---------------------------------------------------------------------------- why
def why(g: GameState, text: str) -> str:
    """`why ACTION`: whether the action the text names is legal now, and why, in words."""
    from .machine import legal_actions
    from .notation import command_text, interpret, parse

    legal = legal_actions(g)
    shown = text.strip() if len(text.strip()) <= 60 else text.strip()[:57] + "..."
    try:
        index = parse(legal, text)
    except AmbiguousCommand as exc:
        return f"{exc.message}: say which"
    except NotationError as exc:
        try:
            action = interpret(text, setup=g.phase is Phase.FIRST_MELD)
        except NotationError as again:
            if isinstance(again, AmbiguousCommand):
                return again.message
            ask = g.pending
            if ask is None or not shown:
                return exc.message
            allowed = answers_text(g, ask)
            return f"`{shown}` is not legal now: {ask_summary(g, ask)}; it allows {allowed}"
        reason = explain_illegal(g, action)
        ask = g.pending
        if ask is not None and not isinstance(action, (*TOP_LEVEL, FirstMeld)):
            reason += f"; it allows {answers_text(g, ask)}"
        return f"`{command_text(action)}` is not legal now: {reason}"
    action = legal[index]
    return f"`{command_text(action)}` is legal now (number {index}): {explain_legal(g, action)}"
