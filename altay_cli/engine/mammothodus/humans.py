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

The Ancient talents (advanced, `config.talents`) act here: each token on the field is offered to
its owner (a `Use` decision, routine "talent_use") at its moment. A spirit call blocking token
when humans summon a spirit at its place of power; a protection token when tribes or a spirit
attack in its territory; traps when tribes or a spirit enter its territory; a bait when a
coloured human card is revealed; a trail lock when a tribe would appear on its trail. Rulings
M68-M76 (RULINGS.md), each a named constant below. Without talents the routine runs exactly as
before (no question, no local of its own).

Log kinds of the talents: ("talent_used", owner, talent, territory, tokens), ("summon_blocked",
territory, tribes), ("protected", territory, what) (an attack that did not happen), ("protection",
territory), ("trap", owner, territory, dice), ("bait", territory, tribes pulled), ("bait_hold",
territory, tribes), ("trail_locked", territory).
"""

from __future__ import annotations

from typing import Any

from ..steps import END, Flow, position
from . import ops
from .actions import Direct, Use
from .ancients import is_draw3, play_draw3, with_draw3_anytime
from .frames import Frame
from .machine import STEPS, Step, ask, call, protection_bonus
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
#: M26: +2 DEGRADATIONS: the rulebook's "immediately puts two degradation cards into his deck":
#: the two cards are shuffled into the active clan's deck, its draw pile (False: into its discard
#: pile, like the degradation check's cards, the engine's earlier reading). The discovery then
#: leaves play ("this card is out of the play": it is not kept among g.discoveries).
DEGRADATION_DISCOVERY_INTO_DECK = True
DEGRADATION_DISCOVERY_KEPT = False
#: M28: a reshuffle with no closed portal fragment left turns nothing over and is not a defeat
#: (likewise an empty discovery deck reveals nothing).
ALL_OPEN_FLIP_LOSES = False
#: M29: when several tribes of one territory move with a tie, the active clan directs each of them
#: separately (they may split). False: one decision sends the whole group the same way.
DIRECT_EACH_TRIBE = True

# ---------------------------------------------------------------------------- talent rulings
#: M68: a token that has been used goes back to its owner's reserve and may be placed again (the
#: card that placed it was the price). False: it leaves the game.
TOKEN_RETURNS_TO_OWNER = True
#: M69: a token's moment is offered to its owner (a decision even in another clan's turn); when
#: clans hold tokens of one talent in one place (possible only with repeated talents, M63) the
#: owners are asked clockwise from the active clan and the first that uses tokens settles it.
#: A moment is offered only when the token would change something.
OWNERS_CLOCKWISE = True
#: M70: a blocked summoning leaves every tribe of that territory where it is, doing nothing else
#: this activation (no attack, no move: the place of power is still their business).
BLOCKED_TRIBES_IDLE = True
#: M72: the owner chooses how many traps of the territory to spring at once; their dice are rolled
#: together as one attack on the figures entering (no re-rolls: no clan is attacking). A die at
#: the tribe threshold (4, 5 with +1 TO DEFENCE) destroys one entering tribe; a spirit falls to its
#: card's dice. Every trap sprung leaves the field, whatever the dice.
TRAPS_HIT_ONLY_ENTERING = True
#: M73: "entering" is a tribe's move (a step, the step after appearing under APPEARANCE +
#: MOVEMENT, the pull of a bait) and a spirit's move; not appearing on a trail, not a summoning.
TRAP_ON_BAIT_PULL = True
#: M74: a bait may be used when a coloured human card is revealed, after the figures it activates
#: are fixed (M17) and before any acts; the baits' territories are offered in ascending order,
#: each only if a tribe stands in it or next to it.
BAIT_AT_REVEAL = True
#: M75: a used bait pulls every tribe of every adjacent territory (activated or not, but not from
#: a territory whose bait was used this phase) into its territory; the tribes there do not move
#: for the rest of the phase (they still summon and attack). The pull is a move: it counts for the
#: spawn rule ("no tribe moved") and for MOVE + ATTACK.
BAIT_PULL_IS_A_MOVE = True
#: M76: a trail lock is offered each time a tribe would appear on its trail (a trail already open,
#: or one that opens later); one token stops that one appearance and the trail stays open.
LOCK_PER_APPEARANCE = True

SPIRIT_BLOCK, PROTECTION, TRAP, BAIT, TRAIL_LOCK = "spirit_block", "protection", "trap", "bait", "trail_lock"
#: every talent this module implements (validate.py refuses data naming another)
TALENTS = (SPIRIT_BLOCK, PROTECTION, TRAP, BAIT, TRAIL_LOCK)


def talent_tokens(g: GameState, t: int, talent: str) -> int:
    """How many tokens of `talent` lie in territory t (0 without talents)."""
    if not g.config.talents:
        return 0
    names = g.tables.talent_names
    return sum(1 for owner in g.talents[t] if g.talent_of[owner] >= 0 and names[g.talent_of[owner]] == talent)


def offer(g: GameState, f: Frame, talent: str, t: int, then: Step, why: str, many: bool = False) -> Flow:
    """Ask the owners of `talent` tokens in t whether to use them (routine "talent_use"); the
    frame resumes at step `then` with g.ret (owner, tokens used) or None."""
    f.goto(then)
    return call(g, "talent_use", f.me, talent=talent, at=t, many=many, why=why)


class TalentUse:
    """v: talent, at, many, why. The owners of `talent` tokens in `at`, clockwise from the active
    clan (M69), each may use them; returns (owner, tokens) in g.ret, or None."""

    @staticmethod
    def owners(g: GameState, f: Frame) -> Any:
        index = g.tables.talent_names.index(f.v["talent"])
        seats = [(g.active + i) % g.n for i in range(g.n)] if OWNERS_CLOCKWISE else list(range(g.n))
        here = g.talents[f.v["at"]]
        f.v.update(order=tuple(s for s in seats if g.talent_of[s] == index and s in here), i=0)

    @staticmethod
    def ask_owner(g: GameState, f: Frame) -> Any:
        order = f.v["order"]
        if f.v["i"] >= len(order):
            g.ret = None
            return END
        owner = order[f.v["i"]]
        t = f.v["at"]
        most = g.talents[t].count(owner) if f.v["many"] else 1
        options = with_draw3_anytime(g, owner, [Use(f.v["talent"], t, n) for n in range(1, most + 1)], True)
        return ask(g, owner, options, "use", f.v["why"], can_pass=True)

    @staticmethod
    def answered(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            f.v["i"] += 1
            f.goto(TalentUse.ask_owner)
            return None
        owner = f.v["order"][f.v["i"]]
        if is_draw3(choice):  # M44: then the same owner is asked again
            f.goto(TalentUse.ask_owner)
            return play_draw3(g, owner)
        t = f.v["at"]
        for _ in range(choice.n):
            g.talents[t].remove(owner)
        if TOKEN_RETURNS_TO_OWNER:
            g.talent_reserve[owner] += choice.n
        g.log.append(("talent_used", owner, choice.talent, t, choice.n))
        g.ret = (owner, choice.n)
        return END


# ---------------------------------------------------------------------------- discoveries
MOVE_ATTACK = "move_attack"
DEFENCE_PLUS_1 = "defence_plus_1"
ATTACK_PLUS_1 = "attack_plus_1"
APPEAR_MOVE = "appear_move"
DEGRADATION_PLUS_2 = "degradation_plus_2"
#: every discovery this module implements (validate.py refuses data naming another)
DISCOVERIES = (MOVE_ATTACK, DEFENCE_PLUS_1, ATTACK_PLUS_1, APPEAR_MOVE, DEGRADATION_PLUS_2)


def discovered(g: GameState, name: str) -> bool:
    """Whether the human discovery `name` (data.discoveries.cards) is in force."""
    cards = g.tables.discovery_names
    return any(cards[i] == name for i in g.discoveries)


def hit_threshold(g: GameState) -> int:
    """The die result an Ancient needs to destroy a human tribe: the data's (4), one more with
    +1 TO DEFENSE."""
    return g.data.dice.hit + (1 if discovered(g, DEFENCE_PLUS_1) else 0)


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
def activates(g: GameState, t: int, color: str) -> bool:
    """Whether figures in territory t act on a human card of this colour (M3)."""
    c = g.tables.color[t]
    return g.data.map.centre_activates if c is None else c == color


def places_of_power(g: GameState) -> set[int]:
    return {t for t in g.places if t >= 0}


def tribe_steps(g: GameState, t: int) -> tuple[int, ...]:
    """The adjacent territories a tribe in t may step to (several: the active clan chooses).

    Distance by distance from 1: a place of power at that distance is the target; else the
    territories at that distance holding the most Ancient figurines. The steps are the
    neighbours of t on a shortest path to a target. Empty when there is no target at all (M21)."""
    dist = g.tables.distances
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
            return tuple(nb for nb in g.tables.neighbours[t] if any(dist[nb][x] == d - 1 for x in targets))
    return ()


def spirit_targets(g: GameState, t: int) -> tuple[int, ...]:
    """Where a spirit in t (with no Ancients there) goes: the nearest territories with Ancient
    figurines, and among them those with the most figurines. Empty when there are none (M21)."""
    row = g.tables.distances[t]
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


def spirit_name(g: GameState, card: int) -> str:
    return g.tables.spirits[card].name


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
        name = g.tables.discovery_names[card]
        g.log.append(("discovery", name))
        if name == DEGRADATION_PLUS_2:
            pile = "deck" if DEGRADATION_DISCOVERY_INTO_DECK else "discard"  # M26
            ops.take_degradation(g, me, pile)
            ops.take_degradation(g, me, pile)
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
        if not activates(g, t, color):
            continue
        if g.tribes[t] > 0:
            tribes.append(("tribes", t, g.tribes[t]))
        here = [("spirit", g.spirit_on[k], t) for k, where in enumerate(g.spirits) if where == t]
        (spirits if ACTIVATION_ORDER == "tribes_first" else tribes).extend(here)
    return (*tribes, *spirits)


# ---------------------------------------------------------------------------- the routine


def _summon(g: GameState, f: Frame, t: int, n: int) -> Any:
    """The tribes of t (n activated) summon a spirit at its place of power; the spirit attacks
    the Ancients there. The frame goes on at `dispatch`."""
    ops.summon_spirit(g, t)
    g.tribes[t] -= 1
    g.log.append(("tribe_removed", t, "summon"))
    if not g.config.talents:
        if ops.ancient_count(g, t):
            spirit_attack(g, t)
        if n > 1:
            g.log.append(("tribe_idle", t, n - 1))
        return None
    if n > 1:
        g.log.append(("tribe_idle", t, n - 1))
    return _attack(g, f, ("spirit", t, n), position(Humans.dispatch))


def _attack(g: GameState, f: Frame, job: tuple[str, int, int], back: int) -> Any:
    """Talents: an attack of humans ("tribes": the activated group, "move_attack": tribes that
    just moved, "spirit") goes through the step `attack` (a protection may stop it), then on
    at the step at position `back` (steps.position)."""
    f.v.update(atk=job, aback=back)
    f.goto(Humans.attack)
    return None


def _enter(g: GameState, f: Frame, entering: tuple[str, int, int], strike: bool, back: int) -> Any:
    """Talents: figures entered a territory (("tribes", territory, how many) or ("spirit",
    territory, card)): traps may spring (the step `enter`), then tribes attack under MOVE +
    ATTACK when `strike`, a spirit always; then on at the step at position `back`."""
    f.v.update(ent=entering, strike=strike, eback=back)
    f.goto(Humans.enter)
    return None


def _spirit_at(g: GameState, card: int, t: int) -> int:
    """The index on the field of spirit card `card` if it stands in t, else -1."""
    if card in g.spirit_on:
        k = g.spirit_on.index(card)
        if g.spirits[k] == t:
            return k
    return -1


def _appear(g: GameState, f: Frame, t: int) -> Any:
    ops.add_tribe(g, t)
    f.goto(Humans.spawn_loop)
    if appear_move(g) and t not in places_of_power(g) and not ops.ancient_count(g, t):
        f.v.update(src=t, left=1, after=position(Humans.spawn_loop))
        f.goto(Humans.move_ask)
    return None


class Humans:
    """The human phase of clan `f.me`'s turn."""

    @staticmethod
    def reveal(g: GameState, f: Frame) -> Any:
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
        if g.config.talents:
            f.v.update(bait_at=-1, baited=())
            f.goto(Humans.bait_loop if BAIT_AT_REVEAL else Humans.dispatch)
        return None

    @staticmethod
    def dispatch(g: GameState, f: Frame) -> Any:
        """The next activated figure, in order."""
        jobs = f.v["jobs"]
        i = f.v["i"]
        if i >= len(jobs):
            f.goto(Humans.spawn)
            return None
        f.v["i"] = i + 1
        f.goto(Humans.dispatch)
        kind, a, b = jobs[i]
        if kind == "tribes":
            t = a
            n = min(b, g.tribes[t])
            if n <= 0:
                return None
            if t in places_of_power(g):
                if talent_tokens(g, t, SPIRIT_BLOCK):
                    f.v["blk"] = (t, n)
                    why = f"Humans summon a spirit at the place of power in T{t}: block it, or pass"
                    return offer(g, f, SPIRIT_BLOCK, t, Humans.block_do, why)
                return _summon(g, f, t, n)
            if ops.ancient_count(g, t):
                if g.config.talents:
                    return _attack(g, f, ("tribes", t, n), position(Humans.dispatch))
                for size in (n,) if GROUP_ATTACK else (1,) * n:
                    tribes_attack(g, t, size)
                return None
            f.v.update(src=t, left=n, after=position(Humans.dispatch))
            f.goto(Humans.move_ask)
            return None
        card = a
        if card not in g.spirit_on:
            return None
        t = g.spirits[g.spirit_on.index(card)]
        if ops.ancient_count(g, t):
            if g.config.talents:
                return _attack(g, f, ("spirit", t, card), position(Humans.dispatch))
            spirit_attack(g, t)
            return None
        options = spirit_targets(g, t)
        if not options:
            no_target(g)
            g.log.append(("spirit_stay", card, t))
            return None
        f.v["card"] = card
        f.goto(Humans.spirit_do)
        where = ", ".join(str(x) for x in options)
        prompt = (
            f"the {spirit_name(g, card)} spirit in territory {t} goes to the nearest Ancients and attacks:"
            f" choose its territory ({where})"
        )
        choices = with_draw3_anytime(g, f.me, [Direct(spirit_name(g, card), x) for x in options], False)
        return ask(g, f.me, choices, "direct", prompt)

    @staticmethod
    def move_ask(g: GameState, f: Frame) -> Any:
        """One tribe of territory `src` moves one step (`left` of them still to move)."""
        t = f.v["src"]
        if f.v["left"] <= 0:
            f.pc = f.v["after"]
            return None
        if g.config.talents and t in f.v["baited"]:  # M75: held by the bait
            g.log.append(("bait_hold", t, f.v["left"]))
            f.v["left"] = 0
            f.pc = f.v["after"]
            return None
        options = tribe_steps(g, t)
        if not options:
            no_target(g)
            g.log.append(("tribe_stay", t, f.v["left"]))
            f.v["left"] = 0
            f.pc = f.v["after"]
            return None
        f.goto(Humans.move_do)
        where = ", ".join(str(x) for x in options)
        prompt = f"a human tribe in territory {t} moves one step: choose where it goes ({where})"
        choices = with_draw3_anytime(g, f.me, [Direct("tribe", x) for x in options], False)
        return ask(g, f.me, choices, "direct", prompt)

    @staticmethod
    def move_do(g: GameState, f: Frame) -> Any:
        """The tribe (or, under M29's alternative, the whole group) steps to the chosen territory;
        with MOVE + ATTACK it attacks there."""
        if is_draw3(g.ret):  # M44: the tribe is directed again after the draw
            g.ret = None
            f.goto(Humans.move_ask)
            return play_draw3(g, f.me)
        t = f.v["src"]
        to = g.ret.to
        g.ret = None  # an action struct is not JSON: never leave one behind (state.to_dict)
        n = 1 if DIRECT_EACH_TRIBE else f.v["left"]
        g.tribes[t] -= n
        g.tribes[to] += n
        for _ in range(n):
            g.log.append(("tribe_move", t, to))
        if f.v["after"] == position(Humans.dispatch):
            f.v["moved"] = True
        strike = move_attack(g) and (f.v["after"] == position(Humans.dispatch) or APPEAR_MOVE_ATTACKS)
        f.v["left"] -= n
        f.goto(Humans.move_ask)
        if g.config.talents:
            return _enter(g, f, ("tribes", to, n), strike, position(Humans.move_ask))
        if strike and ops.ancient_count(g, to):
            tribes_attack(g, to, n)
        return None

    @staticmethod
    def spirit_do(g: GameState, f: Frame) -> Any:
        """The spirit goes to the chosen territory and attacks there."""
        if is_draw3(g.ret):  # M44: the spirit is activated again after the draw
            g.ret = None
            f.v["i"] -= 1
            f.goto(Humans.dispatch)
            return play_draw3(g, f.me)
        card = f.v["card"]
        k = g.spirit_on.index(card)
        t = g.spirits[k]
        to = g.ret.to
        g.ret = None
        g.spirits[k] = to
        g.log.append(("spirit_move", card, t, to))
        f.goto(Humans.dispatch)
        if g.config.talents:
            return _enter(g, f, ("spirit", to, card), True, position(Humans.dispatch))
        spirit_attack(g, to)
        return None

    @staticmethod
    def spawn(g: GameState, f: Frame) -> Any:
        """No tribe moved: a tribe appears on every open trail of the card's colour."""
        if f.v["moved"]:
            return END
        color = f.v["color"]
        g.log.append(("no_movement", color))
        f.v.update(spawn=tuple(t for t in sorted(g.trails) if activates(g, t, color)), j=0)
        return None

    @staticmethod
    def spawn_loop(g: GameState, f: Frame) -> Any:
        spawn = f.v["spawn"]
        j = f.v["j"]
        if j >= len(spawn):
            return END
        f.v["j"] = j + 1
        t = spawn[j]
        if talent_tokens(g, t, TRAIL_LOCK):
            f.v["lock"] = t
            why = f"A human tribe would appear on the trail of T{t}: lock the trail with a token, or pass"
            return offer(g, f, TRAIL_LOCK, t, Humans.lock_do, why)
        return _appear(g, f, t)

    # ------------------------------------------------------------------ talents (M68-M76)
    @staticmethod
    def bait_loop(g: GameState, f: Frame) -> Any:
        """The next territory (ascending) with a bait and a tribe in or next to it."""
        nb = g.tables.neighbours
        for t in range(f.v["bait_at"] + 1, len(g.tribes)):
            if talent_tokens(g, t, BAIT) and (g.tribes[t] or any(g.tribes[x] for x in nb[t])):
                f.v["bait_at"] = t
                why = (
                    f"Humans act on the {f.v['color']} card: use the bait in T{t} (the tribes next to it"
                    " move in, those in it stay), or pass"
                )
                return offer(g, f, BAIT, t, Humans.bait_do, why)
        f.goto(Humans.dispatch)
        return None

    @staticmethod
    def bait_do(g: GameState, f: Frame) -> Any:
        """The bait pulls the tribes next to it in (M75)."""
        t = f.v["bait_at"]
        f.goto(Humans.bait_loop)
        if g.ret is None:
            return None
        g.ret = None
        held = f.v["baited"]
        f.v["baited"] = (*held, t)
        pulled = 0
        for x in g.tables.neighbours[t]:
            if x in held:
                continue
            while g.tribes[x] > 0:
                g.tribes[x] -= 1
                g.tribes[t] += 1
                g.log.append(("tribe_move", x, t))
                pulled += 1
        g.log.append(("bait", t, pulled))
        if not pulled:
            return None
        if BAIT_PULL_IS_A_MOVE:
            f.v["moved"] = True
        _enter(
            g, f, ("tribes", t, pulled), move_attack(g) and BAIT_PULL_IS_A_MOVE, position(Humans.bait_loop)
        )
        if not TRAP_ON_BAIT_PULL:
            f.goto(Humans.after_enter)  # M73's alternative: no trap on the pull
        return None

    @staticmethod
    def enter(g: GameState, f: Frame) -> Any:
        """Traps may spring on the figures entering (M72, M73)."""
        kind, t, x = f.v["ent"]
        f.goto(Humans.after_enter)
        present = min(x, g.tribes[t]) > 0 if kind == "tribes" else _spirit_at(g, x, t) >= 0
        if not present or not talent_tokens(g, t, TRAP):
            return None
        what = f"{x} human tribe(s)" if kind == "tribes" else f"the {spirit_name(g, x)} spirit"
        why = f"{what} enter T{t}: spring traps there (one attack die each), or pass"
        return offer(g, f, TRAP, t, Humans.trap_do, why, many=True)

    @staticmethod
    def trap_do(g: GameState, f: Frame) -> Any:
        """The sprung traps' dice, as one attack on the entering figures."""
        f.goto(Humans.after_enter)
        if g.ret is None:
            return None
        owner, n = g.ret
        g.ret = None
        kind, t, x = f.v["ent"]
        bonus = protection_bonus(g, t)
        dice = tuple(ops.roll(g) + bonus for _ in range(ops.dice_count(g, n)))
        g.log.append(("trap", owner, t, dice))
        if kind == "tribes":
            kills = min(sum(1 for v in dice if v >= hit_threshold(g)), x, g.tribes[t])
            for _ in range(kills):
                g.tribes[t] -= 1
                g.log.append(("tribe", "destroyed", t))
            f.v["ent"] = (kind, t, x - kills)
            return None
        spirit = g.tables.spirits[x]
        k = _spirit_at(g, x, t)
        if k >= 0 and sum(1 for v in dice if v >= spirit.min) >= spirit.dice:
            from .ancients import destroy_spirit

            destroy_spirit(g, k)
        return None

    @staticmethod
    def after_enter(g: GameState, f: Frame) -> Any:
        """What entered attacks (tribes under MOVE + ATTACK, a spirit always)."""
        kind, t, x = f.v["ent"]
        back = f.v["eback"]
        f.pc = back
        if kind == "tribes":
            n = min(x, g.tribes[t])
            if n > 0 and f.v["strike"] and ops.ancient_count(g, t):
                return _attack(g, f, ("move_attack", t, n), back)
            return None
        if _spirit_at(g, x, t) >= 0:
            return _attack(g, f, ("spirit", t, x), back)
        return None

    @staticmethod
    def attack(g: GameState, f: Frame) -> Any:
        """Humans attack in t unless a protection guards it or is used now (M71)."""
        kind, t, x = f.v["atk"]
        f.pc = f.v["aback"]
        if not ops.ancient_count(g, t):
            return None
        if t in g.protected:
            g.log.append(("protected", t, kind))
            return None
        g.ret = None
        if talent_tokens(g, t, PROTECTION):
            what = "a spirit attacks" if kind == "spirit" else f"{x} human tribe(s) attack"
            why = f"{what} the Ancients in T{t}: use a protection token (no attack there this turn), or pass"
            return offer(g, f, PROTECTION, t, Humans.attack_do, why)
        f.goto(Humans.attack_do)
        return None

    @staticmethod
    def attack_do(g: GameState, f: Frame) -> Any:
        """The attack, or the protection it met."""
        kind, t, x = f.v["atk"]
        f.pc = f.v["aback"]
        if g.ret is not None:
            g.ret = None
            g.protected.append(t)
            g.log.append(("protection", t))
            g.log.append(("protected", t, kind))
            return None
        if kind == "spirit":
            spirit_attack(g, t)
        elif kind == "tribes":
            for size in (x,) if GROUP_ATTACK else (1,) * x:
                tribes_attack(g, t, size)
        else:
            tribes_attack(g, t, x)
        return None

    @staticmethod
    def block_do(g: GameState, f: Frame) -> Any:
        """A spirit call blocking token stops the summoning (M70), or it happens."""
        t, n = f.v["blk"]
        f.goto(Humans.dispatch)
        if g.ret is not None:
            g.ret = None
            g.log.append(("summon_blocked", t, n))
            return None
        return _summon(g, f, t, n)

    @staticmethod
    def lock_do(g: GameState, f: Frame) -> Any:
        """A trail lock keeps this trail's tribe from appearing, or it appears."""
        t = f.v["lock"]
        if g.ret is not None:
            g.ret = None
            g.log.append(("trail_locked", t))
            f.goto(Humans.spawn_loop)
            return None
        return _appear(g, f, t)


STEPS.add_class("humans", Humans)
STEPS.add_class("talent_use", TalentUse)
