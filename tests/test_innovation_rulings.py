"""Innovation's named rulings (RULES.md §14: R01-R46; rulings.py: E01-E06) and the statements of
RULES.md §2.4-12 that no other file pins, one focused scenario each, named after the ruling;
and the age-1 cards that tests/test_innovation_rules.py does not exercise, each with a precise
scenario (demands with and without a vulnerable opponent). The map of which test checks which
rule is altay_cli/engine/innovation/RULES.md."""

from __future__ import annotations

import msgspec
import pytest

from altay_cli.engine.innovation import machine, ops
from altay_cli.engine.innovation.actions import Achieve, Dogma, Draw, Meld, Pass, PickBlind, PickCard, Yes
from altay_cli.engine.innovation.happenings import event_for
from altay_cli.engine.innovation.observe import observe
from altay_cli.engine.innovation.routines import EFFECT_KIND
from altay_cli.engine.innovation.state import AVAILABLE, EndReason, GameState, InnovationConfig
from altay_cli.engine.innovation.tables import (
    AGE,
    BLUE,
    CASTLE,
    CLOCK,
    CROWN,
    EMPIRE,
    LEFT,
    MONUMENT,
    NAME,
    NCARDS,
    RED,
    RIGHT,
    UNIVERSE,
    WONDER,
    WORLD,
    YELLOW,
    card_id,
    title_key,
)
from altay_cli.engine.innovation.texts import effect_is_demand, effect_texts
from tests.innovation_helpers import (
    achievement,
    act,
    asking,
    board,
    decide,
    dogma,
    draw_action,
    empty_age,
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


def supply_bottom(g: GameState, age: int, k: int) -> list[str]:
    """The k bottom cards of a supply pile, bottom first (the last card returned first)."""
    return [NAME[c] for c in g.supply[age][:k]]


def idle(g: GameState) -> bool:
    """No decision pending, no effect running, the game going on."""
    return g.pending is None and not g.stack and not g.is_terminal


def effects_run(g: GameState) -> list[tuple[str, int, int]]:
    """(card, effect index, executing player) of every execution since the last turn action."""
    return [(NAME[e[1]], e[2], e[3]) for e in g.trace if e[0] == "effect"]


def trace_index(g: GameState, entry: tuple) -> int:
    return next(i for i, e in enumerate(g.trace) if e[: len(entry)] == entry)


def proofs(g: GameState) -> list[str]:
    """Titles revealed only to prove a pick found nothing (R37)."""
    return [NAME[e[2]] for e in g.trace if e[0] == "reveal" and e[3]]


def seen_by(g: GameState, action: object, viewer: int, what: str) -> list[str | None]:
    """The titles `viewer` sees for the moves `what` of the last step (None: only the age)."""
    return [h.card for h in event_for(g, g.active, action, viewer).happened if h.what == what]


def to_available(g: GameState, name: str) -> None:
    """Put a card on the table as the standard achievement of its age."""
    c = card_id(name)
    ops._take(g, c)
    ops._put(g, c, AVAILABLE, -1)
    g.known[c] = 0
    g._legal = None


# ============================================================================ age 1 cards
# ---------------------------------------------------------------------------- Pottery
def test_pottery_returns_up_to_three_and_draws_and_scores_that_many_then_draws_a_1() -> None:
    g = scenario()
    board(g, 0, "Pottery")
    hand(g, 0, "Writing", "Archery", "Calendar")
    on_top(g, "Mathematics", "Sailing")  # the next 2, then the next 1
    dogma(g, 0, "Pottery")
    assert sorted(options(g)) == ["Archery", "Calendar", "Writing", "pass"]
    decide(g, "Writing", "Calendar", "pass")  # two returned: draw and score a 2
    assert supply_bottom(g, 1, 1) == ["Writing"] and supply_bottom(g, 2, 1) == ["Calendar"]
    assert score_of(g, 0) == ["Mathematics"] and moved(g, "score") == ["Mathematics"]
    assert hand_of(g, 0) == ["Archery", "Sailing"]  # the second effect's 1
    assert idle(g)


def test_pottery_declined_still_draws_a_1() -> None:
    g = scenario()
    board(g, 0, "Pottery")
    hand(g, 0, "Writing")
    on_top(g, "Sailing")
    dogma(g, 0, "Pottery")
    decide(g, "pass")
    assert score_of(g, 0) == [] and moved(g, "return") == []
    assert hand_of(g, 0) == ["Sailing", "Writing"] and idle(g)


# ---------------------------------------------------------------------------- Tools
def test_tools_three_returned_draws_and_melds_a_3_and_a_returned_3_draws_three_1s() -> None:
    g = scenario()
    board(g, 0, "Tools")
    hand(g, 0, "Writing", "Archery", "Oars", "Optics")
    on_top(g, "Paper", "Sailing", "Clothing", "The Wheel")
    dogma(g, 0, "Tools")
    assert options(g) == ["yes", "pass"]
    decide(g, "yes")
    assert "pass" not in options(g)  # once accepted, three must go
    decide(g, "Writing", "Archery", "Oars")
    assert moved(g, "meld") == ["Paper"] and top(g, 0, "green") == "Paper"
    assert options(g) == ["Optics", "pass"]  # the second effect: return a 3
    decide(g, "Optics")
    assert supply_bottom(g, 3, 1) == ["Optics"]
    assert hand_of(g, 0) == ["Clothing", "Sailing", "The Wheel"]
    assert idle(g)


def test_r19_tools_returning_fewer_than_three_melds_nothing() -> None:
    """R19: "only if three were returned"; BGA lets a hand of two be returned, for nothing."""
    g = scenario()
    board(g, 0, "Tools")
    hand(g, 0, "Writing", "Calendar")
    dogma(g, 0, "Tools")
    decide(g, "yes")
    assert hand_of(g, 0) == [] and sorted(moved(g, "return")) == ["Calendar", "Writing"]
    assert moved(g, "draw") == [] and moved(g, "meld") == []
    assert idle(g)


def test_r06_tools_finds_no_3_in_a_hand_without_one() -> None:
    """R06: "return a 3" looks for a 3 only; a 4 or a 2 in hand is never taken instead."""
    g = scenario()
    board(g, 0, "Tools")
    hand(g, 0, "Calendar", "Experimentation")  # a 2 and a 4
    dogma(g, 0, "Tools")
    decide(g, "pass")  # the first effect; the second has no 3 to offer: not even asked
    assert idle(g)
    assert hand_of(g, 0) == ["Calendar", "Experimentation"] and moved(g, "return") == []
    assert moved(g, "draw") == []


# ---------------------------------------------------------------------------- Writing
def test_writing_draws_a_2_skipping_an_empty_age() -> None:
    g = scenario()
    board(g, 0, "Writing")
    empty_age(g, 2)
    on_top(g, "Optics")
    dogma(g, 0, "Writing")
    assert hand_of(g, 0) == ["Optics"] and idle(g)


# ---------------------------------------------------------------------------- Metalworking
def test_metalworking_scores_castle_cards_and_keeps_the_first_without_one() -> None:
    g = scenario()
    board(g, 0, "Metalworking")
    on_top(g, "Archery", "Oars", "Sailing", "Pottery")
    dogma(g, 0, "Metalworking")
    assert revealed(g) == ["Archery", "Oars", "Sailing"]
    assert score_of(g, 0) == ["Archery", "Oars"]
    assert hand_of(g, 0) == ["Sailing"]  # no castle: kept, and the loop stops
    assert observe(g, 1).players[0].hand[0].card == "Sailing"  # revealed: known to all
    assert idle(g)


def test_e06_a_card_revealed_then_scored_in_the_same_action_is_seen_by_everyone() -> None:
    """E06: Metalworking's scored cards are face up while the action lasts; a plain draw and
    score (Pottery) shows the others only the age."""
    g = scenario()
    board(g, 0, "Metalworking")
    on_top(g, "Archery", "Sailing")
    dogma(g, 0, "Metalworking")
    assert seen_by(g, Dogma("Metalworking"), 1, "score") == ["Archery"]
    assert observe(g, 1).players[0].score_pile[0].card == "Archery"
    g = scenario()
    board(g, 0, "Pottery")
    hand(g, 0, "Writing")
    on_top(g, "Sailing", "Oars")
    dogma(g, 0, "Pottery")
    decide(g, "Writing")
    answer = PickCard("Writing")
    assert seen_by(g, answer, 1, "score") == [None] and seen_by(g, answer, 0, "score") == ["Sailing"]


# ---------------------------------------------------------------------------- Clothing
def test_clothing_melds_a_new_colour_and_scores_a_1_per_colour_only_you_have() -> None:
    g = scenario()
    board(g, 0, "Clothing")
    hand(g, 0, "Pottery", "Sailing")  # Sailing is green: not a new colour
    board(g, 1, "Writing")  # no leaf: does not share; blue is on this board
    on_top(g, "Agriculture")
    dogma(g, 0, "Clothing")
    assert moved(g, "meld") == ["Pottery"]  # the only candidate: taken without asking (E03)
    # green is nowhere else, blue is on player 1's board: one draw and score
    assert score_of(g, 0) == ["Agriculture"] and hand_of(g, 0) == ["Sailing"]
    assert idle(g)


def test_clothing_without_a_new_colour_proves_it_and_melds_nothing() -> None:
    """R37: the pick is restricted by colour: a hand with no candidate is revealed."""
    g = scenario()
    board(g, 0, "Clothing")
    hand(g, 0, "Sailing", "The Wheel")
    board(g, 1, "Writing")
    on_top(g, "Agriculture")
    dogma(g, 0, "Clothing")
    assert proofs(g) == ["Sailing", "The Wheel"] and moved(g, "meld") == []
    assert score_of(g, 0) == ["Agriculture"]  # the second effect still happens
    assert observe(g, 1).players[0].hand[0].card in ("Sailing", "The Wheel")
    assert idle(g)


# ---------------------------------------------------------------------------- Sailing, The Wheel
def test_sailing_draws_and_melds_a_1_onto_a_new_pile() -> None:
    g = scenario()
    board(g, 0, "Sailing")
    on_top(g, "Pottery")
    dogma(g, 0, "Sailing")
    assert moved(g, "draw") == ["Pottery"] and moved(g, "meld") == ["Pottery"]
    assert pile(g, 0, "blue") == ["Pottery"] and hand_of(g, 0) == [] and idle(g)


def test_the_wheel_draws_two_1s_one_at_a_time() -> None:
    """The second draw skips to age 2 once the first has emptied age 1."""
    g = scenario()
    board(g, 0, "The Wheel")
    empty_age(g, 1)
    on_top(g, "Archery", "Calendar")  # age 1 holds Archery only
    dogma(g, 0, "The Wheel")
    assert moved(g, "draw") == ["Archery", "Calendar"] and idle(g)


# ---------------------------------------------------------------------------- Agriculture
def test_agriculture_returns_a_card_and_draws_and_scores_one_value_higher() -> None:
    g = scenario()
    board(g, 0, "Agriculture")
    hand(g, 0, "Calendar", "Pottery")
    on_top(g, "Optics")
    dogma(g, 0, "Agriculture")
    assert sorted(options(g)) == ["Calendar", "Pottery", "pass"]
    decide(g, "Calendar")
    assert supply_bottom(g, 2, 1) == ["Calendar"]
    assert score_of(g, 0) == ["Optics"] and hand_of(g, 0) == ["Pottery"] and idle(g)


def test_r18_declining_agriculture_cancels_its_if_you_did() -> None:
    g = scenario()
    board(g, 0, "Agriculture")
    hand(g, 0, "Calendar")
    dogma(g, 0, "Agriculture")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Calendar"] and score_of(g, 0) == []
    assert moved(g, "draw") == [] and idle(g)


# ---------------------------------------------------------------------------- Domestication
def test_domestication_melds_a_lowest_card_chosen_among_ties_then_draws_a_1() -> None:
    """R17: the executing player breaks the tie."""
    g = scenario()
    board(g, 0, "Domestication")
    hand(g, 0, "Writing", "Sailing", "Calendar")
    on_top(g, "Pottery")
    dogma(g, 0, "Domestication")
    assert sorted(options(g)) == ["Sailing", "Writing"]  # Calendar is a 2
    decide(g, "Sailing")
    assert pile(g, 0, "green") == ["Sailing"]
    assert hand_of(g, 0) == ["Calendar", "Pottery", "Writing"] and idle(g)


def test_r20_domestication_with_an_empty_hand_still_draws() -> None:
    """R20: the meld cannot happen; the rest of the effect does."""
    g = scenario()
    board(g, 0, "Domestication")
    on_top(g, "Pottery")
    dogma(g, 0, "Domestication")
    assert moved(g, "meld") == [] and hand_of(g, 0) == ["Pottery"] and idle(g)


# ---------------------------------------------------------------------------- Masonry
def test_masonry_four_castle_cards_melded_claim_monument() -> None:
    g = scenario()
    board(g, 0, "Masonry")
    hand(g, 0, "Archery", "The Wheel", "Mysticism", "Tools", "Oars", "Writing")
    dogma(g, 0, "Masonry")
    assert sorted(options(g)) == ["Archery", "Mysticism", "Oars", "The Wheel", "Tools", "pass"]
    decide(g, "Archery", "The Wheel", "Mysticism", "Tools", "pass")
    assert moved(g, "meld") == ["Archery", "The Wheel", "Mysticism", "Tools"]
    assert g.specials[MONUMENT] == 0 and ("claim", 0, MONUMENT) in g.trace
    assert g.players[0].tucked == 0 and g.players[0].scored == 0  # claimed by the card
    assert hand_of(g, 0) == ["Oars", "Writing"] and idle(g)


def test_masonry_three_melds_claim_nothing() -> None:
    g = scenario()
    board(g, 0, "Masonry")
    hand(g, 0, "Archery", "The Wheel", "Mysticism", "Tools")
    dogma(g, 0, "Masonry")
    decide(g, "Archery", "The Wheel", "Mysticism", "pass")
    assert g.specials[MONUMENT] == -1 and hand_of(g, 0) == ["Tools"] and idle(g)


def test_r38_masonry_is_asked_even_without_a_castle_card() -> None:
    """R38, E03: declining must not show that the hand has no castle card."""
    g = scenario()
    board(g, 0, "Masonry")
    hand(g, 0, "Writing", "Sailing")
    dogma(g, 0, "Masonry")
    assert asking(g).startswith("seat 0") and options(g) == ["pass"]
    decide(g, "pass")
    assert hand_of(g, 0) == ["Sailing", "Writing"] and idle(g)


def test_r30_masonry_claims_nothing_when_monument_is_taken() -> None:
    g = scenario()
    board(g, 0, "Masonry")
    hand(g, 0, "Archery", "The Wheel", "Mysticism", "Tools")
    g.specials[MONUMENT] = 1
    g.players[1].achieved.append(MONUMENT)
    dogma(g, 0, "Masonry")
    decide(g, "Archery", "The Wheel", "Mysticism", "Tools")
    assert len(moved(g, "meld")) == 4
    assert g.specials[MONUMENT] == 1 and MONUMENT not in g.players[0].achieved
    assert not any(e[0] == "claim" for e in g.trace) and idle(g)


# ---------------------------------------------------------------------------- City States
def test_city_states_demand_moves_a_castle_top_card_to_a_new_pile_and_draws_a_1() -> None:
    """R13, R17: the victim picks; the card lands on the activator's board as a transfer."""
    g = scenario()
    board(g, 0, "City States")  # 2 crowns
    board(g, 1, "Archery", "Masonry")  # 5 castles, no crown: vulnerable
    on_top(g, "Pottery")
    dogma(g, 0, "City States")
    assert asking(g).startswith("seat 1") and sorted(options(g)) == ["Archery", "Masonry"]
    decide(g, "Masonry", seat=1)
    assert pile(g, 0, "yellow") == ["Masonry"] and pile(g, 1, "yellow") == []
    assert moved(g, "transfer") == ["Masonry"] and moved(g, "meld") == []
    assert hand_of(g, 1) == ["Pottery"] and idle(g)


def test_city_states_fewer_than_four_castles_nothing_happens() -> None:
    g = scenario()
    board(g, 0, "City States")
    board(g, 1, "Archery")  # vulnerable, but only 2 castles
    dogma(g, 0, "City States")
    assert pile(g, 1, "red") == ["Archery"] and moved(g, "draw") == [] and idle(g)


def test_city_states_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "City States")
    board(g, 1, "Sailing", "Archery", "Masonry")  # 2 crowns: as many; 5 castles
    dogma(g, 0, "City States")
    assert pile(g, 1, "yellow") == ["Masonry"] and pile(g, 0, "yellow") == []
    assert moved(g, "draw") == [] and not free_draw_taken(g) and idle(g)


@pytest.mark.parametrize("raised", [True, False])
def test_city_states_counts_castles_when_the_demand_reaches_you(raised: bool) -> None:
    """cards.json's ruling: the four-castle test is the count at the moment the demand reaches
    the player, not the one at the start of the action. Player 2's board is edited (outside the
    rules) while player 1 decides, between the start of the action and player 2's turn."""
    g = scenario(3)
    board(g, 0, "City States")
    board(g, 1, "Archery", "Masonry")  # vulnerable, asked which card to give
    board(g, 2, "Mysticism")  # no crown: vulnerable
    if not raised:
        board(g, 2, "The Wheel")  # 6 castles when the action starts
    on_top(g, "Pottery", "Tools")
    dogma(g, 0, "City States")
    assert asking(g).startswith("seat 1")
    if raised:
        board(g, 2, "The Wheel")  # 3 castles at the start, 6 now
    else:
        hand(g, 2, "The Wheel")  # 6 castles at the start, 3 now
    decide(g, "Archery", seat=1)
    if raised:
        assert sorted(options(g)) == ["Mysticism", "The Wheel"]
        decide(g, "Mysticism", seat=2)
        assert pile(g, 0, "purple") == ["City States", "Mysticism"]
        assert hand_of(g, 2) == ["Tools"]
    else:
        assert pile(g, 2, "purple") == ["Mysticism"] and hand_of(g, 2) == ["The Wheel"]
    assert idle(g)


# ---------------------------------------------------------------------------- Code of Laws
def test_code_of_laws_tucks_a_card_of_a_colour_you_have_then_may_splay_it_left() -> None:
    g = scenario()
    board(g, 0, "Code of Laws", "Archery")
    hand(g, 0, "Oars", "Sailing")  # no green pile: Sailing is not offered
    dogma(g, 0, "Code of Laws")
    assert options(g) == ["Oars", "pass"]
    decide(g, "Oars")
    assert pile(g, 0, "red") == ["Oars", "Archery"] and moved(g, "tuck") == ["Oars"]
    assert g.players[0].tucked == 1
    assert options(g) == ["red", "pass"]
    decide(g, "red")
    assert g.players[0].splay[RED] == LEFT and idle(g)


def test_code_of_laws_splay_declined() -> None:
    g = scenario()
    board(g, 0, "Code of Laws", "Archery")
    hand(g, 0, "Oars")
    dogma(g, 0, "Code of Laws")
    decide(g, "Oars", "pass")
    assert pile(g, 0, "red") == ["Oars", "Archery"] and g.players[0].splay[RED] == 0 and idle(g)


def test_r38_code_of_laws_is_asked_even_without_a_matching_colour() -> None:
    g = scenario()
    board(g, 0, "Code of Laws")
    hand(g, 0, "Sailing", "Archery")
    dogma(g, 0, "Code of Laws")
    assert asking(g).startswith("seat 0") and options(g) == ["pass"]
    decide(g, "pass")
    assert hand_of(g, 0) == ["Archery", "Sailing"] and idle(g)


# ---------------------------------------------------------------------------- Mysticism
def test_mysticism_melds_a_revealed_card_of_a_colour_you_have_and_draws_again() -> None:
    g = scenario()
    board(g, 0, "Mysticism", "Pottery")
    on_top(g, "Tools", "Sailing")
    dogma(g, 0, "Mysticism")
    assert revealed(g) == ["Tools"]
    assert pile(g, 0, "blue") == ["Pottery", "Tools"] and hand_of(g, 0) == ["Sailing"]
    assert idle(g)


def test_mysticism_keeps_a_revealed_card_of_a_new_colour() -> None:
    g = scenario()
    board(g, 0, "Mysticism")
    on_top(g, "Sailing", "Tools")
    dogma(g, 0, "Mysticism")
    assert revealed(g) == ["Sailing"] and hand_of(g, 0) == ["Sailing"]
    assert moved(g, "meld") == [] and pile(g, 0, "green") == [] and idle(g)


# ---------------------------------------------------------------------------- Archery
def test_archery_demand_gives_the_highest_card_without_asking_when_one_is_highest() -> None:
    """E03: one highest card: no decision; the card just drawn counts (cards.json)."""
    g = scenario()
    board(g, 0, "Archery")
    hand(g, 1, "Calendar")
    on_top(g, "Pottery")
    dogma(g, 0, "Archery")
    assert hand_of(g, 0) == ["Calendar"] and hand_of(g, 1) == ["Pottery"]
    assert moved(g, "transfer") == ["Calendar"] and idle(g)
    g = scenario()
    board(g, 0, "Archery")
    on_top(g, "Pottery")
    dogma(g, 0, "Archery")
    assert hand_of(g, 0) == ["Pottery"] and hand_of(g, 1) == []


def test_archery_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Archery")
    board(g, 1, "Oars")  # 2 castles: as many
    hand(g, 1, "Calendar")
    dogma(g, 0, "Archery")
    assert hand_of(g, 1) == ["Calendar"] and hand_of(g, 0) == []
    assert moved(g, "draw") == [] and idle(g)


# ---------------------------------------------------------------------------- Oars
def test_r23_oars_repeats_the_demand_for_the_same_opponent_only() -> None:
    """3rd edition: the demand is performed again while a crown card was given, for that
    opponent alone (R23); the next opponent's turn comes once; the activator draws nothing."""
    g = scenario(3)
    board(g, 0, "Oars")
    hand(g, 1, "Writing", "Sailing", "Pottery")
    hand(g, 2, "Code of Laws")
    on_top(g, "Agriculture", "Tools", "Metalworking")
    dogma(g, 0, "Oars")
    assert asking(g).startswith("seat 1") and sorted(options(g)) == ["Sailing", "Writing"]
    decide(g, "Writing", seat=1)  # draws Agriculture; again: Sailing is the only crown card
    # again: no crown card left; player 2 gives Code of Laws, draws Metalworking, and stops
    assert score_of(g, 0) == ["Code of Laws", "Sailing", "Writing"]
    assert hand_of(g, 1) == ["Agriculture", "Pottery", "Tools"]
    assert hand_of(g, 2) == ["Metalworking"]
    assert [(n, i, p) for n, i, p in effects_run(g) if i == 0] == [("Oars", 0, 1), ("Oars", 0, 2)]
    assert moved(g, "draw", 0) == []  # cards were transferred: no draw (R21)
    assert g.players[0].scored == 0  # transfers are not scores (R29)
    assert idle(g)


def test_oars_nobody_vulnerable_the_sharer_and_the_activator_draw() -> None:
    g = scenario()
    board(g, 0, "Oars")
    board(g, 1, "Archery")  # 2 castles: shares
    hand(g, 1, "Writing")
    on_top(g, "Pottery", "Tools", "Sailing")
    dogma(g, 0, "Oars")
    assert hand_of(g, 1) == ["Pottery", "Writing"]
    assert hand_of(g, 0) == ["Sailing", "Tools"] and free_draw_taken(g) and idle(g)


def test_oars_first_edition_demand_happens_once() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Oars")
    hand(g, 1, "Writing", "Sailing")
    on_top(g, "Code of Laws", "Tools")
    dogma(g, 0, "Oars")
    decide(g, "Sailing", seat=1)
    assert score_of(g, 0) == ["Sailing"]
    assert hand_of(g, 1) == ["Code of Laws", "Writing"]  # two crown cards left: no repeat
    assert moved(g, "draw", 0) == [] and idle(g)


def test_oars_first_edition_nobody_vulnerable() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Oars")
    board(g, 1, "Metalworking")  # 3 castles: shares
    hand(g, 1, "Writing")
    on_top(g, "Pottery", "Tools", "Sailing")
    dogma(g, 0, "Oars")
    assert hand_of(g, 1) == ["Pottery", "Writing"] and score_of(g, 0) == []
    assert hand_of(g, 0) == ["Sailing", "Tools"] and free_draw_taken(g) and idle(g)


def test_r37_oars_proves_a_hand_without_crowns_but_not_an_empty_one() -> None:
    g = scenario(3)
    board(g, 0, "Oars")
    hand(g, 1, "Pottery", "Archery")
    on_top(g, "Tools")
    dogma(g, 0, "Oars")
    assert sorted(proofs(g)) == ["Archery", "Pottery"]  # player 2 holds nothing: nothing to show
    assert [e[1] for e in g.trace if e[0] == "reveal"] == [1, 1]
    theirs = [h for h in event_for(g, 0, Dogma("Oars"), 2).happened if h.what == "proof"]
    assert sorted(h.card for h in theirs) == ["Archery", "Pottery"]
    assert hand_of(g, 0) == ["Tools"] and idle(g)  # nothing transferred: the activator draws


# ============================================================================ the named rulings
def test_r01_titles_compare_without_case_spaces_or_punctuation_and_no_age_1_titles_tie() -> None:
    assert title_key("The Wheel") == "thewheel" and title_key("A.I.") == "ai"
    assert title_key("City States") < title_key("Clothing") < title_key("Code of Laws")
    assert title_key("The Wheel") < title_key("Tools")
    keys = [title_key(NAME[c]) for c in range(NCARDS) if AGE[c] == 1]
    assert len(keys) == 15 and len(set(keys)) == 15


def test_r03_no_pass_draw_always_legal_meld_needs_a_card_achieve_needs_both_conditions() -> None:
    g = scenario()
    board(g, 0, "Tools")  # a 1 on top
    to_available(g, "Calendar")  # the standard achievement of age 2
    score_pile(g, 0, "Optics", "Translation", "Compass")  # 9
    assert machine.legal_actions(g) == [Draw(), Dogma("Tools")]  # no Pass, no Meld, no Achieve
    score_pile(g, 0, "Pottery")  # 10: still no top card of 2
    assert Achieve(2) not in machine.legal_actions(g)
    board(g, 0, "Mathematics")  # a 2 on top of blue
    assert Achieve(2) in machine.legal_actions(g)
    hand(g, 0, "Oars")
    assert Meld("Oars") in machine.legal_actions(g)
    assert not any(isinstance(a, Pass) for a in machine.legal_actions(g))


def test_r03_a_dogma_that_changes_nothing_is_legal_and_uses_an_action() -> None:
    g = scenario()
    board(g, 0, "Tools")  # an empty hand: neither effect can do anything
    before = (g.changes, hand_of(g, 0), score_of(g, 0))
    assert Dogma("Tools") in machine.legal_actions(g)
    dogma(g, 0, "Tools")
    assert (g.changes, hand_of(g, 0), score_of(g, 0)) == before
    assert idle(g) and g.active == 0 and g.actions_left == 1


def test_r04_a_draw_of_0_draws_a_1_skipping_upward() -> None:
    """Measurement returns a red card with no red pile: a draw of 0; age 1 is empty: a 2."""
    g = scenario()
    board(g, 0, "Measurement")
    hand(g, 0, "Construction")
    empty_age(g, 1)
    on_top(g, "Mathematics")
    dogma(g, 0, "Measurement")
    decide(g, "Construction")
    assert supply_bottom(g, 2, 1) == ["Construction"]
    assert moved(g, "draw") == ["Mathematics"] and idle(g)


def test_r08_a_return_refills_an_empty_age() -> None:
    g = scenario()
    board(g, 0, "Pottery")
    hand(g, 0, "Sailing")
    empty_age(g, 1)
    on_top(g, "Calendar")
    dogma(g, 0, "Pottery")
    decide(g, "Sailing")  # age 1 holds Sailing alone now: the draw and score of a 1 takes it
    assert score_of(g, 0) == ["Sailing"]
    assert hand_of(g, 0) == ["Calendar"]  # the second effect's 1: age 1 is empty again
    assert idle(g)


def test_r09_each_card_of_a_multiple_tuck_is_moved_and_checked_one_at_a_time() -> None:
    """Monument is claimed after the sixth tuck of the turn, before the seventh card moves."""
    g = scenario()
    board(g, 0, "Lighting")
    hand(g, 0, "Pottery", "Archery")
    g.players[0].tucked = 5
    on_top(g, "Bicycle")
    dogma(g, 0, "Lighting")
    decide(g, "Pottery", "Archery")
    first = trace_index(g, ("move", "tuck", 0, card_id("Pottery")))
    second = trace_index(g, ("move", "tuck", 0, card_id("Archery")))
    assert first < trace_index(g, ("claim", 0, MONUMENT)) < second
    assert g.players[0].tucked == 7 and idle(g)


def test_r10_a_splay_in_the_current_direction_is_not_offered_and_not_a_change() -> None:
    g = scenario()
    board(g, 0, "Philosophy", "Pottery", "Tools", "Archery", "Oars")
    splay(g, 0, "blue", "left")
    dogma(g, 0, "Philosophy")
    assert options(g) == ["red", "pass"]  # blue is left already; purple is one card
    before = g.changes
    assert not ops.splay(g, 0, BLUE, LEFT) and g.changes == before


def test_r12_tucked_and_transferred_cards_take_the_splay_of_their_pile() -> None:
    g = scenario()
    board(g, 0, "Code of Laws", "Archery", "Oars")
    splay(g, 0, "red", "left")
    hand(g, 0, "Metalworking")
    dogma(g, 0, "Code of Laws")
    decide(g, "Metalworking")
    assert pile(g, 0, "red") == ["Metalworking", "Archery", "Oars"]
    assert g.players[0].splay[RED] == LEFT
    assert g.icons(0, CASTLE) == 4  # Oars 2, and the bottom-right castles of Archery and Metalworking
    assert idle(g)  # red is left already: no splay to offer
    g = scenario()
    board(g, 0, "City States", "Agriculture", "Domestication")
    splay(g, 0, "yellow", "right")
    board(g, 1, "Masonry", "Archery")
    dogma(g, 0, "City States")
    decide(g, "Masonry", seat=1)
    assert pile(g, 0, "yellow") == ["Agriculture", "Domestication", "Masonry"]
    assert g.players[0].splay[YELLOW] == RIGHT
    assert g.icons(0, CROWN) == 3  # City States 2, Domestication's bottom-left crown
    assert idle(g)


def test_r14_vulnerability_is_the_snapshot_taken_when_the_dogma_starts() -> None:
    """Player 1's card gives the activator a third crown; player 2 (two crowns, six castles)
    shared at the start and stays out of the demand."""
    g = scenario(3)
    board(g, 0, "City States")  # 2 crowns
    board(g, 1, "Domestication", "Archery")  # 1 crown, 4 castles: vulnerable
    board(g, 2, "Sailing", "Metalworking", "Masonry")  # 2 crowns, 6 castles: not vulnerable
    dogma(g, 0, "City States")
    decide(g, "Domestication", seat=1)
    assert g.icons(0, CROWN) == 3 > g.icons(2, CROWN)
    assert pile(g, 2, "red") == ["Metalworking"] and pile(g, 2, "yellow") == ["Masonry"]
    assert [p for _, _, p in effects_run(g)] == [1] and idle(g)


def test_r22_the_demand_still_reaches_the_next_opponent_after_its_card_is_covered() -> None:
    g = scenario(3)
    board(g, 0, "City States")
    board(g, 1, "Mysticism", "The Wheel")  # 6 castles, no crown
    board(g, 2, "Archery", "Masonry")  # 5 castles, no crown
    dogma(g, 0, "City States")
    decide(g, "Mysticism", seat=1)
    assert pile(g, 0, "purple") == ["City States", "Mysticism"]  # City States is covered
    assert asking(g).startswith("seat 2")
    decide(g, "Archery", seat=2)
    assert pile(g, 0, "red") == ["Archery"] and idle(g)


def test_r24_a_self_executed_card_is_shared_with_nobody() -> None:
    """Self Service runs Writing for its executor alone: an opponent with more lightbulbs
    neither shares nor earns the activator a free draw."""
    g = scenario()
    board(g, 0, "Self Service", "Writing")  # Writing: 2 lightbulbs
    board(g, 1, "Tools", "Philosophy")  # 5 lightbulbs, no crown
    on_top(g, "Calendar")
    dogma(g, 0, "Self Service")  # Writing is the only other top card: chosen without asking
    assert ("self", 0, card_id("Writing")) in g.trace
    assert effects_run(g) == [("Self Service", 0, 0), ("Writing", 0, 0), ("Self Service", 1, 0)]
    assert hand_of(g, 0) == ["Calendar"] and hand_of(g, 1) == []
    assert not free_draw_taken(g) and idle(g)


def test_r25_a_sharers_proof_is_not_a_change() -> None:
    """Clothing: the sharer holds only colours it has, reveals its hand, scores nothing."""
    g = scenario()
    board(g, 0, "Clothing", "Writing")  # 2 leaves; blue and green
    board(g, 1, "Pottery")  # 3 leaves: shares; blue only
    hand(g, 1, "Tools")
    on_top(g, "Agriculture")
    dogma(g, 0, "Clothing")
    assert proofs(g) == ["Tools"]
    assert score_of(g, 1) == [] and score_of(g, 0) == ["Agriculture"]  # green is only player 0's
    assert not free_draw_taken(g) and idle(g)


def test_r26_one_free_draw_after_the_last_effect_and_not_an_action() -> None:
    g = scenario()
    board(g, 0, "Pottery")
    board(g, 1, "Agriculture")  # 3 leaves: shares
    on_top(g, "Tools", "Writing", "Sailing")
    dogma(g, 0, "Pottery")  # nothing to return; the second effect: player 1 draws, then player 0
    draws = [(e[2], NAME[e[3]]) for e in g.trace if e[0] == "move" and e[1] == "draw"]
    assert draws == [(1, "Tools"), (0, "Writing"), (0, "Sailing")]
    assert [e[0] for e in g.trace].count("free_draw") == 1
    assert trace_index(g, ("free_draw", 0)) > trace_index(g, ("effect", card_id("Pottery"), 1, 0))
    assert g.actions_left == 1 and g.active == 0 and idle(g)


def test_r28_r29_a_sharer_claims_monument_mid_effect_in_another_players_turn() -> None:
    """Scores made while sharing count for the sharer's Monument; the claim happens at once,
    before the activator executes the same effect."""
    g = scenario()
    board(g, 0, "Pottery")
    board(g, 1, "Agriculture")
    hand(g, 1, "Tools")
    g.players[1].scored = 5
    on_top(g, "Sailing")
    dogma(g, 0, "Pottery")
    decide(g, "Tools", seat=1)  # one returned: draw and score a 1, the sixth score this turn
    assert g.specials[MONUMENT] == 1 and g.players[1].scored == 6
    assert trace_index(g, ("claim", 1, MONUMENT)) < trace_index(g, ("effect", card_id("Pottery"), 0, 0))
    assert idle(g)
    draw_action(g)  # the turn ends: every player's counters reset (§4)
    assert g.active == 1 and g.players[1].scored == 0 and g.players[0].scored == 0


def test_r29_transfers_melds_and_returns_never_count_for_monument() -> None:
    g = scenario()
    board(g, 0, "Oars")
    hand(g, 1, "Writing", "Sailing", "Code of Laws", "City States", "Mapmaking", "Currency")
    g.players[0].scored = 5
    dogma(g, 0, "Oars")
    while g.pending is not None:  # player 1 gives every crown card to player 0's score pile
        decide(g, options(g)[0], seat=1)
    assert len(g.players[0].score) >= 6 and g.players[0].scored == 5
    assert g.specials[MONUMENT] == -1
    g = scenario()
    board(g, 0, "Masonry")
    hand(g, 0, "Archery", "The Wheel", "Mysticism")
    g.players[0].tucked = 5
    dogma(g, 0, "Masonry")
    decide(g, "Archery", "The Wheel", "Mysticism")
    assert g.players[0].tucked == 5 and g.specials[MONUMENT] == -1


def test_r32_a_special_claim_can_complete_the_count_and_win() -> None:
    g = scenario()
    for name in ("Calendar", "Optics", "Perspective", "Coal", "Canning"):
        achievement(g, 0, name)
    board(g, 0, "Masonry")
    hand(g, 0, "Archery", "The Wheel", "Mysticism", "Tools")
    dogma(g, 0, "Masonry")
    decide(g, "Archery", "The Wheel", "Mysticism", "Tools")
    assert g.is_terminal and g.end_reason is EndReason.ACHIEVEMENTS and g.winners == [0]
    assert len(g.players[0].achieved) == 6 and MONUMENT in g.players[0].achieved


def test_r35_the_end_interrupts_every_remaining_execution_and_the_free_draw() -> None:
    """The sharer's draw of a 2 finds ages 2-10 empty: the activator never executes Writing."""
    g = scenario()
    board(g, 0, "Writing")
    board(g, 1, "Tools")  # 2 lightbulbs: shares
    for age in range(2, 11):
        empty_age(g, age)
    score_pile(g, 0, "Pottery")
    dogma(g, 0, "Writing")
    assert g.is_terminal and g.end_reason is EndReason.DRAW_ABOVE_10 and g.winners == [0]
    assert effects_run(g) == [("Writing", 0, 1)]
    assert moved(g, "draw") == [] and not free_draw_taken(g)


def test_r35_no_other_player_is_checked_for_specials_after_the_winning_claim() -> None:
    g = scenario()
    for name in ("Calendar", "Optics", "Perspective", "Coal", "Canning"):
        achievement(g, 0, name)
    g.players[0].tucked = 6
    board(g, 1, "Pottery", "Tools", "Archery", "Oars", "Sailing", "Clothing")
    board(g, 1, "Agriculture", "Masonry", "Mysticism", "City States")
    for color in ("blue", "red", "green", "yellow", "purple"):
        splay(g, 1, color, "right")
    assert ops.eligible(g, 1, WONDER)  # player 1 qualifies for Wonder, and is checked second
    with pytest.raises(ops.GameEnded):
        ops.check_specials(g, [0, 1])
    assert g.winners == [0] and g.specials[WONDER] == -1


def test_r36_every_board_card_is_public_in_order_with_its_splay() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Tools", "Writing")
    splay(g, 0, "blue", "right")
    for seat in (1, -1):
        blue = observe(g, seat).players[0].board[BLUE]
        assert (blue.cards, blue.splay) == (["Pottery", "Tools", "Writing"], "right")


def test_r39_a_blind_pick_takes_any_matching_card_at_random() -> None:
    """Rocketry (three clocks: one return) names player 1's 2s; either may go."""
    returned = set()
    for seed in range(16):
        g = scenario(seed=seed)
        board(g, 0, "Rocketry")
        score_pile(g, 1, "Calendar", "Mathematics", "Pottery")
        dogma(g, 0, "Rocketry")
        assert sorted(g.pending.options) == [(1, 1), (1, 2)]
        decide(g, PickBlind(1, 2))
        returned.add(supply_bottom(g, 2, 1)[0])
        assert len(g.players[1].score) == 2 and idle(g)
    assert returned == {"Calendar", "Mathematics"}


def test_r41_a_sharers_opponents_include_the_activator() -> None:
    """Clothing's count for sharing player 1: blue counts (nobody else has it), green does not
    (the activator has it)."""
    g = scenario(3)
    board(g, 0, "Clothing")  # green; 2 leaves
    board(g, 1, "Pottery", "Sailing")  # blue and green; 4 leaves: shares
    on_top(g, "Agriculture", "Archery")
    dogma(g, 0, "Clothing")
    assert score_of(g, 1) == ["Agriculture"]
    assert score_of(g, 0) == []  # player 1 has green too
    assert free_draw_taken(g) and hand_of(g, 0) == ["Archery"] and idle(g)


def test_r42_the_same_dogma_twice_in_a_turn() -> None:
    g = scenario()
    board(g, 0, "Writing")
    on_top(g, "Calendar", "Mathematics")
    dogma(g, 0, "Writing")
    assert g.actions_left == 1 and Dogma("Writing") in machine.legal_actions(g)
    dogma(g, 0, "Writing")
    assert hand_of(g, 0) == ["Calendar", "Mathematics"] and g.active == 1


def test_r44_one_achieve_claims_one_achievement_and_there_is_no_10() -> None:
    for players in (2, 3, 4):
        g = machine.new_game(InnovationConfig(players=players, seed=players))
        assert sorted(AGE[c] for c in g.available) == list(range(1, 10))  # one per age 1-9
    g = scenario()
    for c in [g.supply[a][0] for a in range(1, 10)]:
        ops._take(g, c)
        ops._put(g, c, AVAILABLE, -1)
    board(g, 0, "Software")  # a 10 on top
    score_pile(g, 0, *[NAME[c] for c in g.supply[10][:6]])  # 60 points
    g._legal = None
    assert [a.age for a in machine.legal_actions(g) if isinstance(a, Achieve)] == list(range(1, 10))
    act(g, Achieve(3))
    assert [AGE[c] for c in g.players[0].achieved] == [3]
    assert Achieve(3) not in machine.legal_actions(g) and g.actions_left == 1


NINE = {
    "Oars",
    "Fermenting",
    "Feudalism",
    "Measurement",
    "Statistics",
    "Societies",
    "Industrialization",
    "Combustion",
    "Fission",
}


def test_r45_the_first_edition_changes_only_the_nine_cards() -> None:
    for c in range(NCARDS):
        same = effect_texts(c, True) == effect_texts(c, False)
        assert same == (NAME[c] not in NINE), NAME[c]
        if NAME[c] not in NINE:
            assert effect_is_demand(c, True) == effect_is_demand(c, False)
    assert {NAME[c] for c, _, first in EFFECT_KIND if first} == NINE


def test_r45_the_rules_apply_to_the_first_edition_too() -> None:
    """The snapshot, sharing order and the free draw of §8 in a 1st-edition game."""
    g = scenario(3, edition="1e")
    board(g, 0, "Writing")
    board(g, 1, "Tools")  # shares
    board(g, 2, "Sailing")  # neither
    on_top(g, "Calendar", "Mathematics", "Pottery")
    dogma(g, 0, "Writing")
    assert moved(g, "draw") == ["Calendar", "Mathematics", "Pottery"] and free_draw_taken(g)
    assert effects_run(g) == [("Writing", 0, 1), ("Writing", 0, 0)] and idle(g)


def test_r46_a_revealed_card_stays_known_until_it_moves_out_of_sight_in_a_later_action() -> None:
    g = scenario()
    board(g, 0, "Mysticism", "Stem Cells")
    on_top(g, "Sailing")
    dogma(g, 0, "Mysticism")  # Sailing revealed, kept: no green pile
    assert g.actions_left == 1
    assert [r.card for r in observe(g, 1).players[0].hand] == ["Sailing"]
    dogma(g, 0, "Stem Cells")
    decide(g, "yes")  # score every card in hand: Sailing goes face down, in a later action
    assert score_of(g, 0) == ["Sailing"]
    assert seen_by(g, Yes(), 1, "score") == [None] and seen_by(g, Yes(), 0, "score") == ["Sailing"]
    assert [r.card for r in observe(g, 1).players[0].score_pile] == [None]
    assert g.known[card_id("Sailing")] == 1 << 0


# ============================================================================ set-up and specials (§3, §10)
def test_setup_puts_the_five_special_achievements_on_the_table_face_up() -> None:
    g = machine.new_game(InnovationConfig(players=3, seed=2))
    assert g.specials == {EMPIRE: -1, MONUMENT: -1, WONDER: -1, WORLD: -1, UNIVERSE: -1}
    for seat in (0, 1, -1):
        obs = observe(g, seat)
        assert sorted(s.name for s in obs.specials) == ["Empire", "Monument", "Universe", "Wonder", "World"]
        assert all(s.owner is None for s in obs.specials)


def test_empire_is_claimed_when_a_meld_brings_every_icon_to_three() -> None:
    g = scenario()
    board(g, 0, "Experimentation", "Pottery", "Gunpowder", "Fission", "Masonry", "Agriculture")
    board(g, 0, "Mysticism", "Education")
    for color in ("red", "yellow", "purple"):
        splay(g, 0, color, "up")
    assert g.players[0].icon_counts()[1:] == (1, 6, 3, 5, 2, 3)  # crowns 1, factories 2
    hand(g, 0, "Banking")  # a factory and two crowns
    act(g, Meld("Banking"))
    assert g.players[0].icon_counts()[1:] == (3, 6, 3, 5, 3, 3)
    assert g.specials[EMPIRE] == 0 and ("claim", 0, EMPIRE) in g.trace


def test_world_needs_twelve_clocks_and_is_checked_after_a_splay() -> None:
    g = scenario()
    board(g, 0, "Computers", "Software", "Fission", "Databases")  # 3 + 3 + 3 clocks
    hand(g, 0, "The Internet")
    act(g, Meld("The Internet"))  # 11 clocks: checked, not enough
    assert g.icons(0, CLOCK) == 11 and g.specials[WORLD] == -1
    assert ops.splay(g, 0, BLUE, RIGHT)  # Computers shows its top-left clock: 12
    assert g.icons(0, CLOCK) == 12 and g.specials[WORLD] == 0


# ======================================================================== verbs and information (§2.4, §12)
def test_a_draw_and_meld_that_ends_the_game_melds_nothing() -> None:
    """§2.4: when the draw of a draw-and-X ends the game, the second verb does not happen."""
    g = scenario()
    board(g, 0, "Sailing")
    score_pile(g, 1, "Pottery")
    for age in range(1, 11):
        empty_age(g, age)
    dogma(g, 0, "Sailing")
    assert g.is_terminal and g.end_reason is EndReason.DRAW_ABOVE_10 and g.winners == [1]
    assert moved(g, "meld") == [] and pile(g, 0, "green") == ["Sailing"]


def test_others_see_a_score_pile_as_ages_and_its_total() -> None:
    g = scenario()
    score_pile(g, 0, "Optics", "Pottery")
    theirs = observe(g, 1).players[0]
    assert [(r.age, r.card) for r in theirs.score_pile] == [(1, None), (3, None)] and theirs.score == 4
    assert sorted(r.card for r in observe(g, 0).players[0].score_pile) == ["Optics", "Pottery"]
    assert observe(g, 1).supply == [len(g.supply[a]) for a in range(1, 11)]


def test_a_card_returned_from_a_hand_shows_its_age_and_from_a_board_its_title() -> None:
    g = scenario()
    board(g, 0, "Agriculture")
    hand(g, 0, "Calendar")
    on_top(g, "Optics")
    dogma(g, 0, "Agriculture")
    decide(g, "Calendar")
    assert seen_by(g, PickCard("Calendar"), 1, "return") == [None]
    assert seen_by(g, PickCard("Calendar"), 0, "return") == ["Calendar"]
    assert [k.card for k in observe(g, 0).supply_known] == ["Calendar"]  # where it went
    assert observe(g, 1).supply_known == []
    g = scenario()
    board(g, 0, "Electricity", "Pottery", "Construction")
    dogma(g, 0, "Electricity")
    assert seen_by(g, Dogma("Electricity"), 1, "return") == ["Pottery", "Construction"]


# ============================================================================ the engine's rulings
def test_e01_returns_bound_for_different_piles_are_not_ordered() -> None:
    g = scenario()
    board(g, 0, "Electricity", "Pottery", "Construction")  # a 1 and a 2 without a factory
    on_top(g, "Quantum Theory", "Rocketry")
    dogma(g, 0, "Electricity")
    assert moved(g, "return") == ["Pottery", "Construction"]  # in id order, nothing asked
    assert hand_of(g, 0) == ["Quantum Theory", "Rocketry"] and idle(g)


def test_e01_only_the_cards_bound_for_one_pile_are_ordered() -> None:
    g = scenario()
    board(g, 0, "Electricity", "Pottery", "Agriculture", "Construction")
    dogma(g, 0, "Electricity")
    assert sorted(options(g)) == ["Agriculture", "Pottery"]
    decide(g, "Agriculture")
    assert sorted(moved(g, "return")) == ["Agriculture", "Construction", "Pottery"]
    assert supply_bottom(g, 1, 2) == ["Pottery", "Agriculture"]


def test_e02_unseen_cards_go_first_then_the_chooser_orders_the_cards_it_sees() -> None:
    """Mass Media returns every 1 of every score pile: player 1's two 1s (player 0 cannot see
    them) go first in a drawn order; then player 0 orders its own two."""
    g = scenario()
    board(g, 0, "Mass Media")
    hand(g, 0, "Writing")
    score_pile(g, 0, "Tools", "Sailing")
    score_pile(g, 1, "Pottery", "Agriculture")
    dogma(g, 0, "Mass Media")
    decide(g, "Writing", "value 1")
    assert sorted(options(g)) == ["Sailing", "Tools"]
    assert sorted(moved(g, "return")[1:]) == ["Agriculture", "Pottery"]
    decide(g, "Tools")
    assert moved(g, "return")[3:] == ["Tools", "Sailing"]
    assert supply_bottom(g, 1, 2) == ["Sailing", "Tools"] and idle(g)


def test_e05_the_turn_limit_adjudicates_by_score_then_achievements() -> None:
    g = scenario(3)
    g.config = msgspec.structs.replace(g.config, max_turns=g.turn)  # this turn is the last
    score_pile(g, 1, "Optics")  # 3
    score_pile(g, 2, "Calendar", "Pottery")  # 3, and an achievement
    achievement(g, 2, "Tools")
    draw_action(g)
    assert not g.is_terminal
    draw_action(g)
    assert g.is_terminal and g.end_reason is EndReason.TURN_LIMIT and g.winners == [2]
