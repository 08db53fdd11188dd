"""Innovation ages 8, 9 and 10: one or more scenarios per effect (cards.json's texts and rulings,
RULES.md's named rulings), including Fission's 1st-edition text."""

from __future__ import annotations

import msgspec

from altay_cli.engine.innovation import machine
from altay_cli.engine.innovation.actions import PickBlind, PickColors
from altay_cli.engine.innovation.state import EndReason, GameState
from altay_cli.engine.innovation.tables import AGE, NAME, card_id
from tests.innovation_helpers import (
    achievement,
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
)


def hand_of(g: GameState, p: int) -> list[str]:
    return names(g.players[p].hand)


def score_of(g: GameState, p: int) -> list[str]:
    return names(g.players[p].score)


def bottom(g: GameState, age: int, n: int = 1) -> list[str]:
    """The n bottom cards of a supply pile, bottom first (where returned cards go)."""
    return [NAME[c] for c in g.supply[age][:n]]


def opts(g: GameState) -> list[str]:
    """The pending decision's answers, sorted."""
    return sorted(options(g), key=lambda x: (x == "pass", x))


def idle(g: GameState) -> bool:
    """No decision pending and the game goes on."""
    return g.pending is None and not g.is_terminal


def roundtrip(g: GameState) -> GameState:
    """The state through JSON, mid-effect (frames must hold only JSON-able locals)."""
    g2 = type(g).from_dict(msgspec.json.decode(msgspec.json.encode(g.to_dict())))
    g2.trace = []
    assert g2.digest() == g.digest()
    return g2


# ============================================================================ age 8
# ---------------------------------------------------------------------------- Quantum Theory
def test_quantum_theory_two_returned_draws_and_scores_10s() -> None:
    g = scenario()
    board(g, 0, "Quantum Theory")
    hand(g, 0, "Pottery", "Writing")
    on_top(g, "Software", "A.I.")
    dogma(g, 0, "Quantum Theory")
    assert opts(g) == ["Pottery", "Writing", "pass"]
    decide(g, "Pottery", "Writing")
    assert hand_of(g, 0) == ["Software"] and score_of(g, 0) == ["A.I."]
    assert sorted(bottom(g, 1, 2)) == ["Pottery", "Writing"]
    assert idle(g) and not free_draw_taken(g)


def test_quantum_theory_one_returned_draws_nothing() -> None:
    g = scenario()
    board(g, 0, "Quantum Theory")
    hand(g, 0, "Pottery", "Writing")
    dogma(g, 0, "Quantum Theory")
    decide(g, "Pottery", "pass")
    assert hand_of(g, 0) == ["Writing"] and score_of(g, 0) == []
    assert bottom(g, 1) == ["Pottery"] and moved(g, "draw") == []


def test_quantum_theory_declined() -> None:
    g = scenario()
    board(g, 0, "Quantum Theory")
    hand(g, 0, "Pottery", "Writing")
    dogma(g, 0, "Quantum Theory")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Pottery", "Writing"] and moved(g, "return") == []


# ---------------------------------------------------------------------------- Rocketry
def test_rocketry_returns_one_card_per_two_clocks_by_blind_pick() -> None:
    g = scenario()
    board(g, 0, "Quantum Theory", "Rocketry")  # 3 + 2 clocks splayed up: two returns
    splay(g, 0, "blue", "up")
    score_pile(g, 1, "Tools", "Writing", "Calendar", "Mathematics")
    dogma(g, 0, "Rocketry")
    ask = g.pending
    assert ask is not None and ask.options == ((1, 1), (1, 2))
    decide(g, PickBlind(1, 2))  # one of Calendar and Mathematics, at random
    assert len(g.players[1].score) == 3
    decide(g, PickBlind(1, 2))
    assert score_of(g, 1) == ["Tools", "Writing"]
    assert sorted(bottom(g, 2, 2)) == ["Calendar", "Mathematics"]
    assert idle(g)


def test_rocketry_mixes_opponents_and_stops_when_no_card_is_left() -> None:
    g = scenario(players=3)
    board(g, 0, "Quantum Theory", "Rocketry")
    splay(g, 0, "blue", "up")
    score_pile(g, 1, "Calendar")
    score_pile(g, 2, "Tools")
    dogma(g, 0, "Rocketry")
    assert g.pending is not None and g.pending.options == ((1, 2), (2, 1))
    decide(g, PickBlind(2, 1))
    # the second return has one possible answer: taken without asking
    assert score_of(g, 1) == [] and score_of(g, 2) == [] and idle(g)


def test_rocketry_three_clocks_one_return() -> None:
    g = scenario()
    board(g, 0, "Rocketry")  # three clocks: one pair
    score_pile(g, 1, "Tools", "Calendar")
    dogma(g, 0, "Rocketry")
    assert g.pending is not None and g.pending.options == ((1, 1), (1, 2))
    decide(g, PickBlind(1, 1))
    assert score_of(g, 1) == ["Calendar"] and bottom(g, 1) == ["Tools"] and idle(g)


def test_rocketry_nothing_to_return() -> None:
    g = scenario()
    board(g, 0, "Rocketry")
    score_pile(g, 0, "Tools")  # your own score pile is never a source
    dogma(g, 0, "Rocketry")
    assert score_of(g, 0) == ["Tools"] and idle(g)


# ---------------------------------------------------------------------------- Flight
def test_flight_with_red_splayed_up_splays_another_colour_up() -> None:
    g = scenario()
    board(g, 0, "Archery", "Flight", "Pottery", "Tools")
    splay(g, 0, "red", "up")
    dogma(g, 0, "Flight")
    assert opts(g) == ["blue", "pass"]  # red is up already
    decide(g, "blue")
    assert g.players[0].splay == [3, 3, 0, 0, 0]
    assert idle(g)  # the second effect has nothing to change


def test_flight_without_red_up_only_offers_red() -> None:
    g = scenario()
    board(g, 0, "Archery", "Flight", "Pottery", "Tools")
    dogma(g, 0, "Flight")
    assert opts(g) == ["red", "pass"]
    decide(g, "red")
    assert g.players[0].splay == [0, 3, 0, 0, 0] and idle(g)


def test_flight_declined() -> None:
    g = scenario()
    board(g, 0, "Archery", "Flight", "Pottery", "Tools")
    splay(g, 0, "red", "up")
    dogma(g, 0, "Flight")
    decide(g, "pass")
    assert g.players[0].splay == [0, 3, 0, 0, 0] and idle(g)


def test_flight_declined_red() -> None:
    g = scenario()
    board(g, 0, "Archery", "Flight")
    dogma(g, 0, "Flight")
    decide(g, "pass")
    assert g.players[0].splay == [0, 0, 0, 0, 0] and idle(g)


# ---------------------------------------------------------------------------- Mobility
def test_mobility_takes_the_two_highest_eligible_tops() -> None:
    g = scenario()
    board(g, 0, "Mobility")
    # Experimentation (4) lies under Calendar: uncovered, it is not eligible
    board(g, 1, "Experimentation", "Calendar", "Sailing", "Agriculture", "Archery")
    on_top(g, "Antibiotics")
    dogma(g, 0, "Mobility")
    assert asking(g).startswith("seat 1") and opts(g) == ["Agriculture", "Sailing"]
    decide(g, "Sailing")
    assert score_of(g, 0) == ["Calendar", "Sailing"]
    assert top(g, 1, "blue") == "Experimentation" and top(g, 1, "red") == "Archery"
    assert hand_of(g, 1) == ["Antibiotics"] and idle(g)


def test_mobility_with_no_eligible_card_draws_nothing() -> None:
    g = scenario()
    board(g, 0, "Mobility")
    board(g, 1, "Archery", "Physics")  # red, and a factory
    dogma(g, 0, "Mobility")
    assert score_of(g, 0) == [] and hand_of(g, 1) == [] and idle(g)


def test_mobility_one_eligible_card_is_enough_for_the_draw() -> None:
    g = scenario()
    board(g, 0, "Mobility")
    board(g, 1, "Sailing")
    on_top(g, "Antibiotics")
    dogma(g, 0, "Mobility")
    assert score_of(g, 0) == ["Sailing"] and hand_of(g, 1) == ["Antibiotics"]


def test_mobility_spares_a_player_with_as_many_factories() -> None:
    g = scenario()
    board(g, 0, "Mobility")
    board(g, 1, "Coal", "Sailing")
    dogma(g, 0, "Mobility")
    assert pile(g, 1, "green") == ["Sailing"] and score_of(g, 0) == [] and hand_of(g, 1) == []
    assert not free_draw_taken(g)


# ---------------------------------------------------------------------------- Corporations
def test_corporations_demand_and_non_demand() -> None:
    g = scenario()
    board(g, 0, "Corporations")
    board(g, 1, "Physics", "Sailing")  # one factory: vulnerable
    on_top(g, "Flight", "Skyscrapers")
    dogma(g, 0, "Corporations")
    assert score_of(g, 0) == ["Physics"]
    assert top(g, 1, "red") == "Flight"  # drawn and melded by the victim
    assert top(g, 0, "yellow") == "Skyscrapers"  # the activator's non-demand
    assert top(g, 1, "blue") is None and idle(g) and not free_draw_taken(g)


def test_corporations_victim_without_eligible_card_does_not_draw() -> None:
    g = scenario()
    board(g, 0, "Corporations")
    board(g, 1, "Invention")  # green: not eligible
    on_top(g, "Skyscrapers")
    dogma(g, 0, "Corporations")
    assert pile(g, 1, "green") == ["Invention"] and score_of(g, 0) == []
    assert top(g, 0, "yellow") == "Skyscrapers" and moved(g, "meld") == ["Skyscrapers"]


def test_corporations_sharer_melds_and_gives_the_free_draw() -> None:
    g = scenario()
    board(g, 0, "Corporations")
    board(g, 1, "Coal")  # three factories: shares
    on_top(g, "Flight", "Skyscrapers", "Antibiotics")
    dogma(g, 0, "Corporations")
    assert pile(g, 1, "red") == ["Coal", "Flight"] and score_of(g, 0) == []
    assert top(g, 0, "yellow") == "Skyscrapers"
    assert free_draw_taken(g) and hand_of(g, 0) == ["Antibiotics"]


# ---------------------------------------------------------------------------- Mass Media
def test_mass_media_returns_every_card_of_the_value_then_splays() -> None:
    g = scenario()
    board(g, 0, "Code of Laws", "City States", "Mass Media")
    hand(g, 0, "Writing")
    score_pile(g, 0, "Tools", "Calendar")
    score_pile(g, 1, "Pottery", "Mathematics", "Agriculture")
    dogma(g, 0, "Mass Media")
    decide(g, "Writing")
    assert sorted(options(g)) == sorted(f"value {v}" for v in range(1, 11))
    decide(g, "value 1")
    assert score_of(g, 0) == ["Calendar"] and score_of(g, 1) == ["Mathematics"]
    assert sorted(bottom(g, 1, 4)) == ["Agriculture", "Pottery", "Tools", "Writing"]
    assert opts(g) == ["purple", "pass"]
    decide(g, "purple")
    assert g.players[0].splay[4] == 3 and idle(g)


def test_mass_media_the_executing_player_orders_the_returns() -> None:
    g = scenario()
    board(g, 0, "Mass Media")
    hand(g, 0, "Writing")
    score_pile(g, 0, "Tools", "Sailing")
    dogma(g, 0, "Mass Media")
    decide(g, "Writing", "value 1")
    assert opts(g) == ["Sailing", "Tools"]  # no pass: every one goes
    decide(g, "Tools")
    assert bottom(g, 1, 2) == ["Sailing", "Tools"]  # the last returned is lowest
    assert idle(g)  # no purple pile to splay


def test_mass_media_declined() -> None:
    g = scenario()
    board(g, 0, "Code of Laws", "City States", "Mass Media")
    hand(g, 0, "Writing")
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Mass Media")
    decide(g, "pass")  # no return: no value is asked
    assert opts(g) == ["purple", "pass"]
    decide(g, "pass")
    assert hand_of(g, 0) == ["Writing"] and score_of(g, 1) == ["Pottery"]
    assert g.players[0].splay[4] == 0 and idle(g)


# ---------------------------------------------------------------------------- Antibiotics
def test_antibiotics_two_8s_per_different_value() -> None:
    g = scenario()
    board(g, 0, "Antibiotics")
    hand(g, 0, "Pottery", "Writing", "Calendar")
    on_top(g, "Flight", "Mobility", "Skyscrapers", "Socialism", "Empiricism")
    dogma(g, 0, "Antibiotics")
    decide(g, "Pottery", "Writing", "Calendar")
    assert hand_of(g, 0) == ["Flight", "Mobility", "Skyscrapers", "Socialism"]
    assert idle(g)


def test_antibiotics_one_card() -> None:
    g = scenario()
    board(g, 0, "Antibiotics")
    hand(g, 0, "Pottery", "Writing")
    on_top(g, "Flight", "Mobility", "Skyscrapers")
    dogma(g, 0, "Antibiotics")
    decide(g, "Pottery", "pass")
    assert hand_of(g, 0) == ["Flight", "Mobility", "Writing"]


def test_antibiotics_declined() -> None:
    g = scenario()
    board(g, 0, "Antibiotics")
    hand(g, 0, "Pottery")
    dogma(g, 0, "Antibiotics")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Pottery"] and moved(g, "draw") == []


# ---------------------------------------------------------------------------- Skyscrapers
def test_skyscrapers_transfers_scores_the_next_and_returns_the_rest() -> None:
    g = scenario()
    board(g, 0, "Skyscrapers")
    board(g, 1, "Pottery", "Writing", "Tools", "Quantum Theory")
    dogma(g, 0, "Skyscrapers")
    assert top(g, 0, "blue") == "Quantum Theory" and score_of(g, 1) == ["Tools"]
    assert asking(g).startswith("seat 1") and opts(g) == ["Pottery", "Writing"]
    decide(g, "Writing")
    assert pile(g, 1, "blue") == [] and bottom(g, 1, 2) == ["Pottery", "Writing"]
    assert idle(g)


def test_skyscrapers_alone_in_its_pile_nothing_more() -> None:
    g = scenario()
    board(g, 0, "Skyscrapers")
    board(g, 1, "Quantum Theory", "Archery")
    dogma(g, 0, "Skyscrapers")
    assert top(g, 0, "blue") == "Quantum Theory"
    assert score_of(g, 1) == [] and pile(g, 1, "red") == ["Archery"] and idle(g)


def test_skyscrapers_ignores_yellow_and_clockless_tops() -> None:
    g = scenario()
    board(g, 0, "Skyscrapers")
    board(g, 1, "Pottery", "Agriculture")
    dogma(g, 0, "Skyscrapers")
    assert pile(g, 1, "blue") == ["Pottery"] and pile(g, 1, "yellow") == ["Agriculture"]


def test_skyscrapers_spares_a_player_with_as_many_crowns() -> None:
    g = scenario()
    board(g, 0, "Skyscrapers")
    board(g, 1, "Quantum Theory", "Sailing")  # two crowns
    dogma(g, 0, "Skyscrapers")
    assert top(g, 1, "blue") == "Quantum Theory" and top(g, 0, "blue") is None


# ---------------------------------------------------------------------------- Empiricism
def test_empiricism_melds_a_9_of_a_chosen_colour_and_splays_it() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Empiricism")
    on_top(g, "Computers")
    dogma(g, 0, "Empiricism")
    assert g.pending is not None and len(g.pending.options) == 10 and not g.pending.can_pass
    decide(g, PickColors(("blue", "red")))
    assert "Computers" in revealed(g) and top(g, 0, "blue") == "Computers"
    assert opts(g) == ["blue", "pass"]
    decide(g, "blue")
    assert g.players[0].splay[0] == 3 and idle(g)


def test_empiricism_other_colour_stays_in_hand() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Empiricism")
    on_top(g, "Computers")
    dogma(g, 0, "Empiricism")
    decide(g, PickColors(("green", "yellow")))
    assert hand_of(g, 0) == ["Computers"] and "Computers" in revealed(g)
    assert top(g, 0, "blue") == "Pottery" and idle(g)


def test_empiricism_twenty_lightbulbs_win() -> None:
    g = scenario()
    board(g, 0, "Philosophy", "Education", "Empiricism")  # purple up: 3 + 2 + 3
    board(g, 0, "Experimentation", "Atomic Theory", "Evolution", "Genetics")  # blue up: 3+2+2+3
    board(g, 0, "Classification")  # 3
    splay(g, 0, "purple", "up")
    splay(g, 0, "blue", "up")
    assert g.icons(0, 3) == 21
    on_top(g, "Ecology")
    dogma(g, 0, "Empiricism")
    decide(g, PickColors(("blue", "red")))  # Ecology is yellow: kept
    assert g.is_terminal and g.winners == [0] and g.end_reason is EndReason.CARD
    assert g.win_card == card_id("Empiricism")


def test_empiricism_nineteen_lightbulbs_do_not_win() -> None:
    g = scenario()
    board(g, 0, "Philosophy", "Education", "Empiricism")
    board(g, 0, "Experimentation", "Atomic Theory", "Evolution", "Genetics")
    splay(g, 0, "purple", "up")
    splay(g, 0, "blue", "up")
    assert g.icons(0, 3) == 18
    on_top(g, "Ecology")
    dogma(g, 0, "Empiricism")
    decide(g, PickColors(("blue", "red")))
    assert idle(g)


# ---------------------------------------------------------------------------- Socialism
def test_socialism_tucks_the_hand_and_takes_the_lowest_cards() -> None:
    g = scenario()
    board(g, 0, "Socialism")
    hand(g, 0, "Code of Laws", "Pottery", "Tools")
    hand(g, 1, "Writing", "Sailing", "Calendar")
    dogma(g, 0, "Socialism")
    decide(g, "yes")
    assert opts(g) == ["Pottery", "Tools"]  # two blues: ordered; Code of Laws alone first (E01)
    decide(g, "Tools")
    assert pile(g, 0, "blue") == ["Pottery", "Tools"]
    assert pile(g, 0, "purple") == ["Code of Laws", "Socialism"]
    assert hand_of(g, 0) == ["Sailing", "Writing"] and hand_of(g, 1) == ["Calendar"]
    assert idle(g)


def test_socialism_lowest_value_per_opponent() -> None:
    g = scenario(players=3)
    board(g, 0, "Socialism")
    hand(g, 0, "Code of Laws")
    hand(g, 1, "Calendar", "Mathematics", "Optics")
    hand(g, 2, "Writing", "Philosophy")
    dogma(g, 0, "Socialism")
    decide(g, "yes")
    assert hand_of(g, 0) == ["Calendar", "Mathematics", "Writing"]
    assert hand_of(g, 1) == ["Optics"] and hand_of(g, 2) == ["Philosophy"]


def test_socialism_without_purple_takes_nothing() -> None:
    g = scenario()
    board(g, 0, "Socialism")
    hand(g, 0, "Pottery")
    hand(g, 1, "Writing")
    dogma(g, 0, "Socialism")
    decide(g, "yes")
    assert pile(g, 0, "blue") == ["Pottery"] and hand_of(g, 1) == ["Writing"] and hand_of(g, 0) == []


def test_socialism_declined_and_empty_hand() -> None:
    g = scenario()
    board(g, 0, "Socialism")
    hand(g, 0, "Code of Laws")
    hand(g, 1, "Writing")
    dogma(g, 0, "Socialism")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Code of Laws"] and hand_of(g, 1) == ["Writing"] and idle(g)
    g = scenario()
    board(g, 0, "Socialism")
    dogma(g, 0, "Socialism")
    assert idle(g)  # nothing to tuck: not even asked


# ============================================================================ age 9
# ---------------------------------------------------------------------------- Computers
def test_computers_splays_and_self_executes_the_melded_10() -> None:
    g = scenario()
    board(g, 0, "Archery", "Oars", "Computers")
    on_top(g, "A.I.", "Databases")
    dogma(g, 0, "Computers")
    assert opts(g) == ["red", "pass"]  # no green pile
    decide(g, "red")
    assert g.players[0].splay[1] == 3
    assert top(g, 0, "purple") == "A.I." and score_of(g, 0) == ["Databases"]
    assert idle(g)


def test_computers_self_execution_skips_the_demand() -> None:
    g = scenario()
    board(g, 0, "Computers")
    board(g, 1, "Sailing")  # a leaf top card Globalization's demand would take
    on_top(g, "Globalization", "Canning")
    dogma(g, 0, "Computers")
    assert top(g, 0, "yellow") == "Globalization"
    assert pile(g, 1, "green") == ["Sailing"]  # demand skipped
    assert score_of(g, 0) == ["Canning"]  # the non-demand ran
    assert idle(g)  # Sailing: leaves > factories for player 1, so no winner


def test_computers_sharer_self_executes_too() -> None:
    g = scenario()
    board(g, 0, "Computers")
    board(g, 1, "Quantum Theory")  # three clocks: shares
    on_top(g, "A.I.", "Databases", "Stem Cells", "Bioengineering")
    dogma(g, 0, "Computers")
    assert top(g, 1, "purple") == "A.I." and score_of(g, 1) == ["Databases"]
    assert top(g, 0, "yellow") == "Stem Cells"  # empty hand: nothing asked
    assert free_draw_taken(g) and hand_of(g, 0) == ["Bioengineering"]


def test_computers_declined_splay() -> None:
    g = scenario()
    board(g, 0, "Archery", "Oars", "Computers")
    on_top(g, "Stem Cells")
    dogma(g, 0, "Computers")
    decide(g, "pass")
    assert g.players[0].splay[1] == 0 and top(g, 0, "yellow") == "Stem Cells" and idle(g)


# ---------------------------------------------------------------------------- Genetics
def test_genetics_scores_every_card_beneath() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Tools", "Genetics")
    on_top(g, "Software")
    dogma(g, 0, "Genetics")
    assert pile(g, 0, "blue") == ["Software"]
    assert score_of(g, 0) == ["Genetics", "Pottery", "Tools"] and idle(g)


def test_genetics_new_colour_scores_nothing() -> None:
    g = scenario()
    board(g, 0, "Genetics")
    on_top(g, "Stem Cells")
    dogma(g, 0, "Genetics")
    assert pile(g, 0, "yellow") == ["Stem Cells"] and score_of(g, 0) == []


# ---------------------------------------------------------------------------- Composites
def test_composites_keeps_one_card_and_gives_the_highest_score_card() -> None:
    g = scenario()
    board(g, 0, "Composites")
    hand(g, 1, "Pottery", "Writing", "Calendar")
    score_pile(g, 1, "Tools", "Mathematics", "Philosophy")
    dogma(g, 0, "Composites")
    assert asking(g).startswith("seat 1") and opts(g) == ["Calendar", "Pottery", "Writing"]
    decide(g, "Writing")
    assert hand_of(g, 0) == ["Calendar", "Pottery"] and hand_of(g, 1) == ["Writing"]
    assert opts(g) == ["Mathematics", "Philosophy"]
    decide(g, "Philosophy")
    assert score_of(g, 0) == ["Philosophy"] and score_of(g, 1) == ["Mathematics", "Tools"]
    assert idle(g)


def test_composites_empty_hand_still_gives_a_score_card() -> None:
    g = scenario()
    board(g, 0, "Composites")
    score_pile(g, 1, "Tools")
    dogma(g, 0, "Composites")
    assert score_of(g, 0) == ["Tools"] and idle(g)


def test_composites_spares_a_player_with_as_many_factories() -> None:
    g = scenario()
    board(g, 0, "Composites")
    board(g, 1, "Coal")
    hand(g, 1, "Pottery", "Writing")
    score_pile(g, 1, "Tools")
    dogma(g, 0, "Composites")
    assert hand_of(g, 1) == ["Pottery", "Writing"] and score_of(g, 1) == ["Tools"] and idle(g)


# ---------------------------------------------------------------------------- Fission
def test_fission_non_red_stays_in_hand_then_return_and_draw() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Fission")
    board(g, 1, "Sailing")
    on_top(g, "Software", "A.I.")
    dogma(g, 0, "Fission")
    assert hand_of(g, 1) == ["Software"] and "Software" in revealed(g)
    assert opts(g) == ["Pottery", "Sailing"]  # never Fission
    decide(g, "Sailing")
    assert pile(g, 1, "green") == [] and bottom(g, 1) == ["Sailing"]
    assert hand_of(g, 0) == ["A.I."] and idle(g)


def test_fission_red_removes_every_card_and_ends_the_action() -> None:
    g = scenario(players=3)
    board(g, 0, "Pottery", "Fission")
    hand(g, 0, "Writing")
    score_pile(g, 0, "Tools")
    achievement(g, 0, "Calendar")
    board(g, 1, "Sailing", "Clothing")
    hand(g, 1, "Agriculture")
    score_pile(g, 2, "Mathematics")
    on_top(g, "Robotics")
    supply = sum(len(p) for p in g.supply) - 1
    dogma(g, 0, "Fission")
    assert moved(g, "draw") == ["Robotics"]  # player 2 never draws
    for pl in g.players:
        assert pl.hand == [] and pl.score == [] and all(not p for p in pl.piles)
    assert names(g.removed) == [
        "Agriculture",
        "Clothing",
        "Fission",
        "Mathematics",
        "Pottery",
        "Robotics",
        "Sailing",
        "Tools",
        "Writing",
    ]
    assert names(g.players[0].achieved) == ["Calendar"]
    assert sum(len(p) for p in g.supply) == supply
    assert not free_draw_taken(g) and idle(g) and g.actions_left == 1 and g.active == 0


def test_fission_no_other_top_card_still_draws() -> None:
    g = scenario()
    board(g, 0, "Fission")
    board(g, 1, "Quantum Theory")  # three clocks: shares, not vulnerable
    on_top(g, "Software", "A.I.", "Genetics")
    dogma(g, 0, "Fission")
    # player 1 shares first: Fission is the only other top card
    assert moved(g, "return") == ["Quantum Theory"]
    assert hand_of(g, 1) == ["Software"] and hand_of(g, 0) == ["A.I.", "Genetics"]
    assert free_draw_taken(g)  # a plain draw: a 9, the value of Fission


def test_fission_first_edition_has_no_draw() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Pottery", "Fission")
    board(g, 1, "Sailing")
    on_top(g, "Software", "A.I.")
    dogma(g, 0, "Fission")
    assert hand_of(g, 1) == ["Software"]
    decide(g, "Pottery")
    assert bottom(g, 1) == ["Pottery"] and hand_of(g, 0) == [] and idle(g)


def test_fission_first_edition_red_still_removes() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Fission")
    board(g, 1, "Sailing")
    on_top(g, "Robotics")
    dogma(g, 0, "Fission")
    assert names(g.removed) == ["Fission", "Robotics", "Sailing"] and idle(g)


# ---------------------------------------------------------------------------- Collaboration
def test_collaboration_activator_chooses_the_card_it_takes() -> None:
    g = scenario()
    board(g, 0, "Collaboration")
    on_top(g, "Computers", "Genetics")
    dogma(g, 0, "Collaboration")
    assert sorted(revealed(g)) == ["Computers", "Genetics"]
    assert asking(g).startswith("seat 0") and opts(g) == ["Computers", "Genetics"]
    g = roundtrip(g)
    decide(g, "Computers", seat=0)
    assert top(g, 0, "blue") == "Computers" and top(g, 1, "blue") == "Genetics"
    assert moved(g, "transfer") == ["Computers"] and moved(g, "meld") == ["Genetics"]
    assert hand_of(g, 1) == [] and idle(g)


def test_collaboration_green_pile_of_ten_wins() -> None:
    g = scenario()
    greens = ["Clothing", "Sailing", "The Wheel", "Currency", "Mapmaking", "Compass", "Paper", "Invention"]
    board(g, 0, *greens, "Navigation", "Collaboration")
    board(g, 1, "Archery")  # no crown: vulnerable
    on_top(g, "Computers", "Genetics")
    dogma(g, 0, "Collaboration")
    decide(g, "Genetics")
    assert g.is_terminal and g.winners == [0] and g.win_card == card_id("Collaboration")


def test_collaboration_nine_green_cards_do_not_win() -> None:
    g = scenario()
    board(g, 0, "Clothing", "Sailing", "The Wheel", "Currency", "Mapmaking", "Compass", "Paper", "Invention")
    board(g, 0, "Collaboration")
    board(g, 1, "Oars")  # a crown, fewer than the activator's: vulnerable, no sharing
    on_top(g, "Computers", "Genetics")
    dogma(g, 0, "Collaboration")
    decide(g, "Genetics")
    assert idle(g) and len(pile(g, 0, "green")) == 9


def test_collaboration_a_sharer_with_ten_greens_wins_first() -> None:
    g = scenario()
    board(g, 0, "Collaboration")
    greens = ["Clothing", "The Wheel", "Currency", "Mapmaking", "Compass", "Paper", "Invention"]
    board(g, 1, *greens, "Navigation", "Banking", "Sailing")  # ten greens; Sailing: two crowns
    dogma(g, 0, "Collaboration")
    assert g.is_terminal and g.winners == [1]


# ---------------------------------------------------------------------------- Satellites
def test_satellites_all_three_effects() -> None:
    g = scenario()
    board(g, 0, "Code of Laws", "City States", "Satellites")
    hand(g, 0, "Pottery", "Writing")
    on_top(g, "Antibiotics", "Quantum Theory", "Socialism", "Software", "A.I.")
    dogma(g, 0, "Satellites")
    assert opts(g) == ["Pottery", "Writing"]  # the order of the two 1s
    decide(g, "Writing")
    assert bottom(g, 1, 2) == ["Pottery", "Writing"]
    assert hand_of(g, 0) == ["Antibiotics", "Quantum Theory", "Socialism"]
    decide(g, "purple")
    assert g.players[0].splay[4] == 3
    assert opts(g) == ["Antibiotics", "Quantum Theory", "Socialism"]
    decide(g, "Quantum Theory")  # then executed alone: Quantum Theory's return
    assert top(g, 0, "blue") == "Quantum Theory"
    decide(g, "Antibiotics", "Socialism")
    assert hand_of(g, 0) == ["Software"] and score_of(g, 0) == ["A.I."] and idle(g)


def test_satellites_empty_hand_still_draws_three_8s() -> None:
    g = scenario()
    board(g, 0, "Satellites")
    on_top(g, "Antibiotics", "Quantum Theory", "Socialism")
    dogma(g, 0, "Satellites")
    assert moved(g, "draw") == ["Antibiotics", "Quantum Theory", "Socialism"]
    decide(g, "Antibiotics")  # melded, then its effect: return up to three
    decide(g, "pass")
    assert top(g, 0, "yellow") == "Antibiotics" and hand_of(g, 0) == ["Quantum Theory", "Socialism"]
    assert idle(g)


def test_satellites_self_executed_card_asks_its_own_options() -> None:
    g = scenario()
    board(g, 0, "Satellites")
    on_top(g, "Antibiotics", "Quantum Theory", "Socialism")
    dogma(g, 0, "Satellites")
    decide(g, "Socialism")  # executed alone: tuck the whole hand?
    assert asking(g).startswith("seat 0: tuck")
    decide(g, "pass")
    assert top(g, 0, "purple") == "Socialism" and hand_of(g, 0) == ["Antibiotics", "Quantum Theory"]
    assert idle(g)


# ---------------------------------------------------------------------------- Ecology
def test_ecology_returns_scores_and_draws_two_10s() -> None:
    g = scenario()
    board(g, 0, "Ecology")
    hand(g, 0, "Pottery", "Writing")
    on_top(g, "Software", "A.I.")
    dogma(g, 0, "Ecology")
    decide(g, "Pottery")
    assert score_of(g, 0) == ["Writing"]  # the only card left: no question
    assert hand_of(g, 0) == ["A.I.", "Software"] and bottom(g, 1) == ["Pottery"] and idle(g)


def test_ecology_draws_even_with_nothing_left_to_score() -> None:
    g = scenario()
    board(g, 0, "Ecology")
    hand(g, 0, "Pottery")
    on_top(g, "Software", "A.I.")
    dogma(g, 0, "Ecology")
    decide(g, "Pottery")
    assert score_of(g, 0) == [] and hand_of(g, 0) == ["A.I.", "Software"]


def test_ecology_declined() -> None:
    g = scenario()
    board(g, 0, "Ecology")
    hand(g, 0, "Pottery", "Writing")
    dogma(g, 0, "Ecology")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Pottery", "Writing"] and moved(g, "draw") == [] and idle(g)


# ---------------------------------------------------------------------------- Suburbia
def test_suburbia_tucks_chosen_cards_and_scores_a_1_each() -> None:
    g = scenario()
    board(g, 0, "Suburbia")
    hand(g, 0, "Pottery", "Writing", "Calendar")
    on_top(g, "Sailing", "The Wheel")
    dogma(g, 0, "Suburbia")
    decide(g, "Pottery", "Calendar", "pass")
    assert pile(g, 0, "blue") == ["Calendar", "Pottery"] and hand_of(g, 0) == ["Writing"]
    assert score_of(g, 0) == ["Sailing", "The Wheel"] and idle(g)


def test_suburbia_declined() -> None:
    g = scenario()
    board(g, 0, "Suburbia")
    hand(g, 0, "Pottery")
    dogma(g, 0, "Suburbia")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Pottery"] and score_of(g, 0) == [] and idle(g)


# ---------------------------------------------------------------------------- Services
def test_services_takes_the_highest_score_cards_and_gives_a_top_card() -> None:
    g = scenario()
    board(g, 0, "Services", "Writing", "Archery", "Agriculture")
    score_pile(g, 1, "Tools", "Calendar", "Mathematics")
    dogma(g, 0, "Services")
    assert hand_of(g, 0) == ["Calendar", "Mathematics"] and score_of(g, 1) == ["Tools"]
    assert asking(g).startswith("seat 1") and opts(g) == ["Archery", "Writing"]  # no leaf
    decide(g, "Archery")
    assert hand_of(g, 1) == ["Archery"] and top(g, 0, "red") is None and idle(g)


def test_services_empty_score_pile_takes_nothing() -> None:
    g = scenario()
    board(g, 0, "Services", "Writing")
    dogma(g, 0, "Services")
    assert top(g, 0, "blue") == "Writing" and hand_of(g, 1) == [] and idle(g)


def test_services_spares_a_player_with_as_many_leaves() -> None:
    g = scenario()
    board(g, 0, "Services", "Writing")
    board(g, 1, "Agriculture")
    score_pile(g, 1, "Tools")
    dogma(g, 0, "Services")
    assert score_of(g, 1) == ["Tools"] and top(g, 0, "blue") == "Writing" and idle(g)


# ---------------------------------------------------------------------------- Specialization
def test_specialization_takes_every_opponents_top_card_of_the_colour() -> None:
    g = scenario(players=3)
    board(g, 0, "Pottery", "Writing", "Specialization")
    hand(g, 0, "Oars")
    board(g, 1, "Archery", "Sailing")
    board(g, 2, "Construction", "Metalworking")
    dogma(g, 0, "Specialization")
    assert "Oars" in revealed(g) and hand_of(g, 0) == ["Archery", "Metalworking", "Oars"]
    assert pile(g, 2, "red") == ["Construction"] and pile(g, 1, "green") == ["Sailing"]
    assert opts(g) == ["blue", "pass"]
    decide(g, "blue")
    assert g.players[0].splay[0] == 3 and idle(g)


def test_specialization_empty_hand_and_declined_splay() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Writing", "Specialization")
    board(g, 1, "Archery")
    dogma(g, 0, "Specialization")
    assert pile(g, 1, "red") == ["Archery"]
    decide(g, "pass")
    assert g.players[0].splay[0] == 0 and idle(g)


def test_specialization_chooses_the_card_to_reveal() -> None:
    g = scenario()
    board(g, 0, "Specialization")
    hand(g, 0, "Oars", "Sailing")
    board(g, 1, "Archery", "Clothing")
    dogma(g, 0, "Specialization")
    decide(g, "Sailing")
    assert hand_of(g, 0) == ["Clothing", "Oars", "Sailing"] and pile(g, 1, "red") == ["Archery"]


# ============================================================================ age 10
# ---------------------------------------------------------------------------- Bioengineering
def test_bioengineering_takes_a_leaf_top_card_and_the_most_leaves_win() -> None:
    g = scenario()
    board(g, 0, "Bioengineering", "Agriculture")  # three leaves
    board(g, 1, "Sailing", "Pottery")
    dogma(g, 0, "Bioengineering")
    assert opts(g) == ["Pottery", "Sailing"]
    decide(g, "Pottery")
    assert score_of(g, 0) == ["Pottery"] and moved(g, "transfer") == ["Pottery"]
    # player 1 has one leaf (< 3), player 0 the most
    assert g.is_terminal and g.winners == [0] and g.win_card == card_id("Bioengineering")


def test_bioengineering_an_opponent_can_win_by_the_activators_card() -> None:
    g = scenario()
    board(g, 0, "Bioengineering")
    board(g, 1, "Sailing", "Pottery")
    dogma(g, 0, "Bioengineering")
    decide(g, "Pottery")
    assert g.is_terminal and g.winners == [1]


def test_bioengineering_a_tie_for_the_most_leaves_does_nothing() -> None:
    g = scenario()
    board(g, 0, "Bioengineering", "Clothing")  # two leaves
    board(g, 1, "Agriculture", "Calendar")  # 3 + 2
    dogma(g, 0, "Bioengineering")
    decide(g, "Agriculture")
    assert g.icons(0, 2) == g.icons(1, 2) == 2 and idle(g)


def test_bioengineering_everyone_with_three_leaves_does_nothing() -> None:
    g = scenario()
    board(g, 0, "Bioengineering", "Agriculture")
    board(g, 1, "Pottery", "Reformation")
    dogma(g, 0, "Bioengineering")
    decide(g, "Reformation")
    assert score_of(g, 0) == ["Reformation"]
    assert g.icons(0, 2) == g.icons(1, 2) == 3 and idle(g)


# ---------------------------------------------------------------------------- Software
def test_software_scores_melds_two_and_self_executes_the_second() -> None:
    g = scenario()
    board(g, 0, "Software")
    hand(g, 0, "Pottery")  # Stem Cells would ask about it if it ran
    on_top(g, "Databases", "Stem Cells", "A.I.", "Bioengineering")
    dogma(g, 0, "Software")
    assert moved(g, "meld") == ["Stem Cells", "A.I."]
    assert score_of(g, 0) == ["Bioengineering", "Databases"]  # A.I.'s draw and score
    assert hand_of(g, 0) == ["Pottery"] and idle(g)


# ---------------------------------------------------------------------------- Miniaturization
def test_miniaturization_a_returned_10_draws_per_score_value() -> None:
    g = scenario()
    board(g, 0, "Miniaturization")
    hand(g, 0, "Software")
    score_pile(g, 0, "Pottery", "Writing", "Calendar", "Genetics")
    on_top(g, "A.I.", "Databases", "Stem Cells", "Robotics")
    dogma(g, 0, "Miniaturization")
    decide(g, "Software")
    assert hand_of(g, 0) == ["A.I.", "Databases", "Stem Cells"] and idle(g)


def test_miniaturization_a_lower_card_draws_nothing() -> None:
    g = scenario()
    board(g, 0, "Miniaturization")
    hand(g, 0, "Genetics")
    score_pile(g, 0, "Pottery")
    dogma(g, 0, "Miniaturization")
    decide(g, "Genetics")
    assert hand_of(g, 0) == [] and moved(g, "draw") == [] and idle(g)


def test_miniaturization_declined() -> None:
    g = scenario()
    board(g, 0, "Miniaturization")
    hand(g, 0, "Software")
    dogma(g, 0, "Miniaturization")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Software"] and idle(g)


# ---------------------------------------------------------------------------- Robotics
def test_robotics_scores_green_then_melds_and_self_executes() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Clothing", "Robotics")
    on_top(g, "A.I.", "Databases")
    dogma(g, 0, "Robotics")
    assert pile(g, 0, "green") == ["Sailing"] and top(g, 0, "purple") == "A.I."
    assert score_of(g, 0) == ["Clothing", "Databases"] and idle(g)


def test_robotics_without_green_only_melds() -> None:
    g = scenario()
    board(g, 0, "Robotics")
    on_top(g, "Stem Cells")
    dogma(g, 0, "Robotics")
    assert score_of(g, 0) == [] and top(g, 0, "yellow") == "Stem Cells" and idle(g)


# ---------------------------------------------------------------------------- Databases
def test_databases_returns_half_the_score_pile_rounded_up() -> None:
    g = scenario()
    board(g, 0, "Databases")
    score_pile(g, 1, "Pottery", "Writing", "Tools", "Calendar", "Mathematics")
    dogma(g, 0, "Databases")
    assert asking(g).startswith("seat 1") and "pass" not in options(g)
    decide(g, "Pottery", "Writing", "Calendar")
    assert score_of(g, 1) == ["Mathematics", "Tools"] and idle(g)


def test_databases_spares_a_player_with_as_many_clocks() -> None:
    g = scenario()
    board(g, 0, "Databases")
    board(g, 1, "Quantum Theory")
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Databases")
    assert score_of(g, 1) == ["Pottery"] and idle(g)


def test_databases_one_card_goes() -> None:
    g = scenario()
    board(g, 0, "Databases")
    score_pile(g, 1, "Pottery")
    dogma(g, 0, "Databases")
    assert score_of(g, 1) == [] and idle(g)


# ---------------------------------------------------------------------------- Self Service
def test_self_service_executes_a_chosen_top_card() -> None:
    g = scenario()
    board(g, 0, "Self Service", "Writing", "Archery")
    hand(g, 1, "Tools")
    on_top(g, "Calendar")
    dogma(g, 0, "Self Service")
    assert opts(g) == ["Archery", "Writing"]
    decide(g, "Writing")
    assert hand_of(g, 0) == ["Calendar"] and idle(g)  # no achievements: no winner


def test_self_service_a_demand_only_card_does_nothing() -> None:
    g = scenario()
    board(g, 0, "Self Service", "Writing", "Archery")
    hand(g, 1, "Tools")
    dogma(g, 0, "Self Service")
    decide(g, "Archery")
    assert hand_of(g, 0) == [] and hand_of(g, 1) == ["Tools"] and idle(g)


def test_self_service_fresh_card_memory() -> None:
    g = scenario()
    board(g, 0, "Self Service", "Oars")
    on_top(g, "Writing")
    dogma(g, 0, "Self Service")
    # Oars alone: its demand is skipped, so "no card was transferred" holds: draw a 1
    assert hand_of(g, 0) == ["Writing"] and idle(g)


def test_self_service_only_top_card_and_most_achievements_win() -> None:
    g = scenario()
    board(g, 0, "Self Service")
    achievement(g, 0, "Pottery")
    dogma(g, 0, "Self Service")
    assert g.is_terminal and g.winners == [0] and g.win_card == card_id("Self Service")


def test_self_service_a_tie_in_achievements_does_not_win() -> None:
    g = scenario(players=3)
    board(g, 0, "Self Service")
    achievement(g, 0, "Pottery")
    achievement(g, 2, "Writing")
    dogma(g, 0, "Self Service")
    assert idle(g)


# ---------------------------------------------------------------------------- Globalization
def test_globalization_returns_a_leaf_top_card_no_winner_while_leaves_lead() -> None:
    g = scenario()
    board(g, 0, "Globalization")
    board(g, 1, "Sailing", "Pottery")
    on_top(g, "Canning")
    dogma(g, 0, "Globalization")
    assert asking(g).startswith("seat 1") and opts(g) == ["Pottery", "Sailing"]
    decide(g, "Pottery")
    assert bottom(g, 1) == ["Pottery"] and score_of(g, 0) == ["Canning"]
    assert idle(g)  # Sailing: one leaf, no factory


def test_globalization_highest_score_wins() -> None:
    g = scenario()
    board(g, 0, "Globalization")
    board(g, 1, "Pottery")
    on_top(g, "Canning")
    dogma(g, 0, "Globalization")
    assert pile(g, 1, "blue") == []
    assert g.is_terminal and g.winners == [0] and g.win_card == card_id("Globalization")


def test_globalization_a_tie_for_the_highest_score_does_nothing() -> None:
    g = scenario()
    board(g, 0, "Globalization")
    score_pile(g, 1, "Atomic Theory")
    on_top(g, "Canning")
    dogma(g, 0, "Globalization")
    assert score_of(g, 0) == ["Canning"] and idle(g)


def test_globalization_spares_a_player_with_as_many_factories() -> None:
    g = scenario()
    board(g, 0, "Globalization")
    board(g, 1, "Coal", "Agriculture", "Pottery")  # shares; more leaves than factories
    on_top(g, "Canning", "Vaccination", "Robotics")
    dogma(g, 0, "Globalization")
    assert pile(g, 1, "yellow") == ["Agriculture"]
    assert score_of(g, 1) == ["Canning"] and score_of(g, 0) == ["Vaccination"]
    assert free_draw_taken(g) and idle(g)


# ---------------------------------------------------------------------------- Stem Cells
def test_stem_cells_scores_the_whole_hand() -> None:
    g = scenario()
    board(g, 0, "Stem Cells")
    hand(g, 0, "Pottery", "Writing")
    dogma(g, 0, "Stem Cells")
    decide(g, "yes")
    assert score_of(g, 0) == ["Pottery", "Writing"] and hand_of(g, 0) == [] and idle(g)


def test_stem_cells_declined_and_empty_hand() -> None:
    g = scenario()
    board(g, 0, "Stem Cells")
    hand(g, 0, "Pottery")
    dogma(g, 0, "Stem Cells")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Pottery"] and idle(g)
    g = scenario()
    board(g, 0, "Stem Cells")
    dogma(g, 0, "Stem Cells")
    assert idle(g)


# ---------------------------------------------------------------------------- A.I.
def test_ai_scores_a_10_and_the_lowest_score_wins_with_robotics_and_software() -> None:
    g = scenario()
    board(g, 0, "A.I.", "Software")
    board(g, 1, "Robotics")
    score_pile(g, 1, "Pottery")
    on_top(g, "Databases")
    dogma(g, 0, "A.I.")
    assert score_of(g, 0) == ["Databases"]
    assert g.is_terminal and g.winners == [1] and g.win_card == card_id("A.I.")


def test_ai_a_tie_for_the_lowest_score_does_nothing() -> None:
    g = scenario(players=3)
    board(g, 0, "A.I.", "Software", "Robotics")
    score_pile(g, 1, "Pottery")
    score_pile(g, 2, "Writing")
    on_top(g, "Databases")
    dogma(g, 0, "A.I.")
    assert idle(g)


def test_ai_without_both_cards_on_top_does_nothing() -> None:
    g = scenario()
    board(g, 0, "A.I.", "Software", "Robotics", "Computers")  # Computers covers Software
    on_top(g, "Databases")
    dogma(g, 0, "A.I.")
    assert score_of(g, 0) == ["Databases"] and idle(g)


# ---------------------------------------------------------------------------- The Internet
def test_the_internet_splays_scores_and_melds_per_two_clocks_counted_once() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Clothing", "Quantum Theory", "The Internet")  # 2 + 3 clocks
    on_top(g, "A.I.", "Databases", "Self Service", "Bioengineering")
    dogma(g, 0, "The Internet")
    assert opts(g) == ["green", "pass"]
    decide(g, "green")
    assert g.players[0].splay[2] == 3
    assert score_of(g, 0) == ["A.I."]
    # Databases adds three clocks, but the count was taken first: two melds only
    assert moved(g, "meld") == ["Databases", "Self Service"] and idle(g)


def test_the_internet_declined_splay() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Clothing", "The Internet")
    on_top(g, "A.I.", "Databases")
    dogma(g, 0, "The Internet")
    decide(g, "pass")
    assert g.players[0].splay[2] == 0 and moved(g, "meld") == ["Databases"] and idle(g)


# ============================================================================ state as data
def test_a_demand_with_tuple_locals_survives_json_mid_effect() -> None:
    g = scenario()
    board(g, 0, "Mobility")
    board(g, 1, "Calendar", "Sailing", "Agriculture")
    on_top(g, "Antibiotics")
    dogma(g, 0, "Mobility")
    g = roundtrip(g)
    decide(g, "Agriculture")
    assert score_of(g, 0) == ["Agriculture", "Calendar"] and hand_of(g, 1) == ["Antibiotics"]


def test_rocketry_blind_pick_survives_json() -> None:
    g = scenario()
    board(g, 0, "Quantum Theory", "Rocketry")
    splay(g, 0, "blue", "up")
    score_pile(g, 1, "Tools", "Calendar")
    dogma(g, 0, "Rocketry")
    g = roundtrip(g)
    decide(g, PickBlind(1, 1))
    assert score_of(g, 1) == [] and idle(g)


def test_every_card_of_ages_8_to_10_is_registered() -> None:
    from altay_cli.engine.innovation.routines import EFFECT_KIND
    from altay_cli.engine.innovation.texts import effect_is_demand

    machine.load_cards()
    for c in range(105):
        if AGE[c] >= 8:
            for i in range(len(effect_is_demand(c, False))):
                assert (c, i, False) in EFFECT_KIND, NAME[c]
    assert (card_id("Fission"), 1, True) in EFFECT_KIND
