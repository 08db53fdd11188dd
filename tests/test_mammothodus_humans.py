"""Mammothodus: the human phase (routine "humans") and the human discoveries, with the rulings
M21-M26, M28 and M29. Each test builds a position by hand on the stand-in map (M2, M3) and pushes
the routine; the whole turn loop belongs to other tests.

The stand-in map's colours: green 1, 8, 13, 14, 15; yellow 2, 3, 16, 17, 18; red 6, 7, 10, 11,
12; blue 4, 5, 9, 19, 20; the centre 0 has none. Trails start on 10, 13, 16, 19."""

from __future__ import annotations

import json
from typing import Any

import pytest

from altay_cli.engine.mammothodus import humans, machine, ops
from altay_cli.engine.mammothodus.actions import Direct, Start
from altay_cli.engine.mammothodus.data import load
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.machine import MammothodusState
from altay_cli.engine.mammothodus.state import OFF, GameState, MammothodusConfig, Phase, Result

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3
EARTH, WIND, PROGENITORS = 0, 1, 2
DISCOVERIES = load().discoveries.cards


def _begin_quietly(g: Any) -> None:
    """The set-up's end without starting the first turn."""
    g.phase = Phase.PLAY
    g.active = g.first
    g.turn = 1


def new(monkeypatch: pytest.MonkeyPatch, players: int = 2, seed: int = 3, discoveries: bool = False) -> Any:
    """A game past its set-up with an empty field: no tribes, spirits or figurines, the initial
    trails, no place of power, the portal's first four fragments open."""
    monkeypatch.setattr(machine, "_begin", _begin_quietly)
    g = machine.new_game(MammothodusConfig(players=players, seed=seed, discoveries=discoveries))
    for _ in range(players):
        machine.apply(g, Start(("red", "green")))
    assert g.phase is Phase.PLAY and not g.stack
    g.tribes = [0] * 21
    for clan in g.clans:
        clan.figurines = [OFF, OFF, OFF, OFF]
    g.discoveries = []
    return g


def put(g: GameState, clan: int, color: int, t: int) -> None:
    g.clans[clan].figurines[color] = t


def spirit(g: GameState, card: int, t: int) -> None:
    g.spirits.append(t)
    g.spirit_on.append(card)
    g.spirit_deck.remove(card)


def discover(g: GameState, *names: str) -> None:
    g.discoveries = [DISCOVERIES.index(n) for n in names]


def run(g: GameState, card: str, me: int = 0) -> None:
    """The human phase of clan `me` with `card` on top of the human deck."""
    g.human_deck.append(card)
    g.log = []
    g.stack = [Frame("humans", me)]
    g._legal = None
    machine._run(g)


def asked(g: GameState) -> list[Any] | None:
    return None if g.pending is None else machine.legal_actions(g)


def answer(g: GameState, action: Any) -> None:
    machine.apply(g, action)


def next_die(g: GameState) -> int:
    """The next die the game's generator will roll."""
    return g.rng.fork().below(6) + 1


def pops(g: GameState) -> list[int]:
    return [c.population for c in g.clans]


def done(g: GameState) -> bool:
    return not g.stack and g.phase is Phase.PLAY


def tribes_at(g: GameState) -> dict[int, int]:
    return {t: n for t, n in enumerate(g.tribes) if n}


# ---------------------------------------------------------------------------- the rulebook's examples
def test_example_1_green_card_moves_attack_spirit_and_no_new_tribes(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[0] = 11  # a place of power two steps from territory 1, by 2 or by 10
    put(g, 0, RED, 6)  # clan 0: one figurine, in 6
    put(g, 1, RED, 15)  # clan 1: one figurine, in 15
    g.tribes[1] = 1  # no target next door: one step toward the place of power (a choice)
    g.tribes[14] = 1  # next to the Ancient in 15: moves there
    g.tribes[15] = 1  # with the Ancient: attacks
    g.tribes[19] = 1  # blue: not activated
    spirit(g, EARTH, 8)  # green, no Ancients: goes to the nearest (6, two steps) and attacks
    die = next_die(g)
    run(g, "green")
    # the place of power (distance 2) outranks the Ancients also at distance 2 (6)
    assert asked(g) == [Direct("tribe", 2), Direct("tribe", 10)]
    assert g.pending.seat == 0 and "territory 1" in g.pending.prompt
    answer(g, Direct("tribe", 10))
    assert done(g)
    # 1 -> 10, 14 -> 15; the tribe of 15 attacked alone (the newcomer had already acted)
    assert tribes_at(g) == {10: 1, 15: 2, 19: 1}
    assert g.spirits == [6] and g.spirit_on == [EARTH]
    assert pops(g) == [7 - (die + 1) // 2, 7 - 1]
    # tribes moved: no tribe appears on the green trail of 13
    assert g.tribes[13] == 0
    assert ("no_movement", "green") not in g.log


def test_example_2_yellow_card_attack_summoning_and_new_tribes(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[0] = 2  # an activated place of power in yellow 2
    g.trails.append(18)  # a second yellow trail (16 is an initial one)
    g.tribes[3] = 3  # three tribes with clan 0's figurine: they attack, -3
    put(g, 0, RED, 3)
    g.tribes[2] = 2  # two tribes at the place of power, with clan 1's figurine
    put(g, 1, YELLOW, 2)
    g.tribes[10] = 1  # red: not activated
    card = g.spirit_deck[-1]
    die = next_die(g)
    run(g, "yellow")
    assert done(g)
    assert pops(g) == [7 - 3, 7 - (die + 1) // 2]
    # one tribe became the spirit, which attacked once (it is not activated again this phase)
    assert g.spirits == [2] and g.spirit_on == [card]
    assert g.tribes[2] == 1 and g.tribes[3] == 3
    assert [e for e in g.log if e[:2] == ("spirit", "attack")] == [("spirit", "attack", 2, die)]
    # no tribe moved: a tribe appears on every yellow trail (16 and 18), not on other trails
    assert tribes_at(g) == {2: 1, 3: 3, 10: 1, 16: 1, 18: 1}


# ---------------------------------------------------------------------------- the card and the deck
def test_revealed_card_goes_to_the_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.human_deck = ["red", "blue"]
    g.human_discard = ["green"]
    run(g, "yellow")
    assert g.human_deck == ["red", "blue"] and g.human_discard == ["green", "yellow"]
    assert g.log[0] == ("human_card", "yellow")


def test_new_trail_card_opens_a_trail_and_activates_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.trail_tokens = [5, 2]  # token 2 is next: trail position 2 is territory 11
    g.tribes[13] = 2
    put(g, 0, RED, 14)
    run(g, "new_trail")
    assert done(g)
    assert g.trails == [10, 13, 16, 19, 11] and g.trail_tokens == [5]
    assert tribes_at(g) == {13: 2} and pops(g) == [7, 7]


def test_ninth_trail_is_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.trail_tokens = []  # all eight tokens are on the field
    run(g, "new_trail")
    assert g.result is Result.LOST and g.end_reason == "too_many_trails" and not g.stack


def test_empty_deck_flips_a_fragment_and_reshuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    discard = ["red", "red", "red", "green", "green", "green", "yellow", "yellow", "yellow"]
    discard += ["blue", "blue", "blue", "new_trail", "new_trail"]
    g.human_deck = []
    g.human_discard = discard[:]
    g.portal_open = 4
    expected = discard[:]
    g.rng.fork().shuffle(expected)
    g.log = []
    g.stack = [Frame("humans", 0)]
    machine._run(g)
    assert done(g)
    assert g.portal_open == 5
    assert ("portal_flip", g.portal[4], 5) in g.log
    assert g.human_discard == [expected[-1]] and g.human_deck == expected[:-1]
    assert g.discoveries == []  # the basic game reveals no discovery


def test_m28_reshuffle_with_the_whole_portal_open_is_not_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.ALL_OPEN_FLIP_LOSES is False
    g = new(monkeypatch, discoveries=True)
    g.human_deck = []
    g.human_discard = ["blue", "blue"]
    g.portal_open = len(g.portal)
    g.discovery_deck = []  # and every discovery already revealed
    g.stack = [Frame("humans", 0)]
    machine._run(g)
    assert done(g) and g.result is None
    assert g.portal_open == len(g.portal) and len(g.human_deck) == 1 and g.discoveries == []


def test_reshuffle_reveals_a_discovery_in_the_advanced_game(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, discoveries=True)
    g.human_deck = []
    g.human_discard = ["blue"]
    g.discovery_deck = [DISCOVERIES.index("move_attack"), DISCOVERIES.index("attack_plus_1")]
    g.stack = [Frame("humans", 0)]
    machine._run(g)
    assert g.discoveries == [DISCOVERIES.index("attack_plus_1")]
    assert g.discovery_deck == [DISCOVERIES.index("move_attack")]
    assert ("discovery", "attack_plus_1") in g.log
    assert humans.human_attack_bonus(g) == 1 and not humans.move_attack(g)


def test_m26_two_degradations_for_the_active_clan(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, discoveries=True)
    g.human_deck = []
    g.human_discard = ["blue"]
    g.discovery_deck = [DISCOVERIES.index("degradation_plus_2")]
    supply = g.degradation_supply
    before = [(c.deck[:], c.discard[:]) for c in g.clans]
    g.stack = [Frame("humans", 1)]
    machine._run(g)
    assert done(g)
    deck, discard = g.clans[1].deck, g.clans[1].discard
    assert sorted(deck) == sorted([*before[1][0], "degradation", "degradation"])  # M26: into the deck
    assert discard == before[1][1]
    assert (g.clans[0].deck, g.clans[0].discard) == before[0]
    assert g.degradation_supply == supply - 2
    assert g.discoveries == [] and g.discovery_deck == []  # the card leaves play


def test_two_degradations_with_one_left_is_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, discoveries=True)
    g.human_deck = []
    g.human_discard = ["blue"]
    g.discovery_deck = [DISCOVERIES.index("degradation_plus_2")]
    g.degradation_supply = 1
    g.stack = [Frame("humans", 0)]
    machine._run(g)
    assert g.result is Result.LOST and g.end_reason == "no_degradation_cards"


# ---------------------------------------------------------------------------- which figures act
def test_only_figures_in_the_cards_colour_act_and_the_centre_never(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 0)
    g.tribes[0] = 2  # the centre has no colour (M3): these never attack
    spirit(g, EARTH, 0)
    g.tribes[4] = 1  # blue, next to the centre's Ancient: not activated by green
    spirit(g, WIND, 5)  # blue
    run(g, "green")
    assert done(g)
    assert pops(g) == [7, 7]
    assert g.spirits == [0, 5] and tribes_at(g) == {0: 2, 4: 1, 13: 1}  # 13: the spawn (nobody moved)


def test_activation_set_is_fixed_when_the_card_is_revealed(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 8)
    put(g, 0, GREEN, 8)
    g.tribes[1] = 1  # green: moves to green 8, where nothing was activated: it does not attack there
    run(g, "green")
    assert done(g)
    assert tribes_at(g) == {8: 1} and pops(g) == [7, 7]


def test_summoned_spirit_does_not_act_again(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[1] = 14
    g.tribes[14] = 1
    put(g, 0, RED, 13)  # next door, but the new spirit is not activated by this card
    run(g, "green")
    assert done(g)
    assert g.spirits == [14] and g.tribes[14] == 0 and pops(g) == [7, 7]
    assert g.tribes[13] == 1  # nobody moved: a tribe appears on green 13's trail


# ---------------------------------------------------------------------------- tribes: summoning and attack
def test_place_of_power_summons_one_spirit_the_others_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[2] = 15
    g.tribes[15] = 3
    put(g, 0, RED, 14)  # Ancients next door do not draw the idle tribes away
    state = g.rng.state
    run(g, "green")
    assert done(g)
    assert g.tribes[15] == 2 and len(g.spirits) == 1 and g.spirits == [15]
    assert pops(g) == [7, 7] and g.rng.state == state  # no Ancients there: no attack, no die
    assert ("tribe_idle", 15, 2) in g.log


def test_fourth_spirit_is_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    for card in (EARTH, WIND, PROGENITORS):
        spirit(g, card, 19)  # blue: not activated
    g.places[0] = 2
    g.tribes[2] = 1
    run(g, "yellow")
    assert g.result is Result.LOST and g.end_reason == "too_many_spirits" and not g.stack


def test_attack_costs_tribes_times_own_figurines_for_every_clan(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, players=3)
    g.tribes[3] = 2
    put(g, 0, RED, 3)
    put(g, 0, BLUE, 3)  # two tribes, two figurines: four-fold
    put(g, 1, GREEN, 3)
    put(g, 2, GREEN, 4)  # elsewhere: untouched
    run(g, "yellow")
    assert done(g)
    assert pops(g) == [7 - 4, 7 - 2, 7]
    assert g.tribes[3] == 2 and ("tribe_attack", 3, 2, 0) in g.log


def test_population_below_minus_four_is_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.tribes[3] = 2
    put(g, 0, RED, 3)
    g.clans[0].population = -2
    run(g, "yellow")
    assert done(g) and pops(g)[0] == -4  # exactly -4 is still in play (M14)
    g.tribes[3] = 1
    run(g, "yellow")
    assert g.result is Result.LOST and g.end_reason == "population_below_minimum"


def test_spirit_attack_can_cause_the_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 1, RED, 14)
    put(g, 1, GREEN, 14)
    spirit(g, WIND, 14)
    g.clans[1].population = -4 + 1  # any die takes at least 2 (two figurines)
    run(g, "green")
    assert g.result is Result.LOST and g.end_reason == "population_below_minimum"


# ---------------------------------------------------------------------------- tribes: movement
def test_adjacent_place_of_power_beats_adjacent_ancients(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[0] = 4
    put(g, 0, RED, 15)
    put(g, 0, GREEN, 15)
    g.tribes[14] = 1
    run(g, "green")
    assert done(g) and tribes_at(g) == {4: 1}


def test_largest_concentration_of_ancients_among_neighbours(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 4)
    put(g, 1, RED, 4)
    put(g, 0, GREEN, 15)
    g.tribes[14] = 1
    run(g, "green")
    assert done(g) and tribes_at(g) == {4: 1} and pops(g) == [7, 7]


def test_distance_two_place_of_power_first(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[3] = 3  # two steps from 1, by 0 or 2
    put(g, 0, RED, 11)  # Ancients also two steps away (by 2 or 10)
    put(g, 0, GREEN, 11)
    g.tribes[1] = 1
    run(g, "green", me=1)
    assert asked(g) == [Direct("tribe", 0), Direct("tribe", 2)] and g.pending.seat == 1
    answer(g, Direct("tribe", 0))
    assert done(g) and tribes_at(g) == {0: 1}


def test_nearer_ancients_beat_a_farther_place_of_power(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places[0] = 12  # three steps from 1
    put(g, 0, RED, 11)  # two steps from 1 (by 2 or 10): the nearer target wins
    g.tribes[1] = 1
    run(g, "green")
    assert asked(g) == [Direct("tribe", 2), Direct("tribe", 10)]
    answer(g, Direct("tribe", 2))
    assert done(g) and tribes_at(g) == {2: 1}


def test_largest_concentration_at_distance_two(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 11)  # one figurine two steps from 1
    put(g, 0, GREEN, 20)  # two figurines two steps from 1, by 8 or 9
    put(g, 1, GREEN, 20)
    g.tribes[1] = 1
    run(g, "green")
    assert asked(g) == [Direct("tribe", 8), Direct("tribe", 9)]
    answer(g, Direct("tribe", 9))
    assert done(g) and tribes_at(g) == {9: 1}


def test_distance_three(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 13)  # three steps from 1: by 0 or by 2
    g.tribes[1] = 1
    run(g, "green")
    assert asked(g) == [Direct("tribe", 0), Direct("tribe", 2)]
    answer(g, Direct("tribe", 2))
    assert done(g) and tribes_at(g) == {2: 1}
    # a single shortest first step needs no decision
    assert humans.tribe_steps(g, 15) == (14,)


def test_tie_among_neighbours_is_the_active_clans_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch, players=2)
    put(g, 0, RED, 4)
    put(g, 1, RED, 15)
    g.tribes[14] = 1
    run(g, "green", me=1)
    assert asked(g) == [Direct("tribe", 4), Direct("tribe", 15)]
    ask_ = g.pending
    assert ask_.seat == 1 and ask_.purpose == "direct" and "territory 14" in ask_.prompt
    answer(g, Direct("tribe", 15))
    assert done(g) and tribes_at(g) == {15: 1}


def test_m29_each_tribe_of_a_territory_is_directed_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.DIRECT_EACH_TRIBE is True
    g = new(monkeypatch)
    put(g, 0, RED, 4)
    put(g, 1, RED, 15)
    g.tribes[14] = 2
    run(g, "green")
    answer(g, Direct("tribe", 4))
    assert asked(g) == [Direct("tribe", 4), Direct("tribe", 15)]
    answer(g, Direct("tribe", 15))
    assert done(g) and tribes_at(g) == {4: 1, 15: 1}


def test_decision_survives_a_save_and_restore(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 4)
    put(g, 1, RED, 15)
    g.tribes[14] = 2
    spirit(g, EARTH, 13)  # acts after the tribes' decisions
    run(g, "green")
    copy = MammothodusState.from_dict(json.loads(json.dumps(g.to_dict())))
    assert isinstance(copy, GameState) and copy.digest() == g.digest()
    for state in (g, copy):
        answer(state, Direct("tribe", 15))
        answer(state, Direct("tribe", 15))
    assert done(g) and done(copy) and copy.digest() == g.digest()
    assert tribes_at(g) == {15: 2}


# ---------------------------------------------------------------------------- spawning
def test_no_movement_spawns_on_the_cards_trails_only(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.trails += [17, 18, 9]  # yellow, yellow, blue
    run(g, "yellow")  # no yellow tribe at all: nobody moved
    assert done(g)
    assert tribes_at(g) == {16: 1, 17: 1, 18: 1}
    assert ("no_movement", "yellow") in g.log


def test_thirteenth_tribe_is_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.tribes[19] = 12  # blue, not activated by yellow
    run(g, "yellow")  # nobody moves: a tribe must appear on 16
    assert g.result is Result.LOST and g.end_reason == "too_many_tribes" and not g.stack


def test_summoning_frees_room_for_a_new_tribe(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.tribes[19] = 11
    g.places[0] = 2
    g.tribes[2] = 1  # 12 on the field; the summoning removes one, the spawn adds one
    run(g, "yellow")
    assert done(g) and sum(g.tribes) == 12 and g.tribes[16] == 1


# ---------------------------------------------------------------------------- spirits
def test_spirit_attacks_where_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    spirit(g, PROGENITORS, 14)
    put(g, 0, RED, 14)
    put(g, 1, RED, 14)
    put(g, 1, GREEN, 14)
    put(g, 0, GREEN, 4)
    die = next_die(g)
    run(g, "green")
    per = (die + 1) // 2
    assert done(g) and g.spirits == [14] and pops(g) == [7 - per, 7 - 2 * per]


def test_spirit_goes_to_the_nearest_ancients(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    spirit(g, WIND, 14)
    put(g, 0, RED, 4)  # one step
    put(g, 1, RED, 0)  # two steps, more figurines
    put(g, 1, GREEN, 0)
    put(g, 1, BLUE, 0)
    die = next_die(g)
    run(g, "green")
    assert done(g) and g.spirits == [4] and pops(g) == [7 - (die + 1) // 2, 7]
    assert ("spirit_move", WIND, 14, 4) in g.log


def test_spirit_goes_any_distance(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    spirit(g, EARTH, 13)
    put(g, 1, RED, 18)  # four steps away
    die = next_die(g)
    run(g, "green")
    assert done(g) and g.spirits == [18] and pops(g) == [7, 7 - (die + 1) // 2]


def test_spirit_tie_on_distance_goes_to_the_most_figurines(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    spirit(g, EARTH, 14)
    put(g, 0, RED, 4)
    put(g, 1, RED, 15)
    put(g, 1, GREEN, 15)
    die = next_die(g)
    run(g, "green")
    assert done(g) and g.spirits == [15] and pops(g) == [7, 7 - 2 * ((die + 1) // 2)]


def test_spirit_full_tie_is_the_active_clans_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    spirit(g, EARTH, 14)
    put(g, 0, RED, 4)
    put(g, 1, RED, 15)
    die = next_die(g)
    run(g, "green", me=1)
    assert asked(g) == [Direct("Earth", 4), Direct("Earth", 15)]
    assert g.pending.seat == 1 and "Earth" in g.pending.prompt and "territory 14" in g.pending.prompt
    answer(g, Direct("Earth", 15))
    assert done(g) and g.spirits == [15] and pops(g) == [7, 7 - (die + 1) // 2]


def test_m21_no_target_tribes_and_spirits_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.NO_TARGET_STAYS is True
    g = new(monkeypatch)  # no figurine and no place of power on the field
    g.tribes[14] = 2
    spirit(g, EARTH, 14)
    run(g, "green")
    assert done(g) and g.result is None
    assert g.spirits == [14] and g.tribes[14] == 2
    assert ("tribe_stay", 14, 2) in g.log and ("spirit_stay", EARTH, 14) in g.log
    assert g.tribes[13] == 1  # staying is not moving: the green trail spawns


def test_m21_alternative_makes_it_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(humans, "NO_TARGET_STAYS", False)
    g = new(monkeypatch)
    g.tribes[14] = 1
    run(g, "green")
    assert g.result is Result.LOST and g.end_reason == "humans_without_target"


def test_m22_each_territory_tribes_then_spirits(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.ACTIVATION_ORDER == "by_territory"
    g = new(monkeypatch)
    spirit(g, EARTH, 1)
    spirit(g, WIND, 14)
    g.tribes[8] = 1
    g.tribes[1] = 1
    jobs = humans.activation_jobs(g, "green")
    assert jobs == (("tribes", 1, 1), ("spirit", EARTH, 1), ("tribes", 8, 1), ("spirit", WIND, 14))
    monkeypatch.setattr(humans, "ACTIVATION_ORDER", "tribes_first")
    jobs = humans.activation_jobs(g, "green")
    assert jobs == (("tribes", 1, 1), ("tribes", 8, 1), ("spirit", EARTH, 1), ("spirit", WIND, 14))


# ---------------------------------------------------------------------------- discoveries
def test_discovery_helpers(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    assert humans.hit_threshold(g) == 4 and humans.human_attack_bonus(g) == 0
    assert not humans.move_attack(g) and not humans.appear_move(g)
    discover(g, "defence_plus_1", "attack_plus_1", "move_attack", "appear_move")
    assert humans.hit_threshold(g) == 5 and humans.human_attack_bonus(g) == 1
    assert humans.move_attack(g) and humans.appear_move(g)


def test_attack_plus_one_counts_once_per_figurine_per_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    discover(g, "attack_plus_1")
    g.tribes[3] = 1
    put(g, 0, RED, 3)  # one tribe: two
    g.tribes[2] = 4
    put(g, 1, RED, 2)  # four tribes: five
    put(g, 1, GREEN, 2)  # ... per figurine: ten
    run(g, "yellow")
    assert done(g) and pops(g) == [7 - 2, 7 - 10]


def test_m24_attack_plus_one_does_not_strengthen_spirits(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.ATTACK_BONUS_FOR_SPIRITS is False
    g = new(monkeypatch)
    discover(g, "attack_plus_1")
    spirit(g, EARTH, 14)
    put(g, 0, RED, 14)
    die = next_die(g)
    run(g, "green")
    assert pops(g) == [7 - (die + 1) // 2, 7]


def test_move_attack_tribes_attack_where_they_arrive(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    put(g, 0, RED, 4)
    g.tribes[14] = 2
    run(g, "green")
    assert done(g) and pops(g) == [7, 7]  # without the discovery: no attack on arrival
    g = new(monkeypatch)
    discover(g, "move_attack")
    put(g, 0, RED, 4)
    g.tribes[14] = 2
    run(g, "green")
    assert done(g) and tribes_at(g) == {4: 2} and pops(g) == [7 - 2, 7]  # each arrival attacks
    g = new(monkeypatch)
    discover(g, "move_attack", "attack_plus_1")
    put(g, 0, RED, 4)
    g.tribes[14] = 2
    run(g, "green")
    assert done(g) and pops(g) == [7 - 4, 7]  # each arrival is an attack of its own (M23)


def test_move_attack_into_a_place_of_power_still_attacks(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    discover(g, "move_attack")
    g.places[0] = 4
    put(g, 0, RED, 4)
    g.tribes[14] = 1
    run(g, "green")
    assert done(g) and tribes_at(g) == {4: 1} and pops(g) == [6, 7] and g.spirits == []


def test_appear_move_new_tribes_move_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    discover(g, "appear_move")
    g.trails.append(18)
    put(g, 0, RED, 5)  # next to 16's trail
    put(g, 1, RED, 18)  # on 18's trail: that tribe is already where it wants to be
    run(g, "yellow")
    assert done(g)
    assert tribes_at(g) == {5: 1, 18: 1} and pops(g) == [7, 7]  # appearing is not attacking


def test_appear_move_with_a_tie_asks_the_active_clan(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    discover(g, "appear_move")
    put(g, 0, RED, 5)
    put(g, 1, RED, 17)
    run(g, "yellow", me=1)
    assert asked(g) == [Direct("tribe", 5), Direct("tribe", 17)] and "territory 16" in g.pending.prompt
    answer(g, Direct("tribe", 17))
    assert done(g) and tribes_at(g) == {17: 1}


def test_appear_move_stays_at_a_place_of_power(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    discover(g, "appear_move")
    g.places[0] = 16
    put(g, 0, RED, 5)
    run(g, "yellow")
    assert done(g) and tribes_at(g) == {16: 1} and g.spirits == []


def test_m25_appear_move_then_move_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.APPEAR_MOVE_ATTACKS is True
    g = new(monkeypatch)
    discover(g, "appear_move", "move_attack")
    put(g, 0, RED, 5)
    run(g, "yellow")
    assert done(g) and tribes_at(g) == {5: 1} and pops(g) == [6, 7]


def test_ops_helpers_used_by_the_phase() -> None:
    g = machine.new_game(MammothodusConfig())
    assert ops.color_of(g, 0) is None and humans.activates(g, 0, "green") is False
    assert humans.activates(g, 13, "green") and not humans.activates(g, 13, "red")


# ---------------------------------------------------------------------------- the rulings' alternatives
def test_m23_alternative_each_tribe_attacks_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    assert humans.GROUP_ATTACK is True
    monkeypatch.setattr(humans, "GROUP_ATTACK", False)
    g = new(monkeypatch)
    discover(g, "attack_plus_1")
    g.tribes[3] = 4
    put(g, 0, RED, 3)
    run(g, "yellow")
    assert done(g) and pops(g) == [7 - 8, 7]


def test_m29_alternative_one_decision_for_the_group(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(humans, "DIRECT_EACH_TRIBE", False)
    g = new(monkeypatch)
    put(g, 0, RED, 4)
    put(g, 1, RED, 15)
    g.tribes[14] = 3
    run(g, "green")
    answer(g, Direct("tribe", 15))
    assert done(g) and tribes_at(g) == {15: 3}


def test_m28_alternative_a_full_portal_track_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(humans, "ALL_OPEN_FLIP_LOSES", True)
    g = new(monkeypatch)
    g.human_deck = []
    g.human_discard = ["blue"]
    g.portal_open = len(g.portal)
    g.stack = [Frame("humans", 0)]
    machine._run(g)
    assert g.result is Result.LOST and g.end_reason == "portal_track_exhausted"


def test_m26_alternative_keeps_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(humans, "DEGRADATION_DISCOVERY_KEPT", True)
    g = new(monkeypatch, discoveries=True)
    g.human_deck = []
    g.human_discard = ["blue"]
    g.discovery_deck = [DISCOVERIES.index("degradation_plus_2")]
    g.stack = [Frame("humans", 0)]
    machine._run(g)
    assert g.discoveries == [DISCOVERIES.index("degradation_plus_2")]
    assert g.clans[0].deck.count("degradation") == 2


def test_m24_alternative_spirits_get_the_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(humans, "ATTACK_BONUS_FOR_SPIRITS", True)
    g = new(monkeypatch)
    discover(g, "attack_plus_1")
    spirit(g, EARTH, 14)
    put(g, 0, RED, 14)
    put(g, 0, GREEN, 14)
    die = next_die(g)
    run(g, "green")
    assert pops(g) == [7 - 2 * ((die + 1) // 2) - 2, 7]
