"""What happened, in words: one sentence per happening of a step (the events' `what` and
`values`, see the game's guide), for `altay play` and `altay replay --show`.

Every kind of happening has its sentence; none prints a Python value or an engine name. Cards
are said as people say them (`card_words`), territories as the map view names them ("T4", "the
centre"), clans by name, or "you" for the viewer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .data import load

CARD_WORDS = {"draw3": "Draw 3", "wild": "wild", "degradation": "degradation"}
TALENT_WORDS = {
    "spirit_block": "spirit call blocking",
    "protection": "protection",
    "trap": "trap",
    "bait": "bait",
    "trail_lock": "trail lock",
}
DISCOVERY_WORDS = {
    "move_attack": "MOVE + ATTACK (a tribe that moves attacks the Ancients where it arrives)",
    "defence_plus_1": "+1 TO DEFENCE (a die must show 5 or more to destroy a tribe)",
    "attack_plus_1": "+1 TO ATTACK (each tribe attack costs one more population per figurine)",
    "appear_move": "APPEARANCE + MOVEMENT (a tribe that appears on a trail moves at once)",
    "degradation_plus_2": "+2 DEGRADATIONS (two degradation cards are shuffled into the active clan's deck)",
}
WHY_POPULATION = {
    "tribe": "a tribe attack",
    "spirit": "a spirit attack",
    "reroll": "a re-roll",
    "gain": "the population action",
}


def cap(text: str) -> str:
    """The text with its first letter in capitals (the rest untouched: "The Bisons'")."""
    return text[:1].upper() + text[1:]


def card_words(card: Any) -> str:
    """A card as people say it: "red", "double red", "extra-action red", "wild", "Draw 3"."""
    text = str(card)
    if ":" in text:
        kind, colour = text.split(":", 1)
        return f"{'double' if kind == 'double' else 'extra-action'} {colour}"
    return CARD_WORDS.get(text, text)


def cards_words(cards: Sequence[Any]) -> str:
    return listing([card_words(c) for c in cards], "and") if cards else "no card"


def talent_words(name: Any) -> str:
    return TALENT_WORDS.get(str(name), str(name).replace("_", " "))


def listing(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def where(t: Any) -> str:
    """A territory as the map view names it."""
    if isinstance(t, int) and t == load().map.centre:
        return "the centre"
    return f"T{t}"


def clan_name(x: Any) -> str:
    names = load().clans.names
    return f"the {names[x]}" if isinstance(x, int) and 0 <= x < len(names) else "a clan"


def _plural(x: Any, viewer: int | None) -> bool:
    return x == viewer or clan_name(x).endswith("s")


def who(x: Any, viewer: int | None, capital: bool = False) -> str:
    """The clan as a subject: "you", "the Bisons"."""
    text = "you" if x == viewer else clan_name(x)
    return text[0].upper() + text[1:] if capital else text


def says(x: Any, viewer: int | None, plural: str, singular: str, capital: bool = False) -> str:
    """The clan and its verb: "you choose", "the Bisons choose" (clan names are plurals)."""
    return f"{who(x, viewer, capital)} {plural if _plural(x, viewer) else singular}"


def whose(x: Any, viewer: int | None) -> str:
    """The clan's possessive: "your", "the Bisons'"."""
    if x == viewer:
        return "your"
    name = clan_name(x)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def own(x: Any, viewer: int | None) -> str:
    """The possessive of a clan already named as the sentence's subject: "your", "their"."""
    if x == viewer:
        return "your"
    return "their" if _plural(x, viewer) else "its"


def spirit_name(card: Any) -> str:
    cards = load().spirits.cards
    return cards[card].name if isinstance(card, int) and 0 <= card < len(cards) else "a"


def tribes(n: Any) -> str:
    return f"{n} tribe" if n == 1 else f"{n} tribes"


def dice_words(dice: Sequence[Any]) -> str:
    return listing([str(x) for x in dice], "and") if dice else "no die"


def happening_text(h: Any, viewer: int | None) -> str | None:
    """One happening in words; None for the bare record of an answer (the decision says it)."""
    w, v = h.what, list(h.values)
    text = _TEXTS.get(w)
    if text is None:
        return None if w == "answer" else f"something happened ({str(w).replace('_', ' ')})"
    return text(v, viewer)


def _end(v: list[Any], viewer: int | None) -> str:
    from .game import END_REASONS

    outcome = "win" if v[0] == "won" else "lose"
    return f"Game over: the Ancients {outcome}: {END_REASONS.get(str(v[1]), str(v[1]).replace('_', ' '))}"


def _human_card(v: list[Any], viewer: int | None) -> str:
    if v[0] == "new_trail":
        return "The humans reveal a New Trail card: a new human trail opens"
    return f"The humans reveal a {v[0]} card: every tribe and spirit in a {v[0]} territory acts"


def _tribe(v: list[Any], viewer: int | None) -> str:
    if v[0] == "destroyed":
        return f"A tribe in {where(v[1])} is destroyed"
    return f"A human tribe appears on the trail in {where(v[1])}"


def _spirit(v: list[Any], viewer: int | None) -> str:
    if v[0] == "summon":
        return (
            f"The tribe summons the {spirit_name(v[2])} spirit (the top card of the face-up spirit"
            f" stack) at the place of power in {where(v[1])}"
        )
    if v[0] == "attack":
        per = (int(v[2]) + 1) // 2
        return (
            f"The spirit in {where(v[1])} attacks: the die shows {v[2]}, so each Ancient figurine there"
            f" costs its clan {per} population"
        )
    return (
        f"The {spirit_name(v[2])} spirit in {where(v[1])} is destroyed (its card is shuffled back into"
        " the face-up spirit stack)"
    )


def _population(v: list[Any], viewer: int | None) -> str:
    change, why = int(v[1]), WHY_POPULATION.get(str(v[2]), str(v[2]).replace("_", " "))
    if change > 0:
        return f"{says(v[0], viewer, 'gain', 'gains', True)} {change} population ({why})"
    if change == 0:
        return f"{cap(whose(v[0], viewer))} population is already at the top of the track ({why})"
    return f"{says(v[0], viewer, 'lose', 'loses', True)} {-change} population ({why})"


def _tribe_attack(v: list[Any], viewer: int | None) -> str:
    bonus = f", plus {v[2]} for +1 TO ATTACK" if v[2] else ""
    return (
        f"{cap(tribes(v[1]))} attack the Ancients in {where(v[0])}: each figurine there costs its"
        f" clan {v[1]} population{bonus}"
    )


def _place_of_power(v: list[Any], viewer: int | None) -> str:
    spent = f", spending the shards {listing([str(x) for x in v[3]])}" if v[3] else ""
    return (
        f"{says(v[0], viewer, 'activate', 'activates', True)} the place of power of portal line {v[1]}"
        f" in {where(v[2])}{spent}"
    )


def _play(v: list[Any], viewer: int | None) -> str:
    if v[2] == "degradation":
        return f"{says(v[0], viewer, 'play', 'plays', True)} a degradation card (it goes to the discard pile)"
    player = says(v[0], viewer, "play", "plays", True)
    return f"{player} {card_words(v[1])} on {own(v[0], viewer)} {v[2]} figurine"


def _assist(v: list[Any], viewer: int | None) -> str:
    helped = "you" if v[2] == viewer else clan_name(v[2])
    return f"{says(v[0], viewer, 'help', 'helps', True)} {helped} with {card_words(v[1])}"


def _adapt(v: list[Any], viewer: int | None) -> str:
    taker = says(v[0], viewer, "take", "takes", True)
    if v[1] is None:
        return f"{taker} the top card of the adaptation deck"
    source = "the market" if v[2] == "market" else "the adaptation deck"
    return f"{taker} the adaptation card {card_words(v[1])} from {source}"


def _draw(v: list[Any], viewer: int | None) -> str:
    taker = says(v[0], viewer, "draw", "draws", True)
    return f"{taker} {card_words(v[1])}" if v[1] is not None else f"{taker} a card"


def _reroll(v: list[Any], viewer: int | None) -> str:
    n = len(v[1])
    return (
        f"{says(v[0], viewer, 'roll', 'rolls', True)} {n} {'die' if n == 1 else 'dice'} again:"
        f" the dice now show {dice_words(v[2])}"
    )


def _hit(v: list[Any], viewer: int | None) -> str:
    target = "a tribe" if v[1] == "tribe" else f"the {v[1]} spirit"
    used = dice_words(v[3])
    return f"{says(v[0], viewer, 'spend', 'spends', True)} {used} on {target} in {where(v[2])}"


def _development(v: list[Any], viewer: int | None) -> str:
    return (
        f"{cap(whose(v[0], viewer))} degradation marker moves to {v[1]}: at the next generation"
        f" change, {v[1]} figurine{'s' if v[1] != 1 else ''} on the field bring no degradation card"
    )


def _degradation_check(v: list[Any], viewer: int | None) -> str:
    n = int(v[1])
    if n == 0:
        return "Degradation check: the marker covers every figurine on the field, no degradation card"
    return (
        f"Degradation check: {n} figurine{'s' if n != 1 else ''} on the field beyond the marker,"
        f" {n} degradation card{'s' if n != 1 else ''} to the discard pile"
    )


def _talent_used(v: list[Any], viewer: int | None) -> str:
    n = int(v[3])
    tokens = "a token" if n == 1 else f"{n} tokens"
    return f"{says(v[0], viewer, 'use', 'uses', True)} {tokens} of {talent_words(v[1])} in {where(v[2])}"


def _protected(v: list[Any], viewer: int | None) -> str:
    what = "a spirit's attack" if v[1] == "spirit" else "the tribes' attack"
    return f"The protection in {where(v[0])} stops {what}"


_TEXTS: dict[str, Any] = {
    "turn": lambda v, me: f"-- Turn {v[1]}: {whose(v[0], me)} turn (human phase, then the Ancients' phase)",
    "start": lambda v, me: (
        f"{says(v[0], me, 'start', 'starts', True)} with {own(v[0], me)} {v[1][0]} and {v[1][1]}"
        " figurines in the centre"
    ),
    "talent": lambda v, me: f"{says(v[0], me, 'choose', 'chooses', True)} the talent {talent_words(v[1])}",
    "human_card": _human_card,
    "human_reshuffle": lambda v, me: (
        f"The human deck is empty: its discard pile is shuffled into a new deck of {v[0]} cards"
    ),
    "portal_flip": lambda v, me: (
        f"A portal fragment turns face up ({v[1]} open now): every portal line not yet active gets"
        " one more condition"
    ),
    "discovery": lambda v, me: f"The humans make a discovery: {DISCOVERY_WORDS.get(str(v[0]), str(v[0]))}",
    "trail": lambda v, me: f"A new human trail opens in {where(v[1])} (trail token {v[0]})",
    "tribe": _tribe,
    "tribe_move": lambda v, me: f"A tribe moves from {where(v[0])} to {where(v[1])}",
    "tribe_attack": _tribe_attack,
    "tribe_idle": lambda v, me: (
        f"The other {tribes(v[1])} in {where(v[0])} do nothing more (one tribe summoned at the place"
        " of power)"
    ),
    "tribe_stay": lambda v, me: (
        f"{cap(tribes(v[1]))} in {where(v[0])} have nowhere to go (no place of power and no"
        " Ancients on the map) and stay"
    ),
    "tribe_removed": lambda v, me: f"A tribe in {where(v[0])} leaves the map: it became the spirit",
    "no_movement": lambda v, me: f"No tribe moved: a tribe appears on every open trail in a {v[0]} territory",
    "spirit": _spirit,
    "spirit_move": lambda v, me: f"The {spirit_name(v[0])} spirit moves from {where(v[1])} to {where(v[2])}",
    "spirit_stay": lambda v, me: (
        f"The {spirit_name(v[0])} spirit in {where(v[1])} has no Ancients to go to and stays"
    ),
    "population": _population,
    "action": lambda v, me: f"{says(v[0], me, 'choose', 'chooses', True)} the action {v[1]}",
    "no_action": lambda v, me: f"{says(v[0], me, 'have', 'has', True)} no action that the hand can pay for",
    "extra_action": lambda v, me: (
        f"{says(v[0], me, 'discard', 'discards', True)} {card_words(v[1])} to take one more, different action"
    ),
    "acts": lambda v, me: (
        f"{cap(whose(v[0], me))} {v[1]} figurine in {where(v[3])} takes part in the {v[2]} action"
    ),
    "play": _play,
    "assist": _assist,
    "take_back": lambda v, me: f"{cap(card_words(v[1]))} goes back to {whose(v[0], me)} hand",
    "bonus": lambda v, me: (
        f"{cap(whose(v[0], me))} {v[1]} figurine adds its bonus: one more point for the {v[2]} action"
    ),
    "draw3": lambda v, me: f"{says(v[0], me, 'play', 'plays', True)} a Draw 3 card: three cards are drawn",
    "move": lambda v, me: f"{cap(whose(v[0], me))} {v[1]} figurine moves from {where(v[2])} to {where(v[3])}",
    "shard_take": lambda v, me: (
        f"{cap(whose(v[0], me))} {v[1]} figurine picks up a {v[2]} shard in {where(v[3])}"
    ),
    "shard_drop": lambda v, me: (
        f"{cap(whose(v[0], me))} {v[1]} figurine puts down its {v[2]} shard in {where(v[3])}"
    ),
    "shard_dropped": lambda v, me: (
        f"{cap(whose(v[0], me))} {v[1]} figurine leaves the field: the shard it carried stays in"
        f" {where(v[2])}"
    ),
    "shard_open": lambda v, me: f"The face-down shard in {where(v[0])} is turned face up: {v[1]}",
    "dice": lambda v, me: (
        f"{says(v[0], me, 'attack', 'attacks', True)} in {where(v[1])}: the dice show {dice_words(v[2])}"
    ),
    "reroll": _reroll,
    "hit": _hit,
    "development": _development,
    "adapt": _adapt,
    "adapt_declined": lambda v, me: (
        f"{says(v[0], me, 'take', 'takes', True)} no adaptation card for this point"
    ),
    "adapt_none": lambda v, me: (
        f"No adaptation card is left: {v[1]} development point{'s' if v[1] != 1 else ''} of"
        f" {whose(v[0], me)} are lost"
    ),
    "activation_failed": lambda v, me: (
        f"The activation of portal line {v[1]} in {where(v[2])} falls short of its cost: nothing is"
        " activated and every card goes back to its hand"
    ),
    "place_of_power": _place_of_power,
    "discard": lambda v, me: f"{says(v[0], me, 'discard', 'discards', True)} {card_words(v[1])}",
    "draw": _draw,
    "draw_stopped": lambda v, me: (
        f"Nothing is left to draw: {whose(v[0], me)} {v[1]} missing"
        f" card{'s' if v[1] != 1 else ''} stay undrawn"
    ),
    "market": lambda v, me: f"The adaptation market gets {card_words(v[0])}",
    "generation": lambda v, me: f"Generation change for {who(v[0], me)}: the deck is empty",
    "degradation_check": _degradation_check,
    "degradation": lambda v, me: (
        f"{says(v[0], me, 'take', 'takes', True)} a degradation card"
        + (" shuffled into the deck" if v[1:] == ["deck"] else " into the discard pile")
    ),
    "place": lambda v, me: (
        f"{says(v[0], me, 'place', 'places', True)} {own(v[0], me)} {v[1]} figurine in {where(v[2])}"
    ),
    "remove": lambda v, me: (
        f"{says(v[0], me, 'take', 'takes', True)} {own(v[0], me)} {v[1]} figurine off the field"
        f" (from {where(v[2])})"
    ),
    "swap": lambda v, me: (
        f"{says(v[0], me, 'swap', 'swaps', True)} {own(v[0], me)} {v[1]} and {v[2]} figurines"
        " (each takes the other's place)"
    ),
    "new_deck": lambda v, me: (
        f"{cap(whose(v[0], me))} discard pile is shuffled into a new deck of {v[1]} cards"
    ),
    "talent_card": lambda v, me: (
        f"{says(v[0], me, 'discard', 'discards', True)} {card_words(v[1])} for a talent token next to"
        f" {own(v[0], me)} {v[2]} figurine"
    ),
    "token": lambda v, me: (
        f"{says(v[0], me, 'put', 'puts', True)} a {talent_words(v[1])} token in {where(v[2])}"
    ),
    "talent_used": _talent_used,
    "summon_blocked": lambda v, me: (
        f"The summoning in {where(v[0])} is blocked: the {tribes(v[1])} there stay and do nothing more"
    ),
    "protection": lambda v, me: f"{cap(where(v[0]))} is protected until the end of the turn",
    "protected": _protected,
    "protection_bonus": lambda v, me: (
        f"{cap(whose(v[0], me))} dice in {where(v[1])} get +{v[2]} each (protection)"
    ),
    "trap": lambda v, me: f"{cap(whose(v[0], me))} traps in {where(v[1])} roll {dice_words(v[2])}",
    "bait": lambda v, me: f"The bait in {where(v[0])} pulls in {tribes(v[1])}",
    "bait_hold": lambda v, me: f"The bait holds {tribes(v[1])} in {where(v[0])}",
    "trail_locked": lambda v, me: f"The trail in {where(v[0])} is locked: no tribe appears there",
    "end": _end,
}


def narration(happened: Sequence[Any], viewer: int | None) -> list[str]:
    return [x for x in (happening_text(h, viewer) for h in happened) if x]
