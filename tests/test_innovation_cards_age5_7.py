"""Scenario tests of the effects of ages 5, 6 and 7 (and the 1st-edition variants of
Measurement, Statistics, Societies, Industrialization and Combustion)."""

from __future__ import annotations

import json

from altay_cli.engine.innovation.hidden import perturb_hidden
from altay_cli.engine.innovation.invariants import check_invariants
from altay_cli.engine.innovation.state import GameState
from altay_cli.engine.innovation.tables import (
    AGE,
    BLUE,
    GREEN,
    NAME,
    PURPLE,
    RED,
    RIGHT,
    UNIVERSE,
    UP,
    YELLOW,
)
from tests.innovation_helpers import (
    asking,
    board,
    decide,
    dogma,
    free_draw_taken,
    hand,
    moved,
    names,
    on_top,
    options,
    pile,
    revealed,
    scenario,
    score_pile,
    splay,
    top,
    total_cards,
)


def supply_bottom(g: GameState, age: int, k: int) -> list[str]:
    """The k cards at the bottom of the age's supply pile, bottom first (returned cards)."""
    return [NAME[c] for c in g.supply[age][:k]]


def done(g: GameState) -> bool:
    return asking(g) == "nothing"


def roundtrip(g: GameState) -> GameState:
    """The state through JSON, as a saved game mid-effect would be."""
    g2 = GameState.from_dict(json.loads(json.dumps(g.to_dict())))
    g2.trace = list(g.trace)
    return g2


# ============================================================================ age 5
# ---------------------------------------------------------------------------- Chemistry
def test_chemistry_splays_blue_scores_one_above_and_returns_a_chosen_card() -> None:
    g = scenario()
    board(g, 0, "Tools", "Chemistry")
    score_pile(g, 0, "Pottery")
    on_top(g, "Atomic Theory")
    dogma(g, 0, "Chemistry")
    assert options(g) == ["blue", "pass"]
    decide(g, "blue")
    assert g.players[0].splay[BLUE] == RIGHT
    assert moved(g, "score") == ["Atomic Theory"]  # highest top 5: a 6
    assert sorted(options(g)) == ["Atomic Theory", "Pottery"]  # mandatory: no pass
    decide(g, "Pottery")
    assert names(g.players[0].score) == ["Atomic Theory"]
    assert supply_bottom(g, 1, 1) == ["Pottery"]
    assert done(g) and not free_draw_taken(g)


def test_chemistry_declined_splay_and_the_return_may_take_the_scored_card() -> None:
    g = scenario()
    board(g, 0, "Tools", "Chemistry")
    on_top(g, "Atomic Theory")
    dogma(g, 0, "Chemistry")
    decide(g, "pass")
    assert g.players[0].splay[BLUE] == 0
    assert moved(g, "return") == ["Atomic Theory"]  # the only card: returned without asking
    assert g.players[0].score == []
    assert done(g)


# ---------------------------------------------------------------------------- Physics
def test_physics_two_of_a_colour_return_the_whole_hand() -> None:
    g = scenario()
    board(g, 0, "Physics")
    hand(g, 0, "Pottery")
    on_top(g, "Atomic Theory", "Industrialization", "Encyclopedia")  # two blues
    dogma(g, 0, "Physics")
    assert set(revealed(g)) >= {"Atomic Theory", "Industrialization", "Encyclopedia"}
    # E01: Pottery, alone bound for age 1, goes first; the three 6s are ordered
    assert sorted(options(g)) == ["Atomic Theory", "Encyclopedia", "Industrialization"]
    decide(g, "Encyclopedia", "Atomic Theory")
    assert g.players[0].hand == []
    assert supply_bottom(g, 1, 1) == ["Pottery"]
    assert supply_bottom(g, 6, 3) == ["Industrialization", "Atomic Theory", "Encyclopedia"]
    assert done(g)


def test_physics_three_colours_keep_the_drawn_cards() -> None:
    g = scenario()
    board(g, 0, "Physics")
    hand(g, 0, "Pottery")
    on_top(g, "Atomic Theory", "Industrialization", "Classification")
    dogma(g, 0, "Physics")
    assert names(g.players[0].hand) == ["Atomic Theory", "Classification", "Industrialization", "Pottery"]
    assert moved(g, "return") == []
    assert done(g)


# ---------------------------------------------------------------------------- Coal
def test_coal_tucks_a_5_splays_red_and_scores_a_top_card_and_the_one_beneath() -> None:
    g = scenario()
    board(g, 0, "Archery", "Coal", "Writing", "Pottery")
    on_top(g, "Chemistry")
    dogma(g, 0, "Coal")
    assert pile(g, 0, "blue") == ["Chemistry", "Writing", "Pottery"]  # tucked
    decide(g, "red")
    assert g.players[0].splay[RED] == RIGHT
    assert sorted(options(g)) == ["Coal", "Pottery", "pass"]
    decide(g, "Pottery")
    assert names(g.players[0].score) == ["Pottery", "Writing"]  # the card beneath too
    assert pile(g, 0, "blue") == ["Chemistry"]
    assert moved(g, "score") == ["Pottery", "Writing"]
    assert g.players[0].tucked == 1 and g.players[0].scored == 2
    assert done(g)


def test_coal_single_card_pile_scores_just_it_and_declines() -> None:
    g = scenario()
    board(g, 0, "Coal")
    on_top(g, "Physics")
    dogma(g, 0, "Coal")
    # red is one card: no splay offered; score Coal itself, nothing beneath
    decide(g, "Coal")
    assert names(g.players[0].score) == ["Coal"]
    assert g.players[0].piles[RED] == []
    assert pile(g, 0, "blue") == ["Physics"]
    assert done(g)

    g = scenario()
    board(g, 0, "Archery", "Coal")
    on_top(g, "Physics")
    dogma(g, 0, "Coal")
    decide(g, "pass", "pass")
    assert g.players[0].splay[RED] == 0
    assert g.players[0].score == []
    assert pile(g, 0, "red") == ["Archery", "Coal"]
    assert done(g)


# ---------------------------------------------------------------------------- The Pirate Code
def test_pirate_code_demand_gives_two_low_cards_and_the_activator_scores_a_crown_card() -> None:
    g = scenario()
    board(g, 0, "The Pirate Code", "Sailing", "Writing")
    score_pile(g, 1, "Pottery", "Tools", "Calendar", "Chemistry")
    dogma(g, 0, "The Pirate Code")
    assert sorted(options(g)) == ["Calendar", "Pottery", "Tools"]  # value 4 or less
    decide(g, "Pottery", "Calendar", seat=1)
    assert names(g.players[1].score) == ["Chemistry", "Tools"]
    assert names(g.players[0].score) == ["Calendar", "Pottery"]
    # the lowest top cards with a crown: Sailing and Writing (1); The Pirate Code is a 5
    assert sorted(options(g)) == ["Sailing", "Writing"]
    decide(g, "Sailing", seat=0)
    assert names(g.players[0].score) == ["Calendar", "Pottery", "Sailing"]
    assert g.players[0].piles[GREEN] == []
    assert done(g)


def test_pirate_code_nobody_vulnerable_nothing_happens() -> None:
    g = scenario()
    board(g, 0, "The Pirate Code")
    board(g, 1, "Translation")  # 3 crowns: shares
    score_pile(g, 1, "Pottery", "Tools")
    dogma(g, 0, "The Pirate Code")
    assert names(g.players[1].score) == ["Pottery", "Tools"]
    assert g.players[0].score == []
    assert pile(g, 0, "red") == ["The Pirate Code"]
    assert pile(g, 1, "blue") == ["Translation"]
    assert done(g) and not free_draw_taken(g)


def test_pirate_code_vulnerable_without_low_cards_gives_nothing_and_nobody_scores() -> None:
    g = scenario()
    board(g, 0, "The Pirate Code")
    score_pile(g, 1, "Chemistry")
    dogma(g, 0, "The Pirate Code")
    assert names(g.players[1].score) == ["Chemistry"]
    assert g.players[0].score == []
    assert pile(g, 0, "red") == ["The Pirate Code"]
    assert done(g)


def test_pirate_code_a_single_low_card_and_the_sharer_scores_too() -> None:
    g = scenario(players=3)
    board(g, 0, "The Pirate Code")
    score_pile(g, 1, "Pottery", "Chemistry")  # vulnerable: only one card of value 4 or less
    board(g, 2, "Sailing", "Mapmaking")  # 2 crowns on Mapmaking: shares
    dogma(g, 0, "The Pirate Code")
    assert names(g.players[1].score) == ["Chemistry"]
    # the sharer scores its lowest crown top card first (Mapmaking, its only top card)
    assert names(g.players[2].score) == ["Mapmaking"]
    assert names(g.players[0].score) == ["Pottery", "The Pirate Code"]
    assert free_draw_taken(g)
    assert done(g)


# ---------------------------------------------------------------------------- Banking
def test_banking_demand_transfers_a_non_green_factory_card_then_draw_and_score_a_5() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Banking")
    board(g, 1, "Coal", "Electricity")  # no crowns: vulnerable; Electricity is green
    on_top(g, "Physics")
    dogma(g, 0, "Banking")
    assert pile(g, 0, "red") == ["Coal"]
    assert g.players[1].piles[RED] == []
    assert names(g.players[1].score) == ["Physics"]
    assert pile(g, 1, "green") == ["Electricity"]
    decide(g, "green")
    assert g.players[0].splay[GREEN] == RIGHT
    assert done(g)


def test_banking_only_green_factory_cards_nothing_moves() -> None:
    g = scenario()
    board(g, 0, "Banking")
    board(g, 1, "Electricity")
    dogma(g, 0, "Banking")
    assert pile(g, 1, "green") == ["Electricity"]
    assert g.players[1].score == [] and g.players[1].hand == []
    assert done(g)  # the green pile of one card: no splay offered


def test_banking_nobody_vulnerable_the_sharer_may_splay() -> None:
    g = scenario()
    board(g, 0, "Banking")
    board(g, 1, "Coal", "Translation", "Clothing", "Mapmaking")  # 3 + 2 crowns: shares
    dogma(g, 0, "Banking")
    assert pile(g, 1, "red") == ["Coal"]
    decide(g, "pass", seat=1)
    assert g.players[1].splay[GREEN] == 0
    assert done(g) and not free_draw_taken(g)


# ---------------------------------------------------------------------------- Measurement
def test_measurement_reveal_return_splay_that_colour_and_draw_its_size() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Measurement")
    hand(g, 0, "Clothing", "Archery")
    on_top(g, "Calendar")
    dogma(g, 0, "Measurement")
    assert sorted(options(g)) == ["Archery", "Clothing", "pass"]
    decide(g, "Clothing")
    assert revealed(g) == ["Clothing"]
    assert supply_bottom(g, 1, 1) == ["Clothing"]
    assert g.players[0].splay[GREEN] == RIGHT
    assert names(g.players[0].hand) == ["Archery", "Calendar"]  # a 2: the green pile's size
    assert done(g)


def test_measurement_colour_you_lack_draws_a_1_and_declining() -> None:
    g = scenario()
    board(g, 0, "Measurement")
    hand(g, 0, "Archery")
    on_top(g, "Pottery")
    dogma(g, 0, "Measurement")
    decide(g, "Archery")
    assert names(g.players[0].hand) == ["Pottery"]  # an empty red pile: a draw of 0 draws a 1
    assert g.players[0].splay == [0, 0, 0, 0, 0]
    assert done(g)

    g = scenario()
    board(g, 0, "Measurement")
    hand(g, 0, "Archery")
    dogma(g, 0, "Measurement")
    decide(g, "pass")
    assert names(g.players[0].hand) == ["Archery"]
    assert done(g)


def test_measurement_first_edition_returns_any_card_and_chooses_any_colour() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Sailing", "Measurement", "Pottery")
    hand(g, 0, "Archery")
    on_top(g, "Calendar")
    dogma(g, 0, "Measurement")
    decide(g, "Archery")
    assert revealed(g) == []  # not revealed in the 1st edition
    assert moved(g, "return") == ["Archery"]
    assert sorted(options(g)) == ["blue", "green", "purple", "red", "yellow"]
    decide(g, "green")
    assert g.players[0].splay[GREEN] == RIGHT
    assert names(g.players[0].hand) == ["Calendar"]
    assert done(g)


# ---------------------------------------------------------------------------- Statistics
def test_statistics_demand_moves_all_the_highest_score_cards_to_hand() -> None:
    g = scenario()
    board(g, 0, "Agriculture", "Statistics")
    score_pile(g, 1, "Chemistry", "Physics", "Pottery")
    dogma(g, 0, "Statistics")
    assert names(g.players[1].hand) == ["Chemistry", "Physics"]
    assert names(g.players[1].score) == ["Pottery"]
    assert moved(g, "transfer") == ["Chemistry", "Physics"]
    decide(g, "yellow")
    assert g.players[0].splay[YELLOW] == RIGHT
    assert done(g)


def test_statistics_empty_score_pile_and_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Statistics")
    dogma(g, 0, "Statistics")
    assert g.players[1].hand == [] and done(g)

    g = scenario()
    board(g, 0, "Statistics")
    board(g, 1, "Agriculture")  # 3 leaves: shares
    score_pile(g, 1, "Chemistry")
    dogma(g, 0, "Statistics")
    assert names(g.players[1].score) == ["Chemistry"] and g.players[1].hand == []
    assert done(g) and not free_draw_taken(g)


def test_statistics_first_edition_repeats_while_the_hand_holds_one_card() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Statistics")
    score_pile(g, 1, "Chemistry", "Pottery", "Tools")
    dogma(g, 0, "Statistics")
    # Chemistry: the hand holds one card, again; then one of the tied 1s
    assert sorted(options(g)) == ["Pottery", "Tools"]
    decide(g, "Pottery", seat=1)
    assert names(g.players[1].hand) == ["Chemistry", "Pottery"]  # two cards: stop
    assert names(g.players[1].score) == ["Tools"]
    assert done(g)


def test_statistics_first_edition_once_when_the_hand_already_holds_a_card() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Agriculture", "Statistics")
    hand(g, 1, "Writing")
    score_pile(g, 1, "Chemistry", "Physics")
    dogma(g, 0, "Statistics")
    decide(g, "Physics", seat=1)
    assert names(g.players[1].hand) == ["Physics", "Writing"]
    assert names(g.players[1].score) == ["Chemistry"]
    decide(g, "yellow")  # the splay is the same in both editions
    assert g.players[0].splay[YELLOW] == RIGHT
    assert done(g)


# ---------------------------------------------------------------------------- Steam Engine
def test_steam_engine_tucks_two_4s_and_scores_the_bottom_yellow_card() -> None:
    g = scenario()
    board(g, 0, "Steam Engine")
    on_top(g, "Experimentation", "Anatomy")
    dogma(g, 0, "Steam Engine")
    assert moved(g, "tuck") == ["Experimentation", "Anatomy"]
    assert pile(g, 0, "blue") == ["Experimentation"]
    assert names(g.players[0].score) == ["Anatomy"]  # the yellow card just tucked
    assert pile(g, 0, "yellow") == ["Steam Engine"]
    assert done(g)


def test_steam_engine_may_score_itself() -> None:
    g = scenario()
    board(g, 0, "Steam Engine")
    on_top(g, "Experimentation", "Colonialism")
    dogma(g, 0, "Steam Engine")
    assert names(g.players[0].score) == ["Steam Engine"]
    assert g.players[0].piles[YELLOW] == []
    assert pile(g, 0, "red") == ["Colonialism"]
    assert done(g)


# ---------------------------------------------------------------------------- Astronomy
def test_astronomy_melds_blue_and_green_6s_again_and_again_then_claims_universe() -> None:
    g = scenario()
    board(g, 0, "Astronomy")
    on_top(g, "Atomic Theory", "Classification", "Canning")
    dogma(g, 0, "Astronomy")
    assert top(g, 0, "blue") == "Atomic Theory"
    assert top(g, 0, "green") == "Classification"
    assert names(g.players[0].hand) == ["Canning"]
    assert set(revealed(g)) == {"Atomic Theory", "Classification", "Canning"}
    assert g.specials[UNIVERSE] == 0  # no non-purple top card below 6
    assert done(g)


def test_astronomy_a_low_top_card_blocks_the_claim() -> None:
    g = scenario()
    board(g, 0, "Archery", "Astronomy")
    on_top(g, "Industrialization")
    dogma(g, 0, "Astronomy")
    assert names(g.players[0].hand) == ["Industrialization"]  # red: kept in hand
    assert g.specials[UNIVERSE] == -1
    assert done(g)


def test_astronomy_only_purple_on_the_board_claims_universe() -> None:
    g = scenario()
    board(g, 0, "Astronomy")
    on_top(g, "Canning")
    dogma(g, 0, "Astronomy")
    assert g.specials[UNIVERSE] == 0  # R31: nothing contradicts the condition
    assert done(g)


# ---------------------------------------------------------------------------- Societies
def test_societies_transfers_a_lightbulb_card_higher_than_the_activators_same_colour() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Societies")
    board(g, 1, "Atomic Theory", "Education", "Paper")  # one crown (Paper): vulnerable
    on_top(g, "Physics")
    dogma(g, 0, "Societies")
    # Atomic Theory 6 > Pottery 1, Paper 3 > no green (0); Education 3 < Societies 5
    assert sorted(options(g)) == ["Atomic Theory", "Paper"]
    decide(g, "Paper", seat=1)
    assert pile(g, 0, "green") == ["Paper"]
    assert g.players[1].piles[GREEN] == []
    assert names(g.players[1].hand) == ["Physics"]
    assert done(g)


def test_societies_purple_allowed_and_nothing_eligible() -> None:
    g = scenario()
    board(g, 0, "Societies")
    board(g, 1, "Democracy")  # purple 6 > Societies 5
    on_top(g, "Physics")
    dogma(g, 0, "Societies")
    assert pile(g, 0, "purple") == ["Societies", "Democracy"]
    assert names(g.players[1].hand) == ["Physics"]
    assert done(g)

    g = scenario()
    board(g, 0, "Societies")
    board(g, 1, "Education")  # purple 3, not higher than 5
    dogma(g, 0, "Societies")
    assert pile(g, 1, "purple") == ["Education"]
    assert g.players[1].hand == []
    assert done(g)


def test_societies_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Societies")
    board(g, 1, "Translation", "Democracy")  # 3 + 1 crowns: not vulnerable
    dogma(g, 0, "Societies")
    assert pile(g, 1, "purple") == ["Democracy"]
    assert pile(g, 0, "purple") == ["Societies"]
    assert g.players[1].hand == []
    assert done(g) and not free_draw_taken(g)


def test_societies_first_edition_any_non_purple_lightbulb_card() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Societies", "Evolution")
    board(g, 1, "Democracy", "Atomic Theory")  # 1 crown: vulnerable
    on_top(g, "Physics")
    dogma(g, 0, "Societies")
    # Atomic Theory (6) is below Evolution (7) but the value does not matter; purple is barred
    assert pile(g, 0, "blue") == ["Evolution", "Atomic Theory"]
    assert pile(g, 1, "purple") == ["Democracy"]
    assert names(g.players[1].hand) == ["Physics"]
    assert done(g)

    g = scenario()  # the same position in the 3rd edition: Democracy (6 > 5) goes instead
    board(g, 0, "Societies", "Evolution")
    board(g, 1, "Democracy", "Atomic Theory")
    dogma(g, 0, "Societies")
    assert pile(g, 1, "blue") == ["Atomic Theory"]
    assert pile(g, 0, "purple") == ["Societies", "Democracy"]


# ============================================================================ age 6
# ---------------------------------------------------------------------------- Atomic Theory
def test_atomic_theory_splays_blue_and_melds_a_7() -> None:
    g = scenario()
    board(g, 0, "Tools", "Atomic Theory")
    on_top(g, "Bicycle")
    dogma(g, 0, "Atomic Theory")
    decide(g, "blue")
    assert g.players[0].splay[BLUE] == RIGHT
    assert pile(g, 0, "green") == ["Bicycle"]
    assert done(g)

    g = scenario()
    board(g, 0, "Tools", "Atomic Theory")
    on_top(g, "Evolution")
    dogma(g, 0, "Atomic Theory")
    decide(g, "pass")
    assert g.players[0].splay[BLUE] == 0
    assert pile(g, 0, "blue") == ["Tools", "Atomic Theory", "Evolution"]
    assert done(g)


# ---------------------------------------------------------------------------- Encyclopedia
def test_encyclopedia_melds_all_the_highest_score_cards_in_a_chosen_order() -> None:
    g = scenario()
    board(g, 0, "Encyclopedia")
    score_pile(g, 0, "Chemistry", "Physics", "Coal", "Pottery")
    dogma(g, 0, "Encyclopedia")
    decide(g, "yes")
    assert sorted(options(g)) == ["Chemistry", "Physics"]  # two blues: ordered; Coal alone (E01)
    decide(g, "Physics")
    assert pile(g, 0, "blue") == ["Encyclopedia", "Physics", "Chemistry"]
    assert pile(g, 0, "red") == ["Coal"]
    assert names(g.players[0].score) == ["Pottery"]
    assert done(g)


def test_encyclopedia_declined_or_empty_score_pile() -> None:
    g = scenario()
    board(g, 0, "Encyclopedia")
    score_pile(g, 0, "Chemistry")
    dogma(g, 0, "Encyclopedia")
    decide(g, "pass")
    assert names(g.players[0].score) == ["Chemistry"]
    assert done(g)

    g = scenario()
    board(g, 0, "Encyclopedia")
    dogma(g, 0, "Encyclopedia")
    assert done(g)  # nothing to meld: nothing asked


# ---------------------------------------------------------------------------- Industrialization
def test_industrialization_tucks_a_6_per_colour_showing_a_factory() -> None:
    g = scenario()
    board(g, 0, "Industrialization", "Chemistry", "Electricity", "Sailing", "Agriculture")
    splay(g, 0, "green", "right")  # Electricity's factory (bottom-left) shows
    board(g, 1, "Steam Engine", "Sailing")  # unsplayed: ignore
    on_top(g, "Canning", "Vaccination", "Encyclopedia", "Democracy")
    dogma(g, 0, "Industrialization")
    # red, blue and green show a factory; yellow does not: three 6s
    assert moved(g, "tuck") == ["Canning", "Vaccination", "Encyclopedia"]
    assert pile(g, 0, "yellow") == ["Vaccination", "Canning", "Agriculture"]
    assert pile(g, 0, "blue") == ["Encyclopedia", "Chemistry"]
    assert done(g)  # red and purple: no pile to splay


def test_industrialization_an_unsplayed_covered_factory_does_not_count() -> None:
    g = scenario()
    board(g, 0, "Industrialization", "Electricity", "Sailing")
    on_top(g, "Canning", "Vaccination")
    dogma(g, 0, "Industrialization")
    assert moved(g, "tuck") == ["Canning"]
    assert done(g)


def test_industrialization_splays_red_or_purple() -> None:
    g = scenario()
    board(g, 0, "Coal", "Industrialization", "Mysticism", "Code of Laws")
    on_top(g, "Canning", "Vaccination")
    dogma(g, 0, "Industrialization")
    assert sorted(options(g)) == ["pass", "purple", "red"]
    decide(g, "purple")
    assert g.players[0].splay[PURPLE] == RIGHT and g.players[0].splay[RED] == 0
    assert done(g)


def test_industrialization_first_edition_a_6_per_two_factories() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Coal", "Industrialization", "Chemistry", "Mysticism", "Code of Laws")
    on_top(g, "Canning", "Vaccination", "Encyclopedia")
    dogma(g, 0, "Industrialization")
    # Industrialization 2 + Chemistry 2 factories: two 6s
    assert moved(g, "tuck") == ["Canning", "Vaccination"]
    decide(g, "red")
    assert g.players[0].splay[RED] == RIGHT
    assert done(g)


# ---------------------------------------------------------------------------- Machine Tools
def test_machine_tools_draws_and_scores_the_highest_score_value() -> None:
    g = scenario()
    board(g, 0, "Machine Tools")
    score_pile(g, 0, "Chemistry", "Pottery")
    on_top(g, "Coal")
    dogma(g, 0, "Machine Tools")
    assert names(g.players[0].score) == ["Chemistry", "Coal", "Pottery"]
    assert done(g)

    g = scenario()
    board(g, 0, "Machine Tools")
    on_top(g, "Writing")
    dogma(g, 0, "Machine Tools")
    assert names(g.players[0].score) == ["Writing"]  # an empty score pile: a 1
    assert done(g)


# ---------------------------------------------------------------------------- Classification
def test_classification_takes_the_colour_from_opponents_and_melds_it_all() -> None:
    g = scenario(players=3)
    board(g, 0, "Classification")
    hand(g, 0, "Clothing", "Pottery")
    hand(g, 1, "Sailing", "Tools")
    hand(g, 2, "Mapmaking", "Writing")
    dogma(g, 0, "Classification")
    decide(g, "Clothing")
    assert set(revealed(g)) >= {"Clothing", "Sailing", "Tools", "Mapmaking", "Writing"}
    assert names(g.players[1].hand) == ["Tools"]
    assert names(g.players[2].hand) == ["Writing"]
    assert sorted(options(g)) == ["Clothing", "Mapmaking", "Sailing"]  # one pile: order matters
    decide(g, "Sailing", "Clothing")
    assert pile(g, 0, "green") == ["Classification", "Sailing", "Clothing", "Mapmaking"]
    assert names(g.players[0].hand) == ["Pottery"]
    assert done(g)


def test_classification_empty_hand_does_nothing() -> None:
    g = scenario()
    board(g, 0, "Classification")
    hand(g, 1, "Sailing")
    dogma(g, 0, "Classification")
    assert names(g.players[1].hand) == ["Sailing"]
    assert revealed(g) == []
    assert done(g)


# ---------------------------------------------------------------------------- Metric System
def test_metric_system_green_splayed_right_lets_you_splay_any_colour() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Metric System", "Archery", "Oars")
    splay(g, 0, "green", "right")
    dogma(g, 0, "Metric System")
    assert options(g) == ["red", "pass"]  # green is splayed right already
    decide(g, "red")
    assert g.players[0].splay[RED] == RIGHT
    assert done(g)  # green already right: the second effect has nothing to offer


def test_metric_system_green_not_splayed_only_the_second_effect() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Metric System", "Archery", "Oars")
    dogma(g, 0, "Metric System")
    assert options(g) == ["green", "pass"]
    decide(g, "green")
    assert g.players[0].splay[GREEN] == RIGHT and g.players[0].splay[RED] == 0
    assert done(g)

    g = scenario()
    board(g, 0, "Sailing", "Metric System", "Archery", "Oars")
    splay(g, 0, "green", "right")
    dogma(g, 0, "Metric System")
    decide(g, "pass")
    assert g.players[0].splay[RED] == 0
    assert done(g)


# ---------------------------------------------------------------------------- Canning
def test_canning_tucks_a_6_and_scores_the_top_cards_without_a_factory() -> None:
    g = scenario()
    board(g, 0, "Canning", "Writing", "Pottery", "Coal")
    on_top(g, "Encyclopedia")
    dogma(g, 0, "Canning")
    decide(g, "yes")
    assert pile(g, 0, "blue") == ["Encyclopedia", "Writing"]  # Pottery scored, Writing uncovered
    assert names(g.players[0].score) == ["Pottery"]
    assert top(g, 0, "red") == "Coal" and top(g, 0, "yellow") == "Canning"
    assert done(g)  # one yellow card: no splay


def test_canning_a_tucked_card_starting_a_pile_is_scored_if_it_has_no_factory() -> None:
    g = scenario()
    board(g, 0, "Agriculture", "Canning")
    on_top(g, "Democracy")
    dogma(g, 0, "Canning")
    decide(g, "yes")
    assert names(g.players[0].score) == ["Democracy"]
    assert g.players[0].piles[PURPLE] == []
    decide(g, "yellow")
    assert g.players[0].splay[YELLOW] == RIGHT
    assert done(g)


def test_canning_declined() -> None:
    g = scenario()
    board(g, 0, "Agriculture", "Canning", "Pottery")
    dogma(g, 0, "Canning")
    decide(g, "pass", "pass")
    assert g.players[0].score == [] and g.players[0].splay[YELLOW] == 0
    assert pile(g, 0, "blue") == ["Pottery"]
    assert done(g)


# ---------------------------------------------------------------------------- Vaccination
def test_vaccination_returns_the_lowest_score_cards_and_both_meld() -> None:
    g = scenario()
    board(g, 0, "Vaccination")
    score_pile(g, 1, "Pottery", "Tools", "Chemistry")
    on_top(g, "Atomic Theory", "Bicycle")
    dogma(g, 0, "Vaccination")
    decide(g, "Tools", seat=1)  # two 1s: the order of the returns
    assert supply_bottom(g, 1, 2) == ["Pottery", "Tools"]
    assert names(g.players[1].score) == ["Chemistry"]
    assert pile(g, 1, "blue") == ["Atomic Theory"]
    assert pile(g, 0, "green") == ["Bicycle"]
    assert done(g)


def test_vaccination_nothing_returned_no_7() -> None:
    g = scenario()
    board(g, 0, "Vaccination")
    dogma(g, 0, "Vaccination")
    assert g.players[0].piles[GREEN] == [] and g.players[1].tops() == []
    assert moved(g, "draw") == []
    assert done(g)


def test_vaccination_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Vaccination")
    board(g, 1, "Agriculture")  # 3 leaves: shares
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Vaccination")
    assert names(g.players[1].score) == ["Pottery"]
    assert moved(g, "draw") == []
    assert done(g) and not free_draw_taken(g)


# ---------------------------------------------------------------------------- Democracy
def _democracy(returns0: list[str]) -> GameState:
    g = scenario()
    board(g, 0, "Democracy")
    board(g, 1, "Atomic Theory")  # 3 lightbulbs: shares
    hand(g, 0, "Writing", "Archery", "Oars")
    hand(g, 1, "Pottery", "Tools")
    on_top(g, "Quantum Theory", "Rocketry")
    dogma(g, 0, "Democracy")
    decide(g, "Pottery", "Tools", seat=1)  # the sharer returns two
    assert names(g.players[1].score) == ["Quantum Theory"]  # 2 > 0
    decide(g, *returns0, seat=0)
    return g


def test_democracy_returning_more_than_each_other_player_scores_an_8() -> None:
    g = _democracy(["Writing", "Archery", "Oars"])
    assert names(g.players[0].score) == ["Rocketry"]  # 3 > 2
    assert g.players[0].hand != [] and free_draw_taken(g)  # the sharer changed something
    assert done(g)


def test_democracy_a_tie_does_not_score() -> None:
    g = _democracy(["Writing", "Archery", "pass"])
    assert g.players[0].score == []
    assert "Oars" in names(g.players[0].hand)
    assert supply_bottom(g, 1, 4) == ["Archery", "Writing", "Tools", "Pottery"]
    assert done(g)


def test_democracy_returning_nothing_never_scores() -> None:
    g = scenario()
    board(g, 0, "Democracy")
    board(g, 1, "Atomic Theory")
    hand(g, 0, "Writing")
    hand(g, 1, "Pottery")
    on_top(g, "Quantum Theory")
    dogma(g, 0, "Democracy")
    decide(g, "pass", seat=1)
    assert g.players[1].score == []
    decide(g, "Writing", seat=0)
    assert names(g.players[0].score) == ["Quantum Theory"]  # 1 > 0
    assert not free_draw_taken(g)
    assert done(g)


# ---------------------------------------------------------------------------- Emancipation
def test_emancipation_demand_gives_a_card_to_the_score_pile_and_draws_a_6() -> None:
    g = scenario()
    board(g, 0, "Mysticism", "Emancipation")
    hand(g, 1, "Pottery", "Tools")
    on_top(g, "Canning")
    dogma(g, 0, "Emancipation")
    decide(g, "Tools", seat=1)
    assert names(g.players[0].score) == ["Tools"]
    assert names(g.players[1].hand) == ["Canning", "Pottery"]
    assert sorted(options(g)) == ["pass", "purple"]
    decide(g, "purple")
    assert g.players[0].splay[PURPLE] == RIGHT
    assert done(g)


def test_emancipation_empty_hand_draws_nothing() -> None:
    g = scenario()
    board(g, 0, "Emancipation")
    dogma(g, 0, "Emancipation")
    assert g.players[1].hand == [] and g.players[0].score == []
    assert done(g)


def test_emancipation_nobody_vulnerable_the_sharer_splays_and_the_activator_draws() -> None:
    g = scenario()
    board(g, 0, "Emancipation")
    board(g, 1, "Archery", "Coal")  # 3 factories: shares
    hand(g, 1, "Pottery")
    dogma(g, 0, "Emancipation")
    decide(g, "red", seat=1)
    assert g.players[1].splay[RED] == RIGHT
    assert names(g.players[1].hand) == ["Pottery"] and g.players[0].score == []
    assert free_draw_taken(g) and len(g.players[0].hand) == 1
    assert done(g)


# ============================================================================ age 7
# ---------------------------------------------------------------------------- Evolution
def test_evolution_option_a_scores_an_8_then_returns_a_score_card() -> None:
    g = scenario()
    board(g, 0, "Evolution")
    score_pile(g, 0, "Pottery")
    on_top(g, "Quantum Theory")
    dogma(g, 0, "Evolution")
    assert options(g) == ["option a", "option b", "pass"]
    decide(g, "option a")
    decide(g, "Pottery")
    assert names(g.players[0].score) == ["Quantum Theory"]
    assert supply_bottom(g, 1, 1) == ["Pottery"]
    assert done(g)


def test_evolution_option_b_draws_one_above_the_highest_score_card() -> None:
    g = scenario()
    board(g, 0, "Evolution")
    score_pile(g, 0, "Chemistry", "Pottery")
    on_top(g, "Canning")
    dogma(g, 0, "Evolution")
    decide(g, "option b")
    assert names(g.players[0].hand) == ["Canning"]
    assert names(g.players[0].score) == ["Chemistry", "Pottery"]
    assert done(g)

    g = scenario()
    board(g, 0, "Evolution")
    on_top(g, "Writing")
    dogma(g, 0, "Evolution")
    decide(g, "option b")
    assert names(g.players[0].hand) == ["Writing"]  # an empty score pile: a 1
    assert done(g)


def test_evolution_declined() -> None:
    g = scenario()
    board(g, 0, "Evolution")
    score_pile(g, 0, "Pottery")
    dogma(g, 0, "Evolution")
    decide(g, "pass")
    assert names(g.players[0].score) == ["Pottery"] and g.players[0].hand == []
    assert done(g)


# ---------------------------------------------------------------------------- Publications
def test_publications_reorders_a_pile_keeping_its_splay_then_splays_blue_up() -> None:
    g = scenario()
    board(g, 0, "Tools", "Pottery", "Publications", "Canning")
    splay(g, 0, "blue", "right")
    dogma(g, 0, "Publications")
    assert options(g) == ["blue", "pass"]  # yellow is one card
    decide(g, "blue")
    assert sorted(options(g)) == ["Pottery", "Publications", "Tools"]
    decide(g, "Pottery")  # the new top card
    g = roundtrip(g)  # mid-effect through JSON
    assert sorted(options(g)) == ["Publications", "Tools"]
    decide(g, "Tools")
    assert pile(g, 0, "blue") == ["Publications", "Tools", "Pottery"]
    assert g.players[0].splay[BLUE] == RIGHT
    assert sorted(options(g)) == ["blue", "pass"]
    decide(g, "blue")
    assert g.players[0].splay[BLUE] == UP
    assert done(g)


def test_publications_declined_and_same_order_is_no_change() -> None:
    g = scenario()
    board(g, 0, "Tools", "Publications")
    board(g, 1, "Writing", "Printing Press")  # 4 lightbulbs: shares
    dogma(g, 0, "Publications")
    decide(g, "blue", "Printing Press", seat=1)  # the same order: no change
    assert pile(g, 1, "blue") == ["Writing", "Printing Press"]
    decide(g, "pass", seat=0)  # each effect for everyone before the next
    decide(g, "pass", seat=1)
    decide(g, "pass", seat=0)
    assert pile(g, 0, "blue") == ["Tools", "Publications"]
    assert g.players[0].splay[BLUE] == 0
    assert not free_draw_taken(g)
    assert done(g)


def test_publications_a_sharer_reorder_earns_the_free_draw() -> None:
    g = scenario()
    board(g, 0, "Publications")
    board(g, 1, "Writing", "Printing Press")
    dogma(g, 0, "Publications")
    decide(g, "blue", "Writing", seat=1)
    assert pile(g, 1, "blue") == ["Printing Press", "Writing"]
    decide(g, "pass", seat=1)
    assert free_draw_taken(g)
    assert done(g)


# ---------------------------------------------------------------------------- Combustion
def test_combustion_one_card_per_four_crowns_and_the_bottom_red_card_returned() -> None:
    g = scenario()
    board(g, 0, "Archery", "Combustion", "Translation", "Navigation")  # 2 + 3 + 3 crowns
    score_pile(g, 1, "Pottery", "Chemistry", "Physics")
    dogma(g, 0, "Combustion")
    decide(g, "Pottery", "Chemistry", seat=1)
    assert names(g.players[0].score) == ["Chemistry", "Pottery"]
    assert names(g.players[1].score) == ["Physics"]
    assert pile(g, 0, "red") == ["Combustion"]  # Archery returned
    assert supply_bottom(g, 1, 1) == ["Archery"]
    assert done(g)


def test_combustion_fewer_than_four_crowns_gives_nothing() -> None:
    g = scenario()
    board(g, 0, "Combustion")
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Combustion")
    assert names(g.players[1].score) == ["Pottery"] and g.players[0].score == []
    assert moved(g, "return") == ["Combustion"]  # its own bottom red card
    assert done(g)


def test_combustion_nobody_vulnerable_the_sharer_returns_its_bottom_red_card() -> None:
    g = scenario()
    board(g, 0, "Archery", "Combustion")
    board(g, 1, "Oars", "Metalworking", "Translation")  # 3 crowns: shares
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Combustion")
    assert names(g.players[1].score) == ["Pottery"]
    assert pile(g, 1, "red") == ["Metalworking"]
    assert pile(g, 0, "red") == ["Combustion"]
    assert free_draw_taken(g)
    assert done(g)


def test_combustion_first_edition_two_cards_and_no_second_effect() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Archery", "Combustion")  # 2 crowns: the count does not matter
    score_pile(g, 1, "Pottery", "Chemistry", "Physics")
    dogma(g, 0, "Combustion")
    decide(g, "Physics", "Pottery", seat=1)
    assert names(g.players[0].score) == ["Physics", "Pottery"]
    assert pile(g, 0, "red") == ["Archery", "Combustion"]
    assert done(g)

    g = scenario(edition="1e")
    board(g, 0, "Combustion")
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Combustion")
    assert names(g.players[0].score) == ["Pottery"]  # all of them if fewer
    assert done(g)


# ---------------------------------------------------------------------------- Explosives
def test_explosives_gives_the_three_highest_cards() -> None:
    g = scenario()
    board(g, 0, "Explosives")
    hand(g, 1, "Chemistry", "Pottery", "Tools", "Writing")
    dogma(g, 0, "Explosives")
    # Chemistry goes first; then two of the three tied 1s
    assert sorted(options(g)) == ["Pottery", "Tools", "Writing"]
    decide(g, "Pottery", "Writing", seat=1)
    assert names(g.players[0].hand) == ["Chemistry", "Pottery", "Writing"]
    assert names(g.players[1].hand) == ["Tools"]  # not empty: no 7
    assert done(g)


def test_explosives_an_emptied_hand_draws_a_7() -> None:
    g = scenario()
    board(g, 0, "Explosives")
    hand(g, 1, "Pottery", "Chemistry")
    on_top(g, "Bicycle")
    dogma(g, 0, "Explosives")
    assert names(g.players[0].hand) == ["Chemistry", "Pottery"]
    assert names(g.players[1].hand) == ["Bicycle"]
    assert done(g)


def test_explosives_empty_hand_and_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Explosives")
    dogma(g, 0, "Explosives")
    assert g.players[1].hand == [] and g.players[0].hand == []
    assert done(g)

    g = scenario()
    board(g, 0, "Explosives")
    board(g, 1, "Coal")  # 3 factories: not vulnerable
    hand(g, 1, "Pottery")
    dogma(g, 0, "Explosives")
    assert names(g.players[1].hand) == ["Pottery"] and g.players[0].hand == []
    assert done(g)


# ---------------------------------------------------------------------------- Bicycle
def test_bicycle_exchanges_hand_and_score_pile_not_a_score() -> None:
    g = scenario()
    board(g, 0, "Bicycle")
    hand(g, 0, "Pottery", "Tools")
    score_pile(g, 0, "Chemistry")
    dogma(g, 0, "Bicycle")
    decide(g, "yes")
    assert names(g.players[0].hand) == ["Chemistry"]
    assert names(g.players[0].score) == ["Pottery", "Tools"]
    assert sorted(moved(g, "exchange")) == ["Chemistry", "Pottery", "Tools"]
    assert g.players[0].scored == 0  # never Monument
    assert done(g)


def test_bicycle_with_an_empty_zone_and_declined() -> None:
    g = scenario()
    board(g, 0, "Bicycle")
    score_pile(g, 0, "Chemistry")
    dogma(g, 0, "Bicycle")
    decide(g, "yes")
    assert names(g.players[0].hand) == ["Chemistry"] and g.players[0].score == []
    assert done(g)

    g = scenario()
    board(g, 0, "Bicycle")
    hand(g, 0, "Pottery")
    dogma(g, 0, "Bicycle")
    decide(g, "pass")
    assert names(g.players[0].hand) == ["Pottery"] and g.players[0].score == []
    assert done(g)

    g = scenario()
    board(g, 0, "Bicycle")
    dogma(g, 0, "Bicycle")
    assert done(g)  # nothing to exchange: nothing asked


# ---------------------------------------------------------------------------- Electricity
def test_electricity_returns_the_top_cards_without_a_factory_and_draws_8s() -> None:
    g = scenario()
    board(g, 0, "Electricity", "Writing", "Pottery", "Archery", "Coal", "Agriculture")
    # tops: Electricity, Pottery, Coal (a factory) and Agriculture
    on_top(g, "Quantum Theory", "Rocketry")
    dogma(g, 0, "Electricity")
    assert sorted(options(g)) == ["Agriculture", "Pottery"]  # two 1s: the order matters
    decide(g, "Agriculture")
    assert supply_bottom(g, 1, 2) == ["Pottery", "Agriculture"]
    assert pile(g, 0, "blue") == ["Writing"]  # uncovered: not returned (R16)
    assert names(g.players[0].hand) == ["Quantum Theory", "Rocketry"]
    assert done(g)


def test_electricity_nothing_to_return_draws_nothing() -> None:
    g = scenario()
    board(g, 0, "Electricity", "Coal")
    dogma(g, 0, "Electricity")
    assert g.players[0].hand == [] and moved(g, "return") == []
    assert done(g)


# ---------------------------------------------------------------------------- Refrigeration
def test_refrigeration_demand_returns_half_the_hand_and_the_activator_scores() -> None:
    g = scenario()
    board(g, 0, "Refrigeration")
    hand(g, 0, "Archery")
    hand(g, 1, "Pottery", "Tools", "Writing", "Chemistry", "Physics")
    dogma(g, 0, "Refrigeration")
    decide(g, "Chemistry", "Pottery", seat=1)  # half of 5, rounded down
    assert names(g.players[1].hand) == ["Physics", "Tools", "Writing"]
    assert moved(g, "return") == ["Chemistry", "Pottery"]
    decide(g, "Archery", seat=0)
    assert names(g.players[0].score) == ["Archery"]
    assert done(g)


def test_refrigeration_one_card_returns_nothing_and_declining() -> None:
    g = scenario()
    board(g, 0, "Refrigeration")
    hand(g, 0, "Archery")
    hand(g, 1, "Pottery")
    dogma(g, 0, "Refrigeration")
    assert names(g.players[1].hand) == ["Pottery"]
    decide(g, "pass")
    assert g.players[0].score == [] and names(g.players[0].hand) == ["Archery"]
    assert done(g)


def test_refrigeration_nobody_vulnerable_the_sharer_scores() -> None:
    g = scenario()
    board(g, 0, "Refrigeration")
    board(g, 1, "Agriculture")  # 3 leaves: shares
    hand(g, 1, "Pottery", "Tools")
    dogma(g, 0, "Refrigeration")
    decide(g, "Tools", seat=1)
    assert names(g.players[1].score) == ["Tools"] and names(g.players[1].hand) == ["Pottery"]
    assert free_draw_taken(g)
    assert done(g)


# ---------------------------------------------------------------------------- Sanitation
def test_sanitation_exchanges_two_highest_for_the_activators_lowest() -> None:
    g = scenario()
    board(g, 0, "Sanitation")
    hand(g, 0, "Pottery", "Tools", "Chemistry")
    hand(g, 1, "Physics", "Coal", "Atomic Theory", "Writing")
    dogma(g, 0, "Sanitation")
    assert sorted(options(g)) == ["Pottery", "Tools"]
    decide(g, "Tools", seat=0)  # the activator picks first
    g = roundtrip(g)
    assert sorted(options(g)) == ["Coal", "Physics"]  # Atomic Theory is taken; then a 5
    decide(g, "Coal", seat=1)
    assert names(g.players[0].hand) == ["Atomic Theory", "Chemistry", "Coal", "Pottery"]
    assert names(g.players[1].hand) == ["Physics", "Tools", "Writing"]
    assert sorted(moved(g, "exchange")) == ["Atomic Theory", "Coal", "Tools"]
    assert done(g)


def test_sanitation_survives_a_rearrangement_of_what_the_opponent_cannot_see() -> None:
    g = scenario()
    board(g, 0, "Sanitation")
    hand(g, 0, "Pottery", "Tools", "Chemistry")
    hand(g, 1, "Physics", "Coal", "Atomic Theory")
    dogma(g, 0, "Sanitation")
    decide(g, "Tools", seat=0)  # hidden from seat 1 from now on
    renamed = False
    for seed in range(6):
        h = perturb_hidden(g, 1, seed)
        before = set(h.players[0].hand)
        renamed = renamed or before != set(g.players[0].hand)
        decide(h, "Coal", seat=1)
        assert check_invariants(h) == []
        got = set(h.players[1].hand) - {c for c in g.players[1].hand if NAME[c] == "Physics"}
        assert len(got) == 1 and got <= before and AGE[next(iter(got))] == 1  # one of their 1s
        assert set(h.players[0].hand) == (before - got) | {
            c for c in g.players[1].hand if NAME[c] in ("Coal", "Atomic Theory")
        }
    assert renamed


def test_sanitation_one_card_and_an_empty_activator_hand() -> None:
    g = scenario()
    board(g, 0, "Sanitation")
    hand(g, 1, "Pottery")
    dogma(g, 0, "Sanitation")
    assert names(g.players[0].hand) == ["Pottery"] and g.players[1].hand == []
    assert done(g)

    g = scenario()
    board(g, 0, "Sanitation")
    hand(g, 0, "Chemistry")
    dogma(g, 0, "Sanitation")
    assert names(g.players[1].hand) == ["Chemistry"] and g.players[0].hand == []  # R43
    assert done(g)


def test_sanitation_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Sanitation")
    board(g, 1, "Anatomy")  # 3 leaves: not vulnerable
    hand(g, 0, "Pottery")
    hand(g, 1, "Chemistry")
    dogma(g, 0, "Sanitation")
    assert names(g.players[0].hand) == ["Pottery"] and names(g.players[1].hand) == ["Chemistry"]
    assert done(g)


# ---------------------------------------------------------------------------- Lighting
def test_lighting_tucks_up_to_three_and_scores_a_7_per_different_value() -> None:
    g = scenario()
    board(g, 0, "Lighting")
    hand(g, 0, "Pottery", "Tools", "Chemistry", "Coal")
    on_top(g, "Bicycle", "Electricity")
    dogma(g, 0, "Lighting")
    decide(g, "Pottery", "Tools", "Coal")
    assert pile(g, 0, "blue") == ["Tools", "Pottery"]
    assert pile(g, 0, "red") == ["Coal"]
    assert names(g.players[0].score) == ["Bicycle", "Electricity"]  # values 1 and 5
    assert names(g.players[0].hand) == ["Chemistry"]
    assert done(g)


def test_lighting_one_card_and_declining() -> None:
    g = scenario()
    board(g, 0, "Lighting")
    hand(g, 0, "Pottery", "Tools")
    on_top(g, "Bicycle")
    dogma(g, 0, "Lighting")
    decide(g, "Tools", "pass")
    assert names(g.players[0].score) == ["Bicycle"]
    assert done(g)

    g = scenario()
    board(g, 0, "Lighting")
    hand(g, 0, "Pottery")
    dogma(g, 0, "Lighting")
    decide(g, "pass")
    assert names(g.players[0].hand) == ["Pottery"] and g.players[0].score == []
    assert done(g)


# ---------------------------------------------------------------------------- Railroad
def test_railroad_returns_the_hand_draws_three_6s_and_splays_up() -> None:
    g = scenario()
    board(g, 0, "Railroad", "Tools", "Writing", "Archery", "Oars")
    splay(g, 0, "blue", "right")
    hand(g, 0, "Pottery", "Chemistry")
    on_top(g, "Canning", "Vaccination", "Democracy")
    dogma(g, 0, "Railroad")
    assert sorted(moved(g, "return")) == ["Chemistry", "Pottery"]
    assert names(g.players[0].hand) == ["Canning", "Democracy", "Vaccination"]
    assert options(g) == ["blue", "pass"]  # only piles splayed right
    decide(g, "blue")
    assert g.players[0].splay[BLUE] == UP
    assert done(g)


def test_railroad_empty_hand_still_draws_and_declining() -> None:
    g = scenario()
    board(g, 0, "Railroad", "Tools", "Writing")
    splay(g, 0, "blue", "right")
    on_top(g, "Canning", "Vaccination", "Democracy")
    dogma(g, 0, "Railroad")
    assert names(g.players[0].hand) == ["Canning", "Democracy", "Vaccination"]
    decide(g, "pass")
    assert g.players[0].splay[BLUE] == RIGHT
    assert done(g)


def test_no_card_lost() -> None:
    g = scenario()
    board(g, 0, "Sanitation")
    hand(g, 0, "Pottery")
    hand(g, 1, "Chemistry", "Physics")
    dogma(g, 0, "Sanitation")
    assert total_cards(g) == 105
