"""What happened, in words: one sentence per happening of a step (the events' `what` and
`values`, see the game's guide), for `altay play` and `altay replay --show`.

Every kind of happening has its sentence; none prints a Python value or an engine name. Cards
are said as people say them (`card_words`), territories as the map view names them ("T4", "the
centre"), clans by name, or "you" for the viewer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .tables import Tables

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
    "defence_plus_1": "+1 TO DEFENCE (a tribe falls only to a die one higher than before)",
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


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_words(n: int) -> str:
    """A small count in words ("two"), a larger one in digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def listing(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


class Teller:
    """Tells one game's happenings to one viewer: the game's data set names its territories,
    clans and spirits; `viewer` (None: a spectator, told in the third person) is "you"."""

    __slots__ = ("tables", "viewer")

    def __init__(self, tables: Tables, viewer: int | None) -> None:
        self.tables = tables
        self.viewer = viewer

    def where(self, t: Any) -> str:
        """A territory as the map view names it: "the centre", "T4"."""
        return self.tables.where(t)

    def clan_name(self, x: Any) -> str:
        names = self.tables.clan_names
        return f"the {names[x]}" if isinstance(x, int) and 0 <= x < len(names) else "a clan"

    def _plural(self, x: Any) -> bool:
        return x == self.viewer or self.clan_name(x).endswith("s")

    def who(self, x: Any, capital: bool = False) -> str:
        """The clan as a subject: "you", "the Bisons"."""
        text = "you" if x == self.viewer else self.clan_name(x)
        return text[0].upper() + text[1:] if capital else text

    def says(self, x: Any, plural: str, singular: str, capital: bool = False) -> str:
        """The clan and its verb: "you choose", "the Bisons choose" (a name ending in s is a
        plural)."""
        return f"{self.who(x, capital)} {plural if self._plural(x) else singular}"

    def whose(self, x: Any) -> str:
        """The clan's possessive: "your", "the Bisons'"."""
        if x == self.viewer:
            return "your"
        name = self.clan_name(x)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def own(self, x: Any) -> str:
        """The possessive of a clan already named as the sentence's subject: "your", "their"."""
        if x == self.viewer:
            return "your"
        return "their" if self._plural(x) else "its"

    def spirit_name(self, card: Any) -> str:
        cards = self.tables.spirits
        return cards[card].name if isinstance(card, int) and 0 <= card < len(cards) else "a"


def tribes(n: Any) -> str:
    return f"{n} tribe" if n == 1 else f"{n} tribes"


def dice_words(dice: Sequence[Any]) -> str:
    return listing([str(x) for x in dice], "and") if dice else "no die"


def happening_text(h: Any, viewer: int | None, tables: Tables) -> str | None:
    """One happening in words, told to `viewer` with the game's data set `tables`; None for the
    bare record of an answer (the decision says it)."""
    w, v = h.what, list(h.values)
    text = _TEXTS.get(w)
    if text is None:
        return None if w == "answer" else f"something happened ({str(w).replace('_', ' ')})"
    return text(v, Teller(tables, viewer))


def _end(v: list[Any], say: Teller) -> str:
    from .game import END_REASONS

    outcome = "win" if v[0] == "won" else "lose"
    return f"Game over: the Ancients {outcome}: {END_REASONS.get(str(v[1]), str(v[1]).replace('_', ' '))}"


def _human_card(v: list[Any], say: Teller) -> str:
    if v[0] == "new_trail":
        return "The humans reveal a New Trail card: a new human trail opens"
    return f"The humans reveal a {v[0]} card: every tribe and spirit in a {v[0]} territory acts"


def _tribe(v: list[Any], say: Teller) -> str:
    if v[0] == "destroyed":
        return f"A tribe in {say.where(v[1])} is destroyed"
    return f"A human tribe appears on the trail in {say.where(v[1])}"


def _spirit(v: list[Any], say: Teller) -> str:
    if v[0] == "summon":
        return (
            f"The tribe summons the {say.spirit_name(v[2])} spirit (the top card of the face-up spirit"
            f" stack) at the place of power in {say.where(v[1])}"
        )
    if v[0] == "attack":
        per = (int(v[2]) + 1) // 2
        return (
            f"The spirit in {say.where(v[1])} attacks: the die shows {v[2]}, so each Ancient figurine there"
            f" costs its clan {per} population"
        )
    return (
        f"The {say.spirit_name(v[2])} spirit in {say.where(v[1])} is destroyed (its card is shuffled back"
        " into the face-up spirit stack)"
    )


def _population(v: list[Any], say: Teller) -> str:
    change, why = int(v[1]), WHY_POPULATION.get(str(v[2]), str(v[2]).replace("_", " "))
    if change > 0:
        return f"{say.says(v[0], 'gain', 'gains', True)} {change} population ({why})"
    if change == 0:
        return f"{cap(say.whose(v[0]))} population is already at the top of the track ({why})"
    return f"{say.says(v[0], 'lose', 'loses', True)} {-change} population ({why})"


def _tribe_attack(v: list[Any], say: Teller) -> str:
    bonus = f", plus {v[2]} for +1 TO ATTACK" if v[2] else ""
    return (
        f"{cap(tribes(v[1]))} attack the Ancients in {say.where(v[0])}: each figurine there costs its"
        f" clan {v[1]} population{bonus}"
    )


def _place_of_power(v: list[Any], say: Teller) -> str:
    spent = f", spending the shards {listing([str(x) for x in v[3]])}" if v[3] else ""
    return (
        f"{say.says(v[0], 'activate', 'activates', True)} the place of power of portal line {v[1]}"
        f" in {say.where(v[2])}{spent}"
    )


def _play(v: list[Any], say: Teller) -> str:
    if v[2] == "degradation":
        return f"{say.says(v[0], 'play', 'plays', True)} a degradation card (it goes to the discard pile)"
    player = say.says(v[0], "play", "plays", True)
    return f"{player} {card_words(v[1])} on {say.own(v[0])} {v[2]} figurine"


def _assist(v: list[Any], say: Teller) -> str:
    helped = "you" if v[2] == say.viewer else say.clan_name(v[2])
    return f"{say.says(v[0], 'help', 'helps', True)} {helped} with {card_words(v[1])}"


def _adapt(v: list[Any], say: Teller) -> str:
    taker = say.says(v[0], "take", "takes", True)
    if v[1] is None:
        return f"{taker} the top card of the adaptation deck"
    source = "the market" if v[2] == "market" else "the adaptation deck"
    return f"{taker} the adaptation card {card_words(v[1])} from {source}"


def _draw(v: list[Any], say: Teller) -> str:
    taker = say.says(v[0], "draw", "draws", True)
    return f"{taker} {card_words(v[1])}" if v[1] is not None else f"{taker} a card"


def _reroll(v: list[Any], say: Teller) -> str:
    n = len(v[1])
    return (
        f"{say.says(v[0], 'roll', 'rolls', True)} {n} {'die' if n == 1 else 'dice'} again:"
        f" the dice now show {dice_words(v[2])}"
    )


def _hit(v: list[Any], say: Teller) -> str:
    target = "a tribe" if v[1] == "tribe" else f"the {v[1]} spirit"
    used = dice_words(v[3])
    return f"{say.says(v[0], 'spend', 'spends', True)} {used} on {target} in {say.where(v[2])}"


def _development(v: list[Any], say: Teller) -> str:
    return (
        f"{cap(say.whose(v[0]))} degradation marker moves to {v[1]}: at the next generation"
        f" change, {v[1]} figurine{'s' if v[1] != 1 else ''} on the field bring no degradation card"
    )


def _degradation_check(v: list[Any], say: Teller) -> str:
    n = int(v[1])
    if n == 0:
        return "Degradation check: the marker covers every figurine on the field, no degradation card"
    return (
        f"Degradation check: {n} figurine{'s' if n != 1 else ''} on the field beyond the marker,"
        f" {n} degradation card{'s' if n != 1 else ''} to the discard pile"
    )


def _talent_used(v: list[Any], say: Teller) -> str:
    n = int(v[3])
    tokens = "a token" if n == 1 else f"{n} tokens"
    return f"{say.says(v[0], 'use', 'uses', True)} {tokens} of {talent_words(v[1])} in {say.where(v[2])}"


def _protected(v: list[Any], say: Teller) -> str:
    what = "a spirit's attack" if v[1] == "spirit" else "the tribes' attack"
    return f"The protection in {say.where(v[0])} stops {what}"


_TEXTS: dict[str, Any] = {
    "turn": lambda v, say: f"-- Turn {v[1]}: {say.whose(v[0])} turn (human phase, then the Ancients' phase)",
    "start": lambda v, say: (
        f"{say.says(v[0], 'start', 'starts', True)} with {say.own(v[0])} {listing(list(v[1]))}"
        f" figurine{'s' if len(v[1]) != 1 else ''} in the centre"
    ),
    "talent": lambda v, say: f"{say.says(v[0], 'choose', 'chooses', True)} the talent {talent_words(v[1])}",
    "human_card": _human_card,
    "human_reshuffle": lambda v, say: (
        f"The human deck is empty: its discard pile is shuffled into a new deck of {v[0]} cards"
    ),
    "portal_flip": lambda v, say: (
        f"A portal fragment turns face up ({v[1]} open now): every portal line not yet active gets"
        " one more condition"
    ),
    "discovery": lambda v, say: f"The humans make a discovery: {DISCOVERY_WORDS.get(str(v[0]), str(v[0]))}",
    "trail": lambda v, say: f"A new human trail opens in {say.where(v[1])} (trail token {v[0]})",
    "tribe": _tribe,
    "tribe_move": lambda v, say: f"A tribe moves from {say.where(v[0])} to {say.where(v[1])}",
    "tribe_attack": _tribe_attack,
    "tribe_idle": lambda v, say: (
        f"The other {tribes(v[1])} in {say.where(v[0])} do nothing more (one tribe summoned at the place"
        " of power)"
    ),
    "tribe_stay": lambda v, say: (
        f"{cap(tribes(v[1]))} in {say.where(v[0])} have nowhere to go (no place of power and no"
        " Ancients on the map) and stay"
    ),
    "tribe_removed": lambda v, say: f"A tribe in {say.where(v[0])} leaves the map: it became the spirit",
    "no_movement": lambda v, say: (
        f"No tribe moved: a tribe appears on every open trail in a {v[0]} territory"
    ),
    "spirit": _spirit,
    "spirit_move": lambda v, say: (
        f"The {say.spirit_name(v[0])} spirit moves from {say.where(v[1])} to {say.where(v[2])}"
    ),
    "spirit_stay": lambda v, say: (
        f"The {say.spirit_name(v[0])} spirit in {say.where(v[1])} has no Ancients to go to and stays"
    ),
    "population": _population,
    "action": lambda v, say: f"{say.says(v[0], 'choose', 'chooses', True)} the action {v[1]}",
    "no_action": lambda v, say: f"{say.says(v[0], 'have', 'has', True)} no action that the hand can pay for",
    "extra_action": lambda v, say: (
        f"{say.says(v[0], 'discard', 'discards', True)} {card_words(v[1])} to take one more, different action"
    ),
    "acts": lambda v, say: (
        f"{cap(say.whose(v[0]))} {v[1]} figurine in {say.where(v[3])} takes part in the {v[2]} action"
    ),
    "play": _play,
    "assist": _assist,
    "take_back": lambda v, say: f"{cap(card_words(v[1]))} goes back to {say.whose(v[0])} hand",
    "bonus": lambda v, say: (
        f"{cap(say.whose(v[0]))} {v[1]} figurine adds its bonus: one more point for the {v[2]} action"
    ),
    "draw3": lambda v, say: f"{say.says(v[0], 'play', 'plays', True)} a Draw 3 card: three cards are drawn",
    "move": lambda v, say: (
        f"{cap(say.whose(v[0]))} {v[1]} figurine moves from {say.where(v[2])} to {say.where(v[3])}"
    ),
    "shard_take": lambda v, say: (
        f"{cap(say.whose(v[0]))} {v[1]} figurine picks up a {v[2]} shard in {say.where(v[3])}"
    ),
    "shard_drop": lambda v, say: (
        f"{cap(say.whose(v[0]))} {v[1]} figurine puts down its {v[2]} shard in {say.where(v[3])}"
    ),
    "shard_dropped": lambda v, say: (
        f"{cap(say.whose(v[0]))} {v[1]} figurine leaves the field: the shard it carried stays in"
        f" {say.where(v[2])}"
    ),
    "shard_open": lambda v, say: f"The face-down shard in {say.where(v[0])} is turned face up: {v[1]}",
    "dice": lambda v, say: (
        f"{say.says(v[0], 'attack', 'attacks', True)} in {say.where(v[1])}: the dice show {dice_words(v[2])}"
    ),
    "reroll": _reroll,
    "hit": _hit,
    "development": _development,
    "adapt": _adapt,
    "adapt_declined": lambda v, say: (
        f"{say.says(v[0], 'take', 'takes', True)} no adaptation card for this point"
    ),
    "adapt_none": lambda v, say: (
        f"No adaptation card is left: {v[1]} development point{'s' if v[1] != 1 else ''} of"
        f" {say.whose(v[0])} are lost"
    ),
    "activation_failed": lambda v, say: (
        f"The activation of portal line {v[1]} in {say.where(v[2])} falls short of its cost: nothing is"
        " activated and every card goes back to its hand"
    ),
    "place_of_power": _place_of_power,
    "discard": lambda v, say: f"{say.says(v[0], 'discard', 'discards', True)} {card_words(v[1])}",
    "draw": _draw,
    "draw_stopped": lambda v, say: (
        f"Nothing is left to draw: {say.whose(v[0])} {v[1]} missing"
        f" card{'s' if v[1] != 1 else ''} stay undrawn"
    ),
    "market": lambda v, say: f"The adaptation market gets {card_words(v[0])}",
    "generation": lambda v, say: f"Generation change for {say.who(v[0])}: the deck is empty",
    "degradation_check": _degradation_check,
    "degradation": lambda v, say: (
        f"{say.says(v[0], 'take', 'takes', True)} a degradation card"
        + (" shuffled into the deck" if v[1:] == ["deck"] else " into the discard pile")
    ),
    "place": lambda v, say: (
        f"{say.says(v[0], 'place', 'places', True)} {say.own(v[0])} {v[1]} figurine in {say.where(v[2])}"
    ),
    "remove": lambda v, say: (
        f"{say.says(v[0], 'take', 'takes', True)} {say.own(v[0])} {v[1]} figurine off the field"
        f" (from {say.where(v[2])})"
    ),
    "swap": lambda v, say: (
        f"{say.says(v[0], 'swap', 'swaps', True)} {say.own(v[0])} {v[1]} and {v[2]} figurines"
        " (each takes the other's place)"
    ),
    "new_deck": lambda v, say: (
        f"{cap(say.whose(v[0]))} discard pile is shuffled into a new deck of {v[1]} cards"
    ),
    "talent_card": lambda v, say: (
        f"{say.says(v[0], 'discard', 'discards', True)} {card_words(v[1])} for a talent token next to"
        f" {say.own(v[0])} {v[2]} figurine"
    ),
    "token": lambda v, say: (
        f"{say.says(v[0], 'put', 'puts', True)} a {talent_words(v[1])} token in {say.where(v[2])}"
    ),
    "talent_used": _talent_used,
    "summon_blocked": lambda v, say: (
        f"The summoning in {say.where(v[0])} is blocked: the {tribes(v[1])} there stay and do nothing more"
    ),
    "protection": lambda v, say: f"{cap(say.where(v[0]))} is protected until the end of the turn",
    "protected": _protected,
    "protection_bonus": lambda v, say: (
        f"{cap(say.whose(v[0]))} dice in {say.where(v[1])} get +{v[2]} each (protection)"
    ),
    "trap": lambda v, say: f"{cap(say.whose(v[0]))} traps in {say.where(v[1])} roll {dice_words(v[2])}",
    "bait": lambda v, say: f"The bait in {say.where(v[0])} pulls in {tribes(v[1])}",
    "bait_hold": lambda v, say: f"The bait holds {tribes(v[1])} in {say.where(v[0])}",
    "trail_locked": lambda v, say: f"The trail in {say.where(v[0])} is locked: no tribe appears there",
    "end": _end,
}


def narration(happened: Sequence[Any], viewer: int | None, tables: Tables) -> list[str]:
    teller = Teller(tables, viewer)
    out = []
    for h in happened:
        text = _TEXTS.get(h.what)
        line = text(list(h.values), teller) if text is not None else happening_text(h, viewer, tables)
        if line:
            out.append(line)
    return out
