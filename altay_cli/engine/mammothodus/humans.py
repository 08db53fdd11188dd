"""The human phase of a clan's turn (routine "humans", `f.me` the active clan), and the human
discoveries of the advanced game.

The phase reveals the top human card; an empty deck is first rebuilt (the leftmost closed
portal fragment turns over, the advanced game reveals a human discovery, the discard is
shuffled). A New Trail card opens a trail. A coloured card activates every tribe and spirit
standing, when the card is revealed, in a territory of that colour (M3: the centre has none),
territory by territory (M17, M22). A tribe summons a spirit at a place of power, attacks where
Ancients stand, and otherwise takes one step toward the nearest place of power or the largest
concentration of Ancients. A spirit attacks where it stands or goes to the nearest Ancients and
attacks there. When no tribe moved, a tribe appears on every trail of the card's colour. Where
the humans could go several ways, the active clan directs them (a `Direct` decision).

Rulings of this module (see RULINGS.md for M1-M20): M21-M26, M28, M29, each one named constant
below. The helpers `hit_threshold`, `human_attack_bonus`, `move_attack`, `appear_move` and
`discovered` tell the other phases which discoveries are in force.
"""

from __future__ import annotations

from typing import Any

from . import ops
from .actions import Direct
from .data import load
from .frames import Frame
from .machine import END, ask, routine, steps_of
from .state import GameState

# ---------------------------------------------------------------------------- rulings
#: M21: with no place of power and no Ancient figurine on the field, a tribe that would move and
#: a spirit that would move have no target: they stay where they are (a tribe that stayed has
#: not moved, so the spawn rule may still apply). False: "must do but can't", a defeat.
NO_TARGET_STAYS = True
#: M22: M17's order, read as "territory by territory, each territory's tribes then its spirits";
#: the alternative "tribes_first" activates every tribe (by territory) before any spirit.
ACTIVATION_ORDER = "by_territory"
#: M23: the activated tribes of one territory attack together, as one attack: the +1 TO ATTACK
#: bonus counts once per attacked figurine for the whole group (the rulebook's "four tribes: five").
#: A tribe that attacks after a move (MOVE + ATTACK) makes an attack of its own. False: every
#: tribe attacks on its own (the bonus once per tribe).
GROUP_ATTACK = True
#: M24: +1 TO ATTACK strengthens the attacks of human tribes only, not those of spirits.
ATTACK_BONUS_FOR_SPIRITS = False
#: M25: with APPEARANCE + MOVEMENT, the step a newly appeared tribe takes is a move, so MOVE +
#: ATTACK makes it attack where it arrives (only the appearance itself is exempt).
APPEAR_MOVE_ATTACKS = True
#: M26: +2 DEGRADATIONS: the two cards go to the active clan's discard pile (ops.take_degradation,
#: like every degradation card) and the discovery leaves play (it is not kept among g.discoveries).
DEGRADATION_DISCOVERY_KEPT = False
#: M28: a reshuffle with no closed portal fragment left turns nothing over and is not a defeat
#: (likewise an empty discovery deck reveals nothing).
ALL_OPEN_FLIP_LOSES = False
#: M29: when several tribes of one territory move with a tie, the active clan directs each of them
#: separately (they may split). False: one decision sends the whole group the same way.
DIRECT_EACH_TRIBE = True

# ---------------------------------------------------------------------------- discoveries
MOVE_ATTACK = "move_attack"
DEFENCE_PLUS_1 = "defence_plus_1"
ATTACK_PLUS_1 = "attack_plus_1"
APPEAR_MOVE = "appear_move"
DEGRADATION_PLUS_2 = "degradation_plus_2"


def discovered(g: GameState, name: str) -> bool:
    """Whether the human discovery `name` (data.discoveries.cards) is in force."""
    cards = load().discoveries.cards
    return any(cards[i] == name for i in g.discoveries)


def hit_threshold(g: GameState) -> int:
    """The die result an Ancient needs to destroy a human tribe: 4, or 5 with +1 TO DEFENSE."""
    return load().dice.hit + (1 if discovered(g, DEFENCE_PLUS_1) else 0)


def human_attack_bonus(g: GameState) -> int:
    """Extra population each attacked Ancient figurine costs per tribe attack (+1 TO ATTACK)."""
    return 1 if discovered(g, ATTACK_PLUS_1) else 0


def move_attack(g: GameState) -> bool:
    """MOVE + ATTACK: a tribe that moves attacks the Ancients where it arrives."""
    return discovered(g, MOVE_ATTACK)


def appear_move(g: GameState) -> bool:
    """APPEARANCE + MOVEMENT: a tribe that appears on a trail moves at once."""
    return discovered(g, APPEAR_MOVE)


# ---------------------------------------------------------------------------- geometry
def activates(t: int, color: str) -> bool:
    """Whether figures in territory t act on a human card of this colour (M3)."""
    c = ops.color_of(t)
    return load().map.centre_activates if c is None else c == color


def places_of_power(g: GameState) -> set[int]:
    return {t for t in g.places if t >= 0}


def tribe_steps(g: GameState, t: int) -> tuple[int, ...]:
    """The adjacent territories a tribe in t may step to (several: the active clan chooses).

    Distance by distance from 1: a place of power at that distance is the target; else the
    territories at that distance holding the most Ancient figurines. The steps are the
    neighbours of t on a shortest path to a target. Empty when there is no target at all (M21)."""
    dist = ops.distances()
    places = places_of_power(g)
    counts = {x: ops.ancient_count(g, x) for x in range(len(dist))}
    if not places and not any(counts.values()):
        return ()
    row = dist[t]
    for d in range(1, max(row) + 1):
        ring = [x for x in range(len(row)) if row[x] == d]
        targets = [x for x in ring if x in places]
        if not targets:
            best = max((counts[x] for x in ring), default=0)
            targets = [x for x in ring if best and counts[x] == best]
        if targets:
            return tuple(nb for nb in ops.neighbours()[t] if any(dist[nb][x] == d - 1 for x in targets))
    return ()


def spirit_targets(g: GameState, t: int) -> tuple[int, ...]:
    """Where a spirit in t (with no Ancients there) goes: the nearest territories with Ancient
    figurines, and among them those with the most figurines. Empty when there are none (M21)."""
    row = ops.distances()[t]
    counts = {x: ops.ancient_count(g, x) for x in range(len(row))}
    held = [x for x, n in counts.items() if n]
    if not held:
        return ()
    near = min(row[x] for x in held)
    closest = [x for x in held if row[x] == near]
    most = max(counts[x] for x in closest)
    return tuple(x for x in closest if counts[x] == most)


def no_target(g: GameState) -> None:
    """A figure that must move has nowhere to go (M21): it stays, or under the alternative the
    players lose ("must do but can't")."""
    if not NO_TARGET_STAYS:
        ops.lose(g, "humans_without_target")


def spirit_name(card: int) -> str:
    return load().spirits.cards[card].name


# ---------------------------------------------------------------------------- effects
def reshuffle(g: GameState, me: int) -> None:
    """The human deck ran out: turn over the leftmost closed portal fragment, reveal a human
    discovery (advanced game), shuffle the discard into a new deck."""
    if g.portal_open < len(g.portal):
        g.portal_open += 1
        g.log.append(("portal_flip", g.portal[g.portal_open - 1], g.portal_open))
    elif ALL_OPEN_FLIP_LOSES:
        ops.lose(g, "portal_track_exhausted")
    if g.config.discoveries and g.discovery_deck:
        card = g.discovery_deck.pop()
        name = load().discoveries.cards[card]
        g.log.append(("discovery", name))
        if name == DEGRADATION_PLUS_2:
            ops.take_degradation(g, me)
            ops.take_degradation(g, me)
        if name != DEGRADATION_PLUS_2 or DEGRADATION_DISCOVERY_KEPT:
            g.discoveries.append(card)
    g.human_deck = g.human_discard
    g.human_discard = []
    g.rng.shuffle(g.human_deck)
    g.log.append(("human_reshuffle", len(g.human_deck)))


def tribes_attack(g: GameState, t: int, tribes: int) -> None:
    """`tribes` tribes attack in t, as one attack (M23): each clan loses, per figurine of its own
    there, one per tribe plus the +1 TO ATTACK bonus."""
    bonus = human_attack_bonus(g)
    g.log.append(("tribe_attack", t, tribes, bonus))
    for s, clan in enumerate(g.clans):
        figures = sum(1 for where in clan.figurines if where == t)
        if figures:
            ops.damage(g, s, figures * (tribes + bonus), "tribe")


def spirit_attack(g: GameState, t: int) -> None:
    """A spirit attacks in t (ops.spirit_attack), with the +1 TO ATTACK bonus only under M24's
    alternative."""
    ops.spirit_attack(g, t)
    if ATTACK_BONUS_FOR_SPIRITS and human_attack_bonus(g):
        for s, clan in enumerate(g.clans):
            figures = sum(1 for where in clan.figurines if where == t)
            ops.damage(g, s, figures * human_attack_bonus(g), "spirit")


def activation_jobs(g: GameState, color: str) -> tuple[tuple[str, int, int], ...]:
    """The figures a card of this colour activates, fixed at reveal time (M17, M22): ("tribes",
    territory, how many) and ("spirit", spirit card, territory)."""
    tribes: list[tuple[str, int, int]] = []
    spirits: list[tuple[str, int, int]] = []
    for t in range(len(g.tribes)):
        if not activates(t, color):
            continue
        if g.tribes[t] > 0:
            tribes.append(("tribes", t, g.tribes[t]))
        here = [("spirit", g.spirit_on[k], t) for k, where in enumerate(g.spirits) if where == t]
        (spirits if ACTIVATION_ORDER == "tribes_first" else tribes).extend(here)
    return (*tribes, *spirits)


# ---------------------------------------------------------------------------- the routine
DISPATCH, MOVE_ASK, MOVE_DO, SPIRIT_DO, SPAWN, SPAWN_LOOP = 1, 2, 3, 4, 5, 6


class Humans:
    """The human phase of clan `f.me`'s turn."""

    def s0(g: GameState, f: Frame) -> Any:
        """Reveal the top human card (rebuilding an empty deck first)."""
        if not g.human_deck:
            reshuffle(g, f.me)
        if not g.human_deck:
            ops.lose(g, "no_human_cards")  # "must do but can't"; the stand-in deck never empties
        card = g.human_deck.pop()
        g.human_discard.append(card)
        g.log.append(("human_card", card))
        if card == "new_trail":
            ops.open_trail(g)
            return END
        f.v.update(color=card, jobs=activation_jobs(g, card), i=0, moved=False)
        return None

    def s1(g: GameState, f: Frame) -> Any:
        """The next activated figure, in order."""
        jobs = f.v["jobs"]
        i = f.v["i"]
        if i >= len(jobs):
            f.pc = SPAWN
            return None
        f.v["i"] = i + 1
        f.pc = DISPATCH
        kind, a, b = jobs[i]
        if kind == "tribes":
            t = a
            n = min(b, g.tribes[t])
            if n <= 0:
                return None
            if t in places_of_power(g):
                ops.summon_spirit(g, t)
                g.tribes[t] -= 1
                g.log.append(("tribe_removed", t, "summon"))
                if ops.ancient_count(g, t):
                    spirit_attack(g, t)
                if n > 1:
                    g.log.append(("tribe_idle", t, n - 1))
                return None
            if ops.ancient_count(g, t):
                for size in (n,) if GROUP_ATTACK else (1,) * n:
                    tribes_attack(g, t, size)
                return None
            f.v.update(src=t, left=n, after=DISPATCH)
            f.pc = MOVE_ASK
            return None
        card = a
        if card not in g.spirit_on:
            return None
        t = g.spirits[g.spirit_on.index(card)]
        if ops.ancient_count(g, t):
            spirit_attack(g, t)
            return None
        options = spirit_targets(g, t)
        if not options:
            no_target(g)
            g.log.append(("spirit_stay", card, t))
            return None
        f.v["card"] = card
        f.pc = SPIRIT_DO
        where = ", ".join(str(x) for x in options)
        prompt = (
            f"the {spirit_name(card)} spirit in territory {t} goes to the nearest Ancients and attacks:"
            f" choose its territory ({where})"
        )
        return ask(g, f.me, [Direct(spirit_name(card), x) for x in options], "direct", prompt)

    def s2(g: GameState, f: Frame) -> Any:
        """One tribe of territory `src` moves one step (`left` of them still to move)."""
        t = f.v["src"]
        if f.v["left"] <= 0:
            f.pc = f.v["after"]
            return None
        options = tribe_steps(g, t)
        if not options:
            no_target(g)
            g.log.append(("tribe_stay", t, f.v["left"]))
            f.v["left"] = 0
            f.pc = f.v["after"]
            return None
        f.pc = MOVE_DO
        where = ", ".join(str(x) for x in options)
        prompt = f"a human tribe in territory {t} moves one step: choose where it goes ({where})"
        return ask(g, f.me, [Direct("tribe", x) for x in options], "direct", prompt)

    def s3(g: GameState, f: Frame) -> Any:
        """The tribe (or, under M29's alternative, the whole group) steps to the chosen territory;
        with MOVE + ATTACK it attacks there."""
        t = f.v["src"]
        to = g.ret.to
        g.ret = None  # an action struct is not JSON: never leave one behind (state.to_dict)
        n = 1 if DIRECT_EACH_TRIBE else f.v["left"]
        g.tribes[t] -= n
        g.tribes[to] += n
        for _ in range(n):
            g.log.append(("tribe_move", t, to))
        if f.v["after"] == DISPATCH:
            f.v["moved"] = True
        if move_attack(g) and ops.ancient_count(g, to) and (f.v["after"] == DISPATCH or APPEAR_MOVE_ATTACKS):
            tribes_attack(g, to, n)
        f.v["left"] -= n
        f.pc = MOVE_ASK
        return None

    def s4(g: GameState, f: Frame) -> Any:
        """The spirit goes to the chosen territory and attacks there."""
        card = f.v["card"]
        k = g.spirit_on.index(card)
        t = g.spirits[k]
        to = g.ret.to
        g.ret = None
        g.spirits[k] = to
        g.log.append(("spirit_move", card, t, to))
        spirit_attack(g, to)
        f.pc = DISPATCH
        return None

    def s5(g: GameState, f: Frame) -> Any:
        """No tribe moved: a tribe appears on every open trail of the card's colour."""
        if f.v["moved"]:
            return END
        color = f.v["color"]
        g.log.append(("no_movement", color))
        f.v.update(spawn=tuple(t for t in sorted(g.trails) if activates(t, color)), j=0)
        return None

    def s6(g: GameState, f: Frame) -> Any:
        spawn = f.v["spawn"]
        j = f.v["j"]
        if j >= len(spawn):
            return END
        f.v["j"] = j + 1
        t = spawn[j]
        ops.add_tribe(g, t)
        f.pc = SPAWN_LOOP
        if appear_move(g) and t not in places_of_power(g) and not ops.ancient_count(g, t):
            f.v.update(src=t, left=1, after=SPAWN_LOOP)
            f.pc = MOVE_ASK
        return None


routine("humans", *steps_of(Humans))
