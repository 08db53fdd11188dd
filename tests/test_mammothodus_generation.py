"""Mammothodus: the end of a turn (discard, draw up to four, the market, the turn's marks) and
the generation change of the Ancients (degradation check, population check, respecialisation,
the new deck), with the rulings M50-M59. Each routine is pushed directly on a hand-built
position; the whole turn loop belongs to other tests."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from altay_cli.engine.mammothodus import machine
from altay_cli.engine.mammothodus.actions import Card, Pass, Place, Remove, Start, Swap
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.machine import MammothodusState
from altay_cli.engine.mammothodus.state import OFF, MammothodusConfig, Phase, Result
from altay_cli.engine.rng import Rng

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3


def _begin_quietly(g: Any) -> None:
    """The set-up's end without starting the first turn (the human phase is not ours)."""
    g.phase = Phase.PLAY
    g.active = g.first
    g.turn = 1


def new(monkeypatch: pytest.MonkeyPatch, players: int = 2, seed: int = 7) -> MammothodusState:
    monkeypatch.setattr(machine, "_begin", _begin_quietly)
    g = machine.new_game(MammothodusConfig(players=players, seed=seed))
    for _ in range(players):
        machine.apply(g, Start(("red", "green")))
    assert g.phase is Phase.PLAY and not g.stack
    for clan in g.clans:
        clan.figurines = [g.tables.centre, g.tables.centre, OFF, OFF]
    return g


def run(g: MammothodusState, kind: str, me: int = 0, **v: Any) -> None:
    g.log = []
    g.stack = [Frame(kind, me, dict(v))]
    g._legal = None
    machine._run(g)


def asked(g: MammothodusState) -> str | None:
    return None if g.pending is None else g.pending.purpose


def answer(g: MammothodusState, action: Any) -> None:
    machine.apply(g, action)


def shuffled(rng_state: int, cards: list[str]) -> list[str]:
    out = list(cards)
    Rng(rng_state).shuffle(out)
    return out


# ---------------------------------------------------------------------------- the end of a turn
def test_end_turn_discards_draws_up_to_four_refills_and_clears(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red", "red", "blue", "degradation"]
    clan.deck = ["yellow", "green", "blue", "red", "green"]
    clan.discard = ["yellow"]
    g.clans[0].acted = [RED, GREEN]
    g.clans[1].acted = [RED]  # an ally's marks go too
    g.carried = {"0:red": 4}
    kept = g.market[:1]
    g.market = kept[:]
    g.adaptation_deck = [6, 8, 11, 2, 0]
    run(g, "end_turn")
    assert asked(g) == "discard"
    # M55: degradation cards are not offered; a card named once however many copies
    assert machine.legal_actions(g) == [Card("red"), Card("blue"), Pass()]
    answer(g, Card("red"))
    answer(g, Card("blue"))
    assert machine.legal_actions(g) == [Card("red"), Pass()]
    answer(g, Pass())
    assert not g.stack
    assert clan.hand == ["red", "degradation", "green", "red"]
    assert clan.deck == ["yellow", "green", "blue"]
    assert clan.discard == ["yellow", "red", "blue"]
    assert g.market == [*kept, 0, 2, 11]
    assert g.adaptation_deck == [6, 8]
    assert [c.acted for c in g.clans] == [[], []]
    assert g.carried == {}


def test_end_turn_logs(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red", "green"]
    clan.deck = ["blue", "yellow", "red"]
    g.market = g.market[:3]
    g.adaptation_deck = [10]
    run(g, "end_turn")
    answer(g, Card("green"))
    answer(g, Pass())
    assert g.log == [
        ("answer", 0, "discard"),
        ("draw", 0, "red"),
        ("draw", 0, "yellow"),
        ("draw", 0, "blue"),
        ("market", "draw3"),
    ]
    assert clan.hand == ["red", "red", "yellow", "blue"]


def test_end_turn_full_hand_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red", "green", "blue", "yellow"]
    clan.deck = ["red"]
    run(g, "end_turn")
    answer(g, Pass())
    assert clan.hand == ["red", "green", "blue", "yellow"] and clan.deck == ["red"]


def test_m56_a_hand_above_four_keeps_its_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red", "green", "blue", "yellow", "draw3", "wild"]
    clan.deck = ["red", "red"]
    run(g, "end_turn")
    answer(g, Pass())
    assert len(clan.hand) == 6 and clan.deck == ["red", "red"] and not g.stack


def test_m55_a_hand_of_degradation_cards_is_not_asked_to_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["degradation", "degradation"]
    clan.deck = ["red", "green", "blue"]
    run(g, "end_turn")
    assert not g.stack  # nothing to discard: no question
    assert clan.hand == ["degradation", "degradation", "blue", "green"]


def test_m50_an_empty_adaptation_deck_leaves_the_market_short(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.market = [3]
    g.adaptation_deck = [9]
    g.clans[0].hand = ["red", "red", "red", "red"]
    run(g, "end_turn")
    answer(g, Pass())
    assert g.market == [3, 9] and g.adaptation_deck == [] and g.phase is Phase.PLAY


# ------------------------------------------------------------------ drawing and the generation change
def test_an_empty_deck_mid_draw_changes_the_generation_then_drawing_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red", "red"]
    clan.deck = ["blue"]
    clan.discard = ["green", "yellow", "wild"]
    clan.degradation = 2  # both figurines covered: no degradation card
    supply = g.degradation_supply
    run(g, "end_turn")
    answer(g, Pass())  # no discard: draw two, the deck holds one
    assert asked(g) == "swap"  # mid-generation, respecialisation
    state = g.rng.state
    answer(g, Pass())
    new_deck = shuffled(state, ["green", "yellow", "wild"])
    assert clan.hand == ["red", "red", "blue", new_deck[-1]]
    assert clan.deck == new_deck[:-1] and clan.discard == []
    assert clan.degradation == 0 and g.degradation_supply == supply
    assert g.log[1:] == [
        ("new_deck", 0, 3),
        ("draw", 0, new_deck[-1]),
        *[("market", g.tables.adaptation_names[i]) for i in g.market[4:]],
    ]
    assert not g.stack


def test_draw3_can_change_the_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["blue"]
    clan.deck = ["red"]
    clan.discard = ["green", "yellow", "draw3", "blue"]
    clan.degradation = 1  # two figurines, one box: one degradation card
    supply = g.degradation_supply
    run(g, "draw", 0, n=3)
    assert ("generation", 0) in g.log and ("degradation", 0, "discard") in g.log
    state = g.rng.state
    answer(g, Pass())
    new_deck = shuffled(state, ["green", "yellow", "draw3", "blue", "degradation"])
    assert clan.hand == ["blue", "red", new_deck[-1], new_deck[-2]]
    assert clan.deck == new_deck[:-2]
    assert g.degradation_supply == supply - 1
    assert not g.stack


def test_a_second_generation_change_when_the_new_deck_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = []
    clan.deck = []
    clan.discard = ["red"]
    clan.degradation = 2
    run(g, "draw", 0, n=3)
    answer(g, Pass())  # first change: a new deck of one card, no degradation (marker at 2)
    assert clan.hand == ["red"] and asked(g) == "swap"
    answer(g, Pass())  # second change: the marker is back at 0, two degradation cards
    assert clan.hand == ["red", "degradation", "degradation"] and clan.deck == []


def test_m51_a_generation_change_that_leaves_the_deck_empty_stops_the_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red", "blue"]
    clan.deck = []
    clan.discard = []
    clan.degradation = 3  # above the two figurines: no degradation card
    run(g, "draw", 0, n=3)
    answer(g, Pass())
    assert clan.hand == ["red", "blue"] and clan.deck == [] and not g.stack
    assert g.log[-1] == ("draw_stopped", 0, 3)
    assert g.phase is Phase.PLAY


# ---------------------------------------------------------------------------- the degradation check (M13)
@pytest.mark.parametrize(("marker", "cards"), [(0, 3), (1, 2), (2, 1), (3, 0), (4, 0)])
def test_degradation_check_adds_figurines_minus_marker(
    monkeypatch: pytest.MonkeyPatch, marker: int, cards: int
) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 1, 2, OFF]
    clan.population = 12  # three figurines: no placement nor removal
    clan.degradation = marker
    clan.deck = []
    clan.discard = ["red", "green"]
    supply = g.degradation_supply
    run(g, "generation", 0)
    assert asked(g) == "swap"
    assert ("degradation_check", 0, cards) in g.log
    assert clan.degradation == 0
    assert g.degradation_supply == supply - cards
    assert clan.discard == ["red", "green", *["degradation"] * cards]  # not yet shuffled
    answer(g, Pass())
    assert Counter(clan.deck) == Counter(["red", "green", *["degradation"] * cards])
    assert clan.discard == []


def test_degradation_counts_the_figurines_before_the_population_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 1, 2, 3]
    clan.population = 3  # supports one figurine
    clan.degradation = 1
    run(g, "generation", 0)
    assert ("degradation_check", 0, 3) in g.log
    assert asked(g) == "remove"


def test_an_empty_degradation_supply_is_a_defeat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.degradation = 0  # two figurines: two cards, one left
    g.degradation_supply = 1
    run(g, "generation", 0)
    assert g.phase is Phase.OVER and g.result is Result.LOST
    assert g.end_reason == "no_degradation_cards"
    assert g.degradation_supply == 0 and clan.discard.count("degradation") == 1
    assert not g.stack and machine.legal_actions(g) == []


def test_a_defeat_in_a_draw_from_end_turn_unwinds_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.hand = ["red"]
    clan.deck = []
    g.degradation_supply = 0
    run(g, "end_turn")
    answer(g, Pass())
    assert g.result is Result.LOST and g.end_reason == "no_degradation_cards" and not g.stack


# ---------------------------------------------------------------------------- the population check (M12, M14)
@pytest.mark.parametrize("population", [0, -1, -4])
def test_no_population_at_a_generation_change_is_a_defeat(
    monkeypatch: pytest.MonkeyPatch, population: int
) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.population = population
    clan.degradation = 2
    run(g, "generation", 0)
    assert g.result is Result.LOST and g.end_reason == "population_exhausted" and not g.stack


def test_population_one_keeps_a_single_figurine(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.population = 1
    clan.degradation = 2
    run(g, "generation", 0)
    assert asked(g) == "remove"
    assert machine.legal_actions(g) == [Remove("red"), Remove("green")]  # M59: no pass
    answer(g, Remove("red"))
    assert clan.figurines == [OFF, 0, OFF, OFF] and asked(g) == "swap"
    assert g.phase is Phase.PLAY


def test_population_check_places_figurines_next_to_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [10, OFF, OFF, OFF]
    g.clans[1].figurines = [3, 3, OFF, OFF]  # another clan's figurines give no right to place
    clan.population = 12  # three figurines: two to place
    clan.degradation = 1
    run(g, "generation", 0)
    assert asked(g) == "place"
    legal = {0, 10, *g.tables.neighbours[10]}
    assert legal == {0, 1, 2, 9, 10, 11}
    expected = [Place(color, t) for color in ("green", "yellow", "blue") for t in sorted(legal)]
    assert machine.legal_actions(g) == expected  # no pass (M59), nothing at T3
    answer(g, Place("yellow", 11))
    assert clan.figurines == [10, OFF, 11, OFF]
    assert ("place", 0, "yellow", 11) in g.log
    # M52: the new figurine at T11 opens its neighbours for the next placement
    second = {0, 10, 11, *g.tables.neighbours[10], *g.tables.neighbours[11]}
    assert 12 in second and 12 not in legal
    assert machine.legal_actions(g) == [Place(c, t) for c in ("green", "blue") for t in sorted(second)]
    answer(g, Place("blue", 12))
    assert clan.figurines == [10, OFF, 11, 12]
    assert asked(g) == "swap"


def test_population_check_removes_extra_figurines_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 5, 5, OFF]
    clan.population = 4  # one figurine
    clan.degradation = 3
    run(g, "generation", 0)
    assert machine.legal_actions(g) == [Remove("red"), Remove("green"), Remove("yellow")]
    answer(g, Remove("green"))
    assert machine.legal_actions(g) == [Remove("red"), Remove("yellow")]
    answer(g, Remove("red"))
    assert clan.figurines == [OFF, OFF, 5, OFF]
    assert g.log[:2] == [("answer", 0, "remove"), ("remove", 0, "red", 0)]
    assert asked(g) == "swap"


def test_population_matching_the_field_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.population = 7  # two figurines, as on the field (the rulebook's start)
    clan.degradation = 2
    run(g, "generation", 0)
    assert asked(g) == "swap"
    assert clan.figurines == [0, 0, OFF, OFF]


def test_a_placement_in_the_centre_can_win(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    g.places = [1, 2, 3, 4]
    g.clans[1].figurines = [0, OFF, OFF, OFF]
    clan = g.clans[0]
    clan.figurines = [10, OFF, OFF, OFF]
    clan.population = 8
    clan.degradation = 1
    run(g, "generation", 0)
    answer(g, Place("blue", 0))
    assert g.result is Result.WON and g.end_reason == "portal_opened" and not g.stack


def test_m58_placing_does_not_turn_over_a_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, OFF, OFF, OFF]
    clan.population = 8
    clan.degradation = 1
    shard = g.shard_at.index(1)
    run(g, "generation", 0)
    answer(g, Place("green", 1))
    assert g.shard_open[shard] is False


# ---------------------------------------------------------------------------- respecialisation
def test_respecialisation_swaps_keep_the_places(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 5, OFF, OFF]
    clan.degradation = 2
    clan.deck = []
    clan.discard = ["red"]
    run(g, "generation", 0)
    assert asked(g) == "swap"
    # M57: with an off-field figurine too; yellow-blue (both off) changes nothing
    assert machine.legal_actions(g) == [
        Swap("red", "green"),
        Swap("red", "yellow"),
        Swap("red", "blue"),
        Swap("green", "yellow"),
        Swap("green", "blue"),
        Pass(),
    ]
    answer(g, Swap("red", "green"))
    assert clan.figurines == [5, 0, OFF, OFF]
    answer(g, Swap("green", "blue"))
    assert clan.figurines == [5, OFF, OFF, 0]
    assert g.log[-1] == ("swap", 0, "green", "blue")
    answer(g, Pass())
    assert clan.figurines == [5, OFF, OFF, 0] and clan.deck == ["red"] and not g.stack


def test_two_figurines_in_one_place_are_not_offered_a_swap(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.degradation = 2  # red and green both in the centre
    run(g, "generation", 0)
    assert Swap("red", "green") not in machine.legal_actions(g)


def test_m53_at_most_three_swaps(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 5, OFF, OFF]
    clan.degradation = 2
    run(g, "generation", 0)
    for _ in range(3):
        assert asked(g) == "swap"
        answer(g, Swap("red", "green"))
    assert not g.stack and clan.figurines == [5, 0, OFF, OFF]


def test_m54_acted_marks_and_carried_shards_stay_with_the_place(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 5, OFF, OFF]
    clan.acted = [RED]
    clan.degradation = 2
    g.carried = {"0:red": 7, "1:red": 2}
    run(g, "generation", 0)
    answer(g, Swap("red", "blue"))
    assert clan.figurines == [OFF, 5, OFF, 0]
    assert clan.acted == [BLUE]
    assert g.carried == {"0:blue": 7, "1:red": 2}


def test_m54_a_removed_figurine_leaves_its_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [0, 5, OFF, OFF]
    clan.population = 2
    clan.degradation = 2
    g.carried = {"0:green": 4}
    g.shard_at[4] = -1
    run(g, "generation", 0)
    answer(g, Remove("green"))
    assert g.carried == {} and g.shard_at[4] == 5
    assert ("shard_dropped", 0, "green", 5) in g.log


# ---------------------------------------------------------------------------- saving mid-routine
def test_a_generation_change_survives_a_save_at_each_question(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new(monkeypatch)
    clan = g.clans[0]
    clan.figurines = [10, OFF, OFF, OFF]
    clan.population = 8
    clan.hand = ["red", "red", "red"]
    clan.deck = []
    clan.discard = ["blue", "green"]
    clan.degradation = 0
    run(g, "end_turn")
    answer(g, Pass())
    assert asked(g) == "place"
    copy = MammothodusState.from_dict(json.loads(json.dumps(g.to_dict())))
    assert copy.digest() == g.digest()
    for state in (g, copy):
        answer(state, Place("blue", 9))
        answer(state, Pass())
    assert copy.digest() == g.digest()
    assert clan.figurines == [10, OFF, OFF, 9] and len(clan.hand) == 4 and not g.stack
