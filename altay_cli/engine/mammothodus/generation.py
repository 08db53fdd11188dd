"""The end of a clan's turn and the generation change of the Ancients.

Three routines:

- "end_turn": the clan may discard cards of its hand, then draws up to the hand size; the
  adaptation market is refilled; every clan's record of figurines that acted, and the shards
  carried this turn, are cleared.
- "draw" (local `n`): draw n cards one at a time; a card that must be drawn from an empty deck
  first changes the generation ("generation"), then the drawing goes on from the new deck. A
  "draw 3" adaptation card calls it with n = 3.
- "generation": the degradation check (M13), the population check (M12, M14) with the clan
  placing or removing figurines one at a time, the optional respecialisation (swaps), and the
  new deck shuffled from the discard pile.

Rulings of this part (to be copied into RULINGS.md; each is one constant here):

- M50 `MARKET_REFILL_FROM_EMPTY_DECK_LOSES = False`: an exhausted adaptation deck leaves the
  market short; it is not a defeat.
- M51 `STOP_DRAW_AFTER_EMPTY_GENERATION = True`: when a generation change leaves the deck
  empty (every card of the clan is in its hand), the draw stops there.
- M52 `PLACE_NEXT_TO_NEW_FIGURINES = True`: placements are made one at a time, and a figurine
  just placed counts for the next one (its territory and the adjacent ones become legal).
- M53 `MAX_SWAPS = 3`: at most three swaps per generation change.
- M54 `STATUS_FOLLOWS_LOCATION = True`: in a mid-turn generation change (a "draw 3" card), a
  swap passes "already acted" and a carried shard to the figurine that takes the place; a
  removed figurine leaves its carried shard in its territory.
- M55 `DISCARD_DEGRADATION_AT_END = False`: degradation cards cannot be discarded at the end of
  a turn (only playing them as the action gets rid of them).
- M56 `hand_size()` (data.limits.hand, 4): a hand above the size draws nothing and keeps its
  cards (a "draw 3" card may leave more than four).
- M57 `SWAP_WITH_OFF_FIELD = True`: a figurine on the field may swap with one off the field (a
  new specialisation in that place); swaps that change nothing are not offered.
- M58 `PLACING_REVEALS_SHARD = False`: a figurine placed at a generation change does not turn
  over the shard of its territory (only ending a move does, M10).
- M59 `POPULATION_CHECK_OPTIONAL = False`: the population check is compulsory: every missing
  figurine is placed and every extra one removed (no pass).
"""

from __future__ import annotations

from typing import Any

from ..steps import END
from . import ops
from .actions import Card, Place, Remove, Swap
from .frames import Frame
from .machine import STEPS, ask, call
from .state import COLORS, OFF, GameState

MARKET_REFILL_FROM_EMPTY_DECK_LOSES = False  # M50
#: M14: a clan whose population is at most this at a generation change loses the game for all
POPULATION_EXHAUSTED_AT = 0
STOP_DRAW_AFTER_EMPTY_GENERATION = True  # M51
PLACE_NEXT_TO_NEW_FIGURINES = True  # M52
MAX_SWAPS = 3  # M53: any order of four figurines is at most three swaps away
STATUS_FOLLOWS_LOCATION = True  # M54
DISCARD_DEGRADATION_AT_END = False  # M55
SWAP_WITH_OFF_FIELD = True  # M57
PLACING_REVEALS_SHARD = False  # M58
POPULATION_CHECK_OPTIONAL = False  # M59


def hand_size(g: GameState) -> int:
    """M56: the hand an end of turn fills up to (data.limits.hand)."""
    return g.data.limits.hand


# ---------------------------------------------------------------------------- end of turn
class EndTurn:
    """Discard any cards, draw up to the hand size, refill the market, clear the turn's marks."""

    @staticmethod
    def discard(g: GameState, f: Frame) -> Any:
        hand = g.clans[f.me].hand
        options = []
        for card in hand:
            if card == "degradation" and not DISCARD_DEGRADATION_AT_END:
                continue
            if Card(card) not in options:
                options.append(Card(card))
        return ask(g, f.me, options, "discard", "Discard a card before drawing, or pass", can_pass=True)

    @staticmethod
    def draw_up(g: GameState, f: Frame) -> Any:
        if g.ret is not None:
            clan = g.clans[f.me]
            card = g.ret.card
            clan.hand.remove(card)
            clan.discard.append(card)
            g.log.append(("discard", f.me, card))
            f.goto(EndTurn.discard)
            return None
        missing = hand_size(g) - len(g.clans[f.me].hand)
        if missing > 0:
            return call(g, "draw", f.me, n=missing)
        return None

    @staticmethod
    def refill(g: GameState, f: Frame) -> Any:
        refill_market(g)
        for clan in g.clans:
            clan.acted = []
        g.carried = {}
        return END


def refill_market(g: GameState) -> None:
    """Fill the adaptation market up to its size from the adaptation deck (M50: an empty deck
    leaves it short)."""
    size = g.data.adaptation.market
    while len(g.market) < size:
        if not g.adaptation_deck:
            if MARKET_REFILL_FROM_EMPTY_DECK_LOSES:
                ops.lose(g, "no_adaptation_cards")
            return
        index = g.adaptation_deck.pop()
        g.market.append(index)
        g.log.append(("market", g.tables.adaptation_names[index]))


# ---------------------------------------------------------------------------- drawing
class Draw:
    """Draw `n` cards; an empty deck changes the generation first (M51: once it stays empty)."""

    @staticmethod
    def draw(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        while f.v["n"] > 0 and clan.deck:
            card = clan.deck.pop()
            clan.hand.append(card)
            f.v["n"] -= 1
            f.v["fresh"] = False
            g.log.append(("draw", f.me, card))
        if f.v["n"] <= 0:
            return END
        if f.v.get("fresh") and STOP_DRAW_AFTER_EMPTY_GENERATION:
            g.log.append(("draw_stopped", f.me, f.v["n"]))
            return END
        f.v["fresh"] = True
        return call(g, "generation", f.me)

    @staticmethod
    def again(g: GameState, f: Frame) -> Any:
        f.goto(Draw.draw)


# ---------------------------------------------------------------------------- the generation change
class Generation:
    """The degradation check, the population check, the respecialisation, the new deck."""

    @staticmethod
    def degradation_check(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        g.log.append(("generation", f.me))
        cards = max(0, len(clan.on_field()) - clan.degradation)
        g.log.append(("degradation_check", f.me, cards))
        for _ in range(cards):
            ops.take_degradation(g, f.me)
        clan.degradation = g.data.degradation_track.start

    @staticmethod
    def population_check(g: GameState, f: Frame) -> Any:
        # M14: no population left at a generation change leaves no figurine on the field
        if g.clans[f.me].population <= POPULATION_EXHAUSTED_AT:
            ops.lose(g, "population_exhausted")
        f.v["swaps"] = 0
        f.v["anchors"] = tuple(g.clans[f.me].figurines[k] for k in g.clans[f.me].on_field())

    @staticmethod
    def adjust(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        want = g.tables.figurines_for(clan.population)
        have = len(clan.on_field())
        if have < want:
            places = placeable(g, f.me, f.v["anchors"])
            options = [
                Place(COLORS[k], t) for k, where in enumerate(clan.figurines) if where == OFF for t in places
            ]
            prompt = f"Place a figurine ({want - have} to place)"
            return ask(g, f.me, options, "place", prompt, can_pass=POPULATION_CHECK_OPTIONAL)
        if have > want:
            removals = [Remove(COLORS[k]) for k in clan.on_field()]
            prompt = f"Remove a figurine ({have - want} to remove)"
            return ask(g, f.me, removals, "remove", prompt, can_pass=POPULATION_CHECK_OPTIONAL)
        f.goto(Generation.swap_ask)
        return None

    @staticmethod
    def adjusted(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        action = g.ret
        if action is None:  # M59's alternative: the clan stops adjusting
            f.goto(Generation.swap_ask)
            return None
        k = COLORS.index(action.color)
        if isinstance(action, Place):
            clan.figurines[k] = action.territory
            g.log.append(("place", f.me, action.color, action.territory))
            if PLACING_REVEALS_SHARD:
                for shard, at in enumerate(g.shard_at):
                    if at == action.territory and not g.shard_open[shard]:
                        g.shard_open[shard] = True
                        g.log.append(
                            ("shard_open", action.territory, g.data.shards.types[g.shard_type[shard]])
                        )
        else:
            where = clan.figurines[k]
            clan.figurines[k] = OFF
            g.log.append(("remove", f.me, action.color, where))
            drop_carried(g, f.me, k, where)
        ops.check_win(g)
        f.goto(Generation.adjust)

    @staticmethod
    def swap_ask(g: GameState, f: Frame) -> Any:
        if f.v["swaps"] >= MAX_SWAPS:
            f.goto(Generation.new_deck)
            return None
        return ask(
            g, f.me, swaps(g, f.me), "swap", "Swap the specialisations of two figurines, or pass", True
        )

    @staticmethod
    def swapped(g: GameState, f: Frame) -> Any:
        if g.ret is None:
            return None
        a, b = COLORS.index(g.ret.a), COLORS.index(g.ret.b)
        swap(g, f.me, a, b)
        g.log.append(("swap", f.me, g.ret.a, g.ret.b))
        f.v["swaps"] += 1
        f.goto(Generation.swap_ask)

    @staticmethod
    def new_deck(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        clan.deck = clan.deck + clan.discard
        clan.discard = []
        g.rng.shuffle(clan.deck)
        g.log.append(("new_deck", f.me, len(clan.deck)))
        return END


def placeable(g: GameState, me: int, anchors: tuple[int, ...]) -> list[int]:
    """Where a clan may place a figurine at a generation change: the centre, a territory with
    one of its figurines, or one adjacent to such a territory. M52: figurines placed in this
    change count too (otherwise only `anchors`, the territories held before the check)."""
    held = [t for t in g.clans[me].figurines if t != OFF] if PLACE_NEXT_TO_NEW_FIGURINES else anchors
    out = {g.tables.centre}
    for where in held:
        out.add(where)
        out.update(g.tables.neighbours[where])
    return sorted(out)


def swaps(g: GameState, me: int) -> list[Swap]:
    """The swaps that change something: at least one figurine on the field (M57: the other may
    be off the field), the two not in the same place."""
    figs = g.clans[me].figurines
    out = []
    for a in range(len(COLORS)):
        for b in range(a + 1, len(COLORS)):
            if figs[a] == figs[b]:
                continue
            if (figs[a] == OFF or figs[b] == OFF) and not SWAP_WITH_OFF_FIELD:
                continue
            out.append(Swap(COLORS[a], COLORS[b]))
    return out


def _carried_key(g: GameState, me: int, k: int) -> str:
    """The key of g.carried for clan `me`'s figurine k ("clan:colour"; an index form is
    accepted too)."""
    for key in (f"{me}:{COLORS[k]}", f"{me}:{k}"):
        if key in g.carried:
            return key
    return f"{me}:{COLORS[k]}"


def swap(g: GameState, me: int, a: int, b: int) -> None:
    """Figurines a and b trade places; M54: what the place's figurine did this turn stays with
    the place."""
    clan = g.clans[me]
    clan.figurines[a], clan.figurines[b] = clan.figurines[b], clan.figurines[a]
    if not STATUS_FOLLOWS_LOCATION:
        return
    clan.acted = sorted({b if k == a else a if k == b else k for k in clan.acted})
    key_a, key_b = _carried_key(g, me, a), _carried_key(g, me, b)
    shard_a, shard_b = g.carried.pop(key_a, None), g.carried.pop(key_b, None)
    if shard_a is not None:
        g.carried[f"{me}:{COLORS[b]}"] = shard_a
    if shard_b is not None:
        g.carried[f"{me}:{COLORS[a]}"] = shard_b


def drop_carried(g: GameState, me: int, k: int, where: int) -> None:
    """M54: a figurine taken off the field leaves the shard it carried in its territory."""
    shard = g.carried.pop(_carried_key(g, me, k), None)
    if shard is not None and STATUS_FOLLOWS_LOCATION:
        g.shard_at[shard] = where
        g.log.append(("shard_dropped", me, COLORS[k], where))


STEPS.add_class("end_turn", EndTurn)
STEPS.add_class("draw", Draw)
STEPS.add_class("generation", Generation)
