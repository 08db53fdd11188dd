"""What the rules do to the state, one function each: the map's geometry, dice, damage,
humans and spirits appearing, trails, degradation cards, and the ends of the game (which raise
the step machine's GameEnded: "if the players must do something but can't, it is a defeat").

Every change is logged (state.log) for the events of the step."""

from __future__ import annotations

from ..steps import GameEnded  # the game is over (the state says how): unwind whatever was running
from .state import GameState, Phase, Result
from .vocabulary import EndReasonName


# ---------------------------------------------------------------------------- the map
def color_of(g: GameState, t: int) -> str | None:
    return g.tables.color[t]


def region_of(g: GameState, t: int) -> str | None:
    return g.tables.region[t]


# ---------------------------------------------------------------------------- figures
def ancient_count(g: GameState, t: int) -> int:
    return sum(1 for clan in g.clans for where in clan.figurines if where == t)


# ---------------------------------------------------------------------------- dice and damage
def roll(g: GameState) -> int:
    return g.rng.below(6) + 1


def dice_count(g: GameState, n: int) -> int:
    """How many dice an attack of n rolls: n, or the data's cap on the dice supply (M19)."""
    cap = g.data.dice.cap
    return n if cap is None else min(n, cap)


def damage(g: GameState, clan: int, amount: int, why: str) -> None:
    """The clan loses population; below the track's floor the players lose at once (M14)."""
    if amount <= 0:
        return
    c = g.clans[clan]
    c.population -= amount
    g.log.append(("population", clan, -amount, why))
    if c.population < g.data.population.lose_below:
        lose(g, "population_below_minimum")


def gain(g: GameState, clan: int, amount: int) -> None:
    c = g.clans[clan]
    before = c.population
    c.population = min(g.data.population.max, c.population + amount)
    g.log.append(("population", clan, c.population - before, "gain"))


# ---------------------------------------------------------------------------- humans and spirits
def add_tribe(g: GameState, t: int, why: str = "appear") -> None:
    """A tribe appears; one more than the data's limit (the stand-in's 13th) is a defeat."""
    if sum(g.tribes) >= g.data.limits.tribes:
        lose(g, "too_many_tribes")
    g.tribes[t] += 1
    g.log.append(("tribe", why, t))


def summon_spirit(g: GameState, t: int) -> int:
    """A random spirit card's figurine appears in t (one more than the limit is a defeat); returns the
    index of the spirit on the field."""
    if len(g.spirits) >= g.data.limits.spirits or not g.spirit_deck:
        lose(g, "too_many_spirits")
    card = g.spirit_deck.pop()
    g.spirits.append(t)
    g.spirit_on.append(card)
    g.log.append(("spirit", "summon", t, card))
    return len(g.spirits) - 1


def spirit_attack(g: GameState, t: int) -> None:
    """One die; every clan loses ceil(die / 2) per figurine of its own in t."""
    die = roll(g)
    per = (die + 1) // 2
    g.log.append(("spirit", "attack", t, die))
    for s, clan in enumerate(g.clans):
        figures = sum(1 for where in clan.figurines if where == t)
        if figures:
            damage(g, s, per * figures, "spirit")


def open_trail(g: GameState) -> None:
    """A New Trail card: a random trail token is placed on its territory (none left is a defeat)."""
    if not g.trail_tokens:
        lose(g, "too_many_trails")
    number = g.trail_tokens.pop()
    t = g.tables.trail_at[number]
    g.trails.append(t)
    g.log.append(("trail", number, t))


def take_degradation(g: GameState, clan: int, pile: str = "discard") -> None:
    """A degradation card goes to the clan's discard pile, or with `pile` "deck" is shuffled into
    its deck (the +2 DEGRADATIONS discovery, M26); none left is a defeat."""
    if g.degradation_supply <= 0:
        lose(g, "no_degradation_cards")
    g.degradation_supply -= 1
    c = g.clans[clan]
    if pile == "deck":
        c.deck.append("degradation")
        g.rng.shuffle(c.deck)
    else:
        c.discard.append("degradation")
    g.log.append(("degradation", clan, pile))


# ---------------------------------------------------------------------------- the end
def check_win(g: GameState) -> None:
    """Every place of power the data lists and a figurine of every clan in the centre: the team
    wins."""
    centre = g.tables.centre
    if all(t >= 0 for t in g.places) and all(centre in clan.figurines for clan in g.clans):
        finish(g, Result.WON, "portal_opened")
        raise GameEnded


def lose(g: GameState, reason: EndReasonName) -> None:
    finish(g, Result.LOST, reason)
    raise GameEnded


def finish(g: GameState, result: Result, reason: EndReasonName) -> None:
    g.phase = Phase.OVER
    g.result = result
    g.end_reason = reason
    g.log.append(("end", str(result), reason))
