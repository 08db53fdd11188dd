"""Mammothodus's Ancient talents (the advanced rules, `talents` option): the set-up choice (M63),
placing tokens in the Ancients' phase for a card (M64-M67), and each talent's effect as a
scenario (spirit call blocking, protection, trap, bait, trail lock: M68-M76), used and declined,
with the tokens' owners deciding; saving and observing a state with tokens; random games.

The stand-in map's colours: green 1, 8, 13, 14, 15; yellow 2, 3, 16, 17, 18; red 6, 7, 10, 11,
12; blue 4, 5, 9, 19, 20; the centre 0 has none. Trails start on 10, 13, 16, 19."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus import ancients, data, humans, machine, notation, ops
from altay_cli.engine.mammothodus.actions import (
    Card,
    ChooseAction,
    Figurine,
    Hit,
    Pass,
    Put,
    Start,
    Talent,
    Token,
    Use,
    action_from_builtins,
    action_to_builtins,
)
from altay_cli.engine.mammothodus.data import load
from altay_cli.engine.mammothodus.events import Happening
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.invariants import check_invariants
from altay_cli.engine.mammothodus.machine import MammothodusState
from altay_cli.engine.mammothodus.observe import observe
from altay_cli.engine.mammothodus.state import COLORS, OFF, GameState, MammothodusConfig, Phase
from altay_cli.engine.mammothodus.tables import standin

D = load()
TALENTS = list(D.talents.names)
SPIRITS = [s.name for s in D.spirits.cards]
EARTH, WIND = SPIRITS.index("Earth"), SPIRITS.index("Wind")
GAME = load_game("mammothodus")


# ---------------------------------------------------------------------------- building positions
def _begin_quietly(g: Any) -> None:
    g.phase = Phase.PLAY
    g.active = g.first
    g.turn = 1


def new(monkeypatch: pytest.MonkeyPatch, *talents: str, seed: int = 3) -> GameState:
    """A talents game past its set-up (clan s chose talents[s]) with an empty field: no tribes,
    spirits, shards or figurines, every hand in its deck."""
    monkeypatch.setattr(machine, "_begin", _begin_quietly)
    g = machine.new_game(MammothodusConfig(players=len(talents), seed=seed, talents=True))
    for _ in talents:
        machine.apply(g, Start(("red", "green")))
    for name in talents:
        machine.apply(g, Talent(name))
    assert g.phase is Phase.PLAY and not g.stack
    g.active, g.log = 0, []
    g.tribes = [0] * 21
    g.shard_at = [-1] * len(g.shard_at)
    g.shard_open = [False] * len(g.shard_open)
    for clan in g.clans:
        clan.figurines = [OFF] * 4
        clan.deck += clan.hand
        clan.hand = []
    return g


def figs(g: GameState, seat: int, **where: int) -> None:
    for color, t in where.items():
        g.clans[seat].figurines[COLORS.index(color)] = t


def tokens(g: GameState, seat: int, t: int, n: int = 1) -> None:
    """Clan `seat` has n tokens (from its reserve) lying in t."""
    for _ in range(n):
        g.talent_reserve[seat] -= 1
        g.talents[t].append(seat)


def set_hand(g: GameState, seat: int, cards: list[str]) -> None:
    """The clan's hand becomes `cards`, each taken from where it lies (its deck, the adaptation
    deck or market, the degradation supply), so every card stays accounted for."""
    clan = g.clans[seat]
    for card in cards:
        if card in COLORS:
            clan.deck.remove(card)
        elif card == "degradation":
            g.degradation_supply -= 1
        else:
            for pool in (g.adaptation_deck, g.market):
                found = [i for i in pool if data.adaptation_name(i) == card]
                if found:
                    pool.remove(found[0])
                    break
            else:
                raise AssertionError(f"no {card} card left")
        clan.hand.append(card)


def spirit(g: GameState, card: int, t: int) -> None:
    g.spirit_deck.remove(card)
    g.spirits.append(t)
    g.spirit_on.append(card)


def dice(monkeypatch: pytest.MonkeyPatch, *values: int) -> Iterator[int]:
    it = iter(values)
    monkeypatch.setattr(ops, "roll", lambda g: next(it))
    return it


def humans_phase(g: GameState, card: str, me: int = 0) -> None:
    """Clan `me`'s human phase with `card` (taken from the deck or the discard) on top of the
    human deck."""
    g.active = me
    (g.human_deck if card in g.human_deck else g.human_discard).remove(card)
    g.human_deck.append(card)
    g.log = []
    g.stack = [Frame("humans", me)]
    g._legal = None
    machine._run(g)


def ancients_phase(g: GameState, me: int = 0) -> None:
    g.active = me
    g.log = []
    g.stack = [Frame("ancients", me)]
    g._legal = None
    machine._run(g)


def opts(g: GameState) -> list[Any]:
    return machine.legal_actions(g)


def do(g: GameState, *actions: Any) -> None:
    for a in actions:
        machine.apply(g, a)


def asked(g: GameState, purpose: str, seat: int) -> None:
    ask = g.pending
    assert ask is not None, "no decision pending"
    assert (ask.purpose, ask.seat) == (purpose, seat), (ask.purpose, ask.seat, ask.options)


def done(g: GameState) -> None:
    assert not g.stack, g.stack[-1].to_dict() if g.stack else None
    assert check_invariants(g) == []


def logged(g: GameState, kind: str) -> list[tuple[Any, ...]]:
    return [e for e in g.log if e[0] == kind]


def pops(g: GameState) -> list[int]:
    return [c.population for c in g.clans]


# ---------------------------------------------------------------------------- set-up (M63, M15)
def test_each_clan_chooses_a_distinct_talent_and_takes_its_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine, "_begin", _begin_quietly)
    g = machine.new_game(MammothodusConfig(players=3, seed=1, talents=True))
    for _ in range(3):
        machine.apply(g, Start(("red", "blue")))
    assert g.phase is Phase.SETUP and g.to_move == 0
    assert opts(g) == [Talent(name) for name in TALENTS]
    assert [c.talent_tokens for c in observe(g, 1).clans] == [0, 0, 0]
    do(g, Talent("trap"))
    assert g.to_move == 1 and Talent("trap") not in opts(g) and len(opts(g)) == 4
    copy = MammothodusState.from_dict(json.loads(json.dumps(g.to_dict())))
    assert copy.digest() == g.digest() and copy.legal_actions() == opts(g)
    do(g, Talent("bait"))
    assert g.to_move == 2 and opts(g) == [Talent("spirit_block"), Talent("protection"), Talent("trail_lock")]
    do(g, Talent("protection"))
    assert g.phase is Phase.PLAY
    assert [machine.talent_name(g, s) for s in range(3)] == ["trap", "bait", "protection"]
    assert g.talent_reserve == [D.talents.tokens] * 3 == [3, 3, 3]  # M15
    view = observe(g, 2)
    assert [(c.talent, c.talent_tokens) for c in view.clans] == [("trap", 3), ("bait", 3), ("protection", 3)]
    assert ("talent", 2, "protection") in g.log
    assert check_invariants(g) == []


def test_without_talents_the_set_up_asks_no_talent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine, "_begin", _begin_quietly)
    g = machine.new_game(MammothodusConfig(players=2, seed=1))
    do(g, Start(("red", "blue")), Start(("red", "blue")))
    assert g.phase is Phase.PLAY and g.talents == [] and g.talent_of == [-1, -1]
    assert "talent_of" not in g.to_dict()  # the state of a game without talents keeps its form
    encoded = msgspec.json.encode(observe(g, 0)).decode()
    assert '"talent' not in encoded and '"protected"' not in encoded


def test_m63_a_talent_is_chosen_again_only_when_all_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    short = msgspec.structs.replace(D, talents=msgspec.structs.replace(D.talents, names=("trap", "bait")))
    monkeypatch.setattr(machine, "_begin", _begin_quietly)
    g = machine.new_game(MammothodusConfig(players=3, seed=1, talents=True, data=short))
    for _ in range(3):
        machine.apply(g, Start(("red", "blue")))
    do(g, Talent("bait"))
    assert opts(g) == [Talent("trap")]
    do(g, Talent("trap"))
    assert opts(g) == [Talent("trap"), Talent("bait")]  # more clans than talents: any again


# ---------------------------------------------------------------------------- placing tokens (M64-M67)
def test_a_card_of_a_figurines_colour_puts_a_token_next_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "bait")
    figs(g, 0, red=4, green=1)
    set_hand(g, 0, ["red", "green", "wild"])
    ancients_phase(g)
    asked(g, "action", 0)
    assert [o for o in opts(g) if isinstance(o, Token)] == [
        Token("red", "red"),
        Token("wild", "red"),
        Token("green", "green"),
        Token("wild", "green"),
    ]
    do(g, Token("red", "red"))
    asked(g, "put", 0)
    assert opts(g) == [Put(t) for t in (0, 3, 4, 5, 13, 14)]  # M66: its territory or an adjacent one
    do(g, Put(13))
    assert g.talents[13] == [0] and g.talent_reserve[0] == 2
    assert g.clans[0].discard == ["red"] and sorted(g.clans[0].hand) == ["green", "wild"]
    assert ("token", 0, "trap", 13) in g.log
    asked(g, "action", 0)  # back at the action choice
    seen = observe(g, 1).territories
    assert [(t.id, [(v.clan, v.talent) for v in t.talents]) for t in seen if t.talents] == [
        (13, [(0, "trap")])
    ]
    do(g, Token("wild", "green"))
    assert opts(g) == [Put(t) for t in (0, 1, 2, 8, 9, 10)]
    do(g, Put(2))
    assert g.talents[2] == [0] and g.talent_reserve[0] == 1
    do(g, Pass())
    done(g)


def test_a_double_card_puts_two_tokens_and_the_reserve_limits_them(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "bait")
    figs(g, 0, green=9)
    set_hand(g, 0, ["double:green", "green"])
    tokens(g, 0, 20, 1)
    ancients_phase(g)
    do(g, Token("double:green", "green"))
    asked(g, "put", 0)
    assert opts(g) == [Put(1), Put(9), Put(10), Put(20)]
    do(g, Put(10), Put(1))
    assert g.talent_reserve[0] == 0 and g.talents[10] == [0] and g.talents[1] == [0]
    asked(g, "action", 0)
    assert not any(isinstance(o, Token) for o in opts(g))  # the reserve is empty
    do(g, Pass())
    done(g)


def test_tokens_are_offered_between_figurines_and_after_the_last(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "bait", "trap")
    figs(g, 0, yellow=2)
    set_hand(g, 0, ["yellow", "yellow", "yellow"])
    ancients_phase(g)
    do(g, ChooseAction("population"))
    asked(g, "figurine", 0)
    assert opts(g) == [Figurine("yellow"), Token("yellow", "yellow"), Pass()]
    do(g, Figurine("yellow"), Pass())  # its first card had one answer: played without asking
    asked(g, "figurine", 0)  # the figurine has acted: only the token remains, or pass
    assert opts(g) == [Token("yellow", "yellow"), Pass()]
    do(g, Token("yellow", "yellow"), Put(11))
    asked(g, "figurine", 0)
    do(g, Pass())
    done(g)
    assert g.talents[11] == [0] and g.clans[0].population == 7 + 1 + 1 and g.clans[0].hand == ["yellow"]


def test_m67_a_token_rules_out_the_degradation_action(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "bait")
    figs(g, 0, red=4)
    g.tribes[4] = 1
    set_hand(g, 0, ["degradation", "red", "red"])
    ancients_phase(g)
    assert ChooseAction("degradation") in opts(g) and Token("red", "red") in opts(g)
    do(g, Token("red", "red"), Put(4))
    asked(g, "action", 0)
    assert opts(g) == [ChooseAction("attack"), Token("red", "red"), Pass()]


def test_m67_a_degradation_turn_allows_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "bait")
    figs(g, 0, red=4)
    g.tribes[4] = 1
    set_hand(g, 0, ["degradation", "extra:red", "red"])
    ancients_phase(g)
    assert Token("red", "red") in opts(g)
    do(g, ChooseAction("degradation"))  # its one card is played without asking
    asked(g, "extra", 0)
    do(g, Card("extra:red"))
    asked(g, "action", 0)
    assert opts(g) == [ChooseAction("attack"), Pass()]  # no token in this turn
    do(g, ChooseAction("attack"))
    assert opts(g) == [Figurine("red"), Pass()]  # no token between figurines either
    assert all(not t for t in g.talents) and g.talent_reserve[0] == 3


# ---------------------------------------------------------------------------- spirit call blocking (M70)
def test_spirit_call_blocking_stops_the_summoning_the_tribes_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "spirit_block", "trap")
    g.places[0] = 7
    g.tribes[7] = 2
    figs(g, 1, red=7)
    tokens(g, 0, 7)
    humans_phase(g, "red", me=1)  # clan 1's turn; clan 0 owns the token and decides
    asked(g, "use", 0)
    assert opts(g) == [Use("spirit_block", 7, 1), Pass()]
    do(g, Use("spirit_block", 7, 1))
    done(g)
    assert g.spirits == [] and g.tribes[7] == 2 and pops(g) == [7, 7]
    assert g.talents[7] == [] and g.talent_reserve[0] == 3  # M68: back in the reserve
    assert ("summon_blocked", 7, 2) in g.log and ("talent_used", 0, "spirit_block", 7, 1) in g.log


def test_a_declined_spirit_call_blocking_token_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "spirit_block", "trap")
    g.places[0] = 7
    g.tribes[7] = 2
    figs(g, 1, red=7)
    tokens(g, 0, 7)
    dice(monkeypatch, 6)
    humans_phase(g, "red", me=1)
    do(g, Pass())
    done(g)
    assert g.spirits == [7] and g.tribes[7] == 1 and pops(g) == [7, 4]
    assert g.talents[7] == [0] and g.talent_reserve[0] == 2


# ---------------------------------------------------------------------------- protection (M71)
def test_protection_stops_every_attack_there_this_turn_and_adds_two_to_the_dice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new(monkeypatch, "trap", "protection")
    figs(g, 0, red=4)
    g.tribes[4] = 2
    spirit(g, WIND, 4)  # activated after the tribes of its territory (M22)
    tokens(g, 1, 4)
    humans_phase(g, "blue")
    asked(g, "use", 1)
    assert opts(g) == [Use("protection", 4, 1), Pass()]
    do(g, Use("protection", 4, 1))
    done(g)
    assert pops(g) == [7, 7] and g.protected == [4]
    assert ("protected", 4, "tribes") in g.log and ("protected", 4, "spirit") in g.log
    assert observe(g, 0).territories[4].protected and g.talents[4] == []
    # the same turn's Ancients' phase: +2 to each die of an attack there (a 2 hits the tribe)
    set_hand(g, 0, ["red"])
    dice(monkeypatch, 2, 1)  # one card and the red figurine's bonus: two dice
    ancients_phase(g)
    do(g, ChooseAction("attack"), Figurine("red"))  # its one card is played without asking
    assert ("protection_bonus", 0, 4, 2) in g.log
    assert ("dice", 0, 4, (4, 3)) in g.log  # rolled 2 and 1
    while g.pending is not None and g.pending.purpose == "reroll":
        do(g, Pass())
    asked(g, "hit", 0)
    do(g, Hit("tribe"))
    done(g)
    assert g.tribes[4] == 1
    # the end of the turn ends the protection
    g.stack = []
    machine.Turn.next_clan(g, Frame("turn", 0))
    assert g.protected == []


def test_a_declined_protection_lets_the_attack_happen(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "protection")
    figs(g, 0, red=4)
    g.tribes[4] = 2
    tokens(g, 1, 4)
    humans_phase(g, "blue")
    do(g, Pass())
    done(g)
    assert pops(g) == [5, 7] and g.protected == [] and g.talents[4] == [1]


# ---------------------------------------------------------------------------- trap (M72, M73)
def test_traps_roll_one_die_each_at_a_tribe_entering(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "protection", "trap")
    g.discoveries = [list(D.discoveries.cards).index("move_attack")]  # entering tribes attack
    figs(g, 0, red=15)
    g.tribes[14] = 1
    tokens(g, 1, 15, 2)
    dice(monkeypatch, 5, 1)
    humans_phase(g, "green")  # the tribe of 14 steps to the Ancients in 15
    asked(g, "use", 1)
    assert opts(g) == [Use("trap", 15, 1), Use("trap", 15, 2), Pass()]
    do(g, Use("trap", 15, 2))
    done(g)
    assert ("trap", 1, 15, (5, 1)) in g.log and ("tribe", "destroyed", 15) in g.log
    assert g.tribes[14] == g.tribes[15] == 0 and pops(g) == [7, 7]  # destroyed before attacking
    assert g.talents[15] == [] and g.talent_reserve[1] == 3


def test_a_missed_trap_is_spent_and_the_tribe_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "protection", "trap")
    g.discoveries = [list(D.discoveries.cards).index("move_attack")]
    figs(g, 0, red=15)
    g.tribes[14] = 1
    tokens(g, 1, 15, 2)
    dice(monkeypatch, 3)
    humans_phase(g, "green")
    do(g, Use("trap", 15, 1))
    done(g)
    assert g.tribes[15] == 1 and pops(g) == [6, 7]  # MOVE + ATTACK: it attacks where it arrived
    assert g.talents[15] == [1] and g.talent_reserve[1] == 2


def test_a_trap_can_destroy_a_spirit_entering(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "protection", "trap")
    figs(g, 0, red=15)
    spirit(g, EARTH, 13)  # green; the nearest Ancients are in 15
    tokens(g, 1, 15, 3)
    dice(monkeypatch, 4, 6)
    humans_phase(g, "green")
    asked(g, "use", 1)
    do(g, Use("trap", 15, 2))
    done(g)
    assert g.spirits == [] and EARTH in g.spirit_deck and pops(g) == [7, 7]
    assert g.talents[15] == [1]


def test_traps_do_not_act_on_tribes_appearing_on_a_trail(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "protection", "trap")
    figs(g, 0, red=0)
    tokens(g, 1, 13, 2)
    humans_phase(g, "green")  # nothing moves: a tribe appears on the green trail of 13
    done(g)
    assert g.tribes[13] == 1 and g.talents[13] == [1, 1]


def test_declining_a_trap(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "protection", "trap")
    figs(g, 0, red=15)
    g.tribes[14] = 1
    tokens(g, 1, 15)
    humans_phase(g, "green")
    asked(g, "use", 1)
    do(g, Pass())
    done(g)
    assert g.tribes[15] == 1 and g.talents[15] == [1]


# ---------------------------------------------------------------------------- bait (M74, M75)
def test_the_bait_pulls_the_neighbouring_tribes_in_and_holds_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "bait", "trap")
    figs(g, 1, red=5)
    for t in (1, 2, 3, 10, 9):
        g.tribes[t] = 1
    tokens(g, 0, 2)
    humans_phase(g, "yellow", me=1)  # yellow activates 2 and 3; the bait is offered first (M74)
    asked(g, "use", 0)
    do(g, Use("bait", 2, 1))
    done(g)
    # 1, 3 and 10 border 2; 9 does not. The tribe of 2 would have moved: it stays (M75)
    assert {t: n for t, n in enumerate(g.tribes) if n} == {2: 4, 9: 1}
    assert ("bait", 2, 3) in g.log and ("bait_hold", 2, 1) in g.log
    assert not logged(g, "no_movement")  # the pull is a move: no tribe appears
    assert g.talents[2] == [] and g.talent_reserve[0] == 3


def test_a_declined_bait_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "bait", "trap")
    figs(g, 1, red=5)
    g.tribes[10] = 1  # red: not activated by yellow
    tokens(g, 0, 2)
    humans_phase(g, "yellow", me=1)
    asked(g, "use", 0)
    do(g, Pass())
    done(g)
    assert g.tribes[10] == 1 and g.talents[2] == [0]


def test_a_bait_with_no_tribe_near_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "bait", "trap")
    figs(g, 1, red=5)
    g.tribes[17] = 1
    tokens(g, 0, 2)
    humans_phase(g, "red", me=1)
    done(g)
    assert g.talents[2] == [0]


# ---------------------------------------------------------------------------- trail lock (M76)
def test_a_trail_lock_stops_one_appearance(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trail_lock", "trap")
    figs(g, 0, red=0)
    tokens(g, 0, 13, 2)
    humans_phase(g, "green")
    asked(g, "use", 0)
    assert opts(g) == [Use("trail_lock", 13, 1), Pass()]  # one token per appearance
    do(g, Use("trail_lock", 13, 1))
    done(g)
    assert g.tribes[13] == 0 and ("trail_locked", 13) in g.log and g.talents[13] == [0]
    assert 13 in g.trails  # the trail stays open
    humans_phase(g, "green")
    do(g, Pass())  # declined: the tribe appears
    done(g)
    assert g.tribes[13] == 1 and g.talents[13] == [0]


# ---------------------------------------------------------------------------- saving and observing
def test_a_state_with_tokens_round_trips_through_json_mid_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "protection")
    figs(g, 0, red=15)
    g.tribes[14] = 1
    tokens(g, 0, 15, 2)
    tokens(g, 1, 15)
    g.protected = [8]
    humans_phase(g, "green")
    asked(g, "use", 0)
    data_ = json.loads(json.dumps(g.to_dict()))
    assert data_["talents"][15] == [0, 0, 1] and data_["talent_of"] == [TALENTS.index("trap"), 1]
    assert data_["talent_reserve"] == [1, 2] and data_["protected"] == [8]
    copy = MammothodusState.from_dict(data_)
    assert copy.digest() == g.digest() and copy.legal_actions() == opts(g)
    assert msgspec.json.encode(observe(copy, 1)) == msgspec.json.encode(observe(g, 1))
    for state in (g, copy):
        monkeypatch.setattr(ops, "roll", lambda s: 6)
        machine.apply(state, Use("trap", 15, 2))
    assert copy.digest() == g.digest() and not g.stack
    with pytest.raises(ValueError):
        MammothodusState.from_dict({**data_, "talent_of": [0]})


def test_tokens_talents_and_owners_are_public(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, "trap", "bait")
    tokens(g, 0, 5)
    tokens(g, 1, 5)
    for seat in (0, 1):
        view = observe(g, seat)
        assert [(v.clan, v.talent) for v in view.territories[5].talents] == [(0, "trap"), (1, "bait")]
        assert [(c.talent, c.talent_tokens) for c in view.clans] == [("trap", 2), ("bait", 2)]
    assert GAME.search.perturb_hidden(g, 0, 1).talents == g.talents


def test_the_notation_names_every_talent_action() -> None:
    legal = [Talent("trap"), Token("double:red", "green"), Put(5), Use("trap", 5, 1), Use("trap", 5, 2)]
    for a in legal:
        text = notation.command_text(a)
        assert legal[notation.parse(legal, text)] == a, text
        assert notation.describe(a) and action_from_builtins(action_to_builtins(a)) == a
    assert notation.command_text(Use("trap", 5, 2)) == "use trap 5 2"
    assert notation.parse(legal, "use trap 5 1") == 3
    assert notation.parse([Talent("trail_lock"), Talent("trap")], "talent trai") == 0
    assert notation.parse([Put(13), Put(3)], "put 3") == 1
    for kind, values in (
        ("talent", [0, "trap"]),
        ("token", [0, "trap", 5]),
        ("talent_used", [1, "bait", 2, 1]),
        ("trap", [1, 15, [5, 1]]),
        ("bait", [2, 3]),
        ("trail_locked", [13]),
        ("summon_blocked", [7, 2]),
        ("protection", [4]),
    ):
        text = notation.happening_text(Happening(kind, values), 0, standin())
        assert text and not text.startswith(f"{kind}:"), text


# ---------------------------------------------------------------------------- random games
def test_random_games_with_talents_keep_their_invariants() -> None:
    used: set[str] = set()
    for seed in range(24):
        players = 1 + seed % 4
        options = {"talents": True, "discoveries": seed % 3 == 0, "max_turns": 60}
        state = GAME.new_state(GAME.make_config(players, 500 + seed, options))
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal
            if n % 5 == 0:
                assert GAME.check_invariants(state) == [], (seed, n)
                again = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
                assert again.digest() == state.digest() and again.legal_actions() == legal
                msgspec.json.encode(state.observation(n % players))
            for a in legal:
                assert legal[GAME.text.parse(state, GAME.text.command_text(a))] == a
            state.apply(legal[rng.randrange(len(legal))])
            used.update(e[0] for e in state.log)
            n += 1
        assert GAME.check_invariants(state) == []
    assert {"talent", "token", "talent_used", "trap", "bait"} <= used


def test_the_rulings_are_named_constants() -> None:
    assert machine.TALENTS_DISTINCT and machine.PROTECTION_DICE_BONUS == 2
    assert ancients.TOKENS_AT_PHASE_DECISIONS and ancients.TOKEN_ADAPTATION_CARDS
    assert ancients.TOKEN_NEXT_TO_FIGURINE and ancients.DEGRADATION_EXCLUDES_TALENTS
    assert humans.TOKEN_RETURNS_TO_OWNER and humans.OWNERS_CLOCKWISE and humans.BLOCKED_TRIBES_IDLE
    assert humans.TRAPS_HIT_ONLY_ENTERING and humans.TRAP_ON_BAIT_PULL and humans.BAIT_AT_REVEAL
    assert humans.BAIT_PULL_IS_A_MOVE and humans.LOCK_PER_APPEARANCE
    from altay_cli.engine.mammothodus.static import rulings

    ids = {r.id for r in rulings()}
    assert {f"M{i}" for i in range(63, 77)} <= ids
