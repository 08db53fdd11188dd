"""Combat: the rulebook's two examples and every combat ruling of ALTAY-FACTS.md."""

import pytest

from altay_cli.engine.altay import Attack, EndTurn, Fight, IllegalAction, Surrender, check_invariants
from altay_cli.engine.altay.data import KIND_INDEX
from altay_cli.engine.altay.observe import resources_text
from tests.helpers_engine import clear, complete, game, put, set_hand, set_marker


def attacks(g) -> list[Attack]:
    return [a for a in g.legal_actions() if isinstance(a, Attack)]


# ----------------------------------------------------------------- neutral territories
def neutral_example(values: tuple[int, int]) -> tuple:
    """Firefolk with two Warriors and one settlement on farmland 1; markers on 7 and 13."""
    g = game(factions=("Firefolk", "Smallfolk"))
    s = g.active
    clear(g, 1)
    clear(g, 4)
    put(g, s, 1)
    put(g, 1 - s, 4)
    set_hand(g, s, ["Warrior", "Warrior"])
    set_marker(g, 7, values[0], "W" if values[0] >= 2 else None)
    set_marker(g, 13, values[1], None)
    return g, s


def test_neutral_example_a_two_warriors_beat_a_value_two_marker_and_produce_wood() -> None:
    g, s = neutral_example((2, 1))
    assert Attack(1, 7, ("Warrior",)) not in attacks(g), "strength 2 does not exceed 2"
    assert Attack(1, 7, ("Warrior", "Warrior")) in attacks(g)
    marker = g.marker[7]
    g.apply(Attack(1, 7, ("Warrior", "Warrior")))
    p = g.players[s]
    assert p.cap_markers == [marker] and g.marker[7] == -1
    assert resources_text(p.pool) == "W", "the marker's resource is produced"
    assert g.owner[7] == -1, "nobody moves in"
    assert p.discard[-2:] == [KIND_INDEX["Warrior"]] * 2
    assert check_invariants(g) == []


def test_neutral_example_b_c_two_attacks_on_two_value_one_markers() -> None:
    g, s = neutral_example((1, 1))
    g.apply(Attack(1, 7, ("Warrior",)))
    assert Attack(1, 7, ("Warrior",)) not in attacks(g)
    g.apply(Attack(1, 13, ("Warrior",)))
    p = g.players[s]
    assert len(p.cap_markers) == 2
    assert resources_text(p.pool) == "", "value-1 markers carry no resource"
    assert g.scores()[s]["conquest_markers"] == 0  # 2 points // 3


def test_captured_neutral_territory_becomes_free_for_settling() -> None:
    g, s = neutral_example((1, 1))
    g.apply(Attack(1, 7, ("Warrior",)))
    assert 7 in g.settle_targets(s)
    assert 13 not in g.settle_targets(s), "a marker still blocks 13"


def test_leadership_adds_one_attack_icon() -> None:
    g, s = neutral_example((2, 1))
    assert Attack(1, 7, ("Warrior",)) not in attacks(g)
    complete(g, s, "Leadership")
    assert Attack(1, 7, ("Warrior",)) in attacks(g)


def test_settlements_in_the_attacking_territory_add_strength() -> None:
    g, s = neutral_example((3, 1))
    assert Attack(1, 7, ("Warrior", "Warrior")) not in attacks(g)  # 1 + 2 = 3, not > 3
    put(g, s, 1)
    assert Attack(1, 7, ("Warrior", "Warrior")) in attacks(g)  # 2 + 2 = 4 > 3


def test_attack_needs_an_own_territory_adjacent_and_a_card() -> None:
    g, _ = neutral_example((1, 1))
    with pytest.raises(IllegalAction, match="not adjacent"):
        g.apply(Attack(1, 2, ("Warrior",)))
    with pytest.raises(IllegalAction, match="no settlement in territory 5"):
        g.apply(Attack(5, 11, ("Warrior",)))
    with pytest.raises(IllegalAction, match="at least one card"):
        g.apply(Attack(1, 7, ()))


def test_no_attack_into_out_of_play_territories() -> None:
    g, s = neutral_example((1, 1))
    put(g, s, 13)
    assert all(a.to != 19 for a in attacks(g)), "19 is out of play with 2 players"


# ----------------------------------------------------------------- against opponents
def opponent_example() -> tuple:
    """Earthfolk: 2 settlements on forest 7, Warrior + Cavalry. Smallfolk: 3 on farmland 2."""
    g = game(factions=("Earthfolk", "Smallfolk"))
    e = g.active
    sm = 1 - e
    for t in (1, 4, 2, 7):
        clear(g, t)
    put(g, e, 7, 2)
    put(g, sm, 2, 3)
    set_hand(g, e, ["Warrior", "Cavalry"])
    set_hand(g, sm, ["Warrior", "Craftsman (wood)", "Hunter", "Hunter", "Hunter"])
    return g, e, sm


def test_opponent_example_surrender_with_two_discards() -> None:
    g, e, sm = opponent_example()
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    assert g.to_move == sm and g.phase == "defend"
    assert g.combat[4] == 5, "strength 2 settlements + 1 + 2"
    legal = g.legal_actions()
    assert Fight(("Warrior",)) in legal
    assert (
        Surrender(("Warrior", "Craftsman (wood)")) in legal
        or Surrender(("Craftsman (wood)", "Warrior")) in legal
    )
    assert all(len(a.discard) <= 2 for a in legal if isinstance(a, Surrender))
    discard_choice = next(
        a for a in legal if isinstance(a, Surrender) and sorted(a.discard) == ["Craftsman (wood)", "Warrior"]
    )
    deck_top = g.players[sm].deck[-2:]
    g.apply(discard_choice)
    d = g.players[sm]
    assert len(d.hand) == 5, "the defender draws as many as discarded"
    assert sorted(d.hand[-2:]) == sorted(deck_top)
    assert g.count[2] == 2 and g.owner[2] == sm
    assert g.players[e].cap_settlements == [sm]
    assert g.to_move == e and g.phase == "main"
    assert g.scores()[e]["captured_settlements"] == 1
    assert check_invariants(g) == []


def test_fight_defender_wins_and_takes_a_settlement_from_the_attacking_territory() -> None:
    g, e, sm = opponent_example()
    set_hand(g, sm, ["Chariot", "Warrior"])
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    g.apply(Fight(("Chariot",)))  # 3 + 3 = 6 > 5
    assert g.count[7] == 1 and g.count[2] == 3
    assert g.players[sm].cap_settlements == [e]
    assert len(g.players[sm].hand) == 2, "drew one card for the one played"
    assert g.last_combat["winner"] == sm


def test_fight_tie_nothing_happens() -> None:
    g, e, sm = opponent_example()
    set_hand(g, sm, ["Cavalry"])
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    g.apply(Fight(("Cavalry",)))  # 3 + 2 = 5 == 5
    assert g.count[7] == 2 and g.count[2] == 3
    assert not g.players[e].cap_settlements and not g.players[sm].cap_settlements
    assert g.last_combat["winner"] is None


def test_fight_with_no_cards_uses_settlements_only() -> None:
    g, _e, sm = opponent_example()
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    g.apply(Fight())
    assert g.count[2] == 2
    assert len(g.players[sm].hand) == 5, "nothing played, nothing drawn"


def test_strategy_adds_one_defence_when_fighting() -> None:
    g, e, sm = opponent_example()
    complete(g, sm, "Strategy")
    set_hand(g, sm, ["Cavalry"])
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    g.apply(Fight(("Cavalry",)))  # 3 + 2 + 1 = 6 > 5
    assert g.players[sm].cap_settlements == [e]


def test_attacks_on_opponents_may_be_hopeless_but_are_offered() -> None:
    g, e, _sm = opponent_example()
    set_hand(g, e, ["Warrior"])
    assert Attack(7, 2, ("Warrior",)) in attacks(g)


def test_one_attack_per_territory_pair_per_turn() -> None:
    g, e, _sm = opponent_example()
    set_hand(g, e, ["Warrior", "Warrior"])
    g.apply(Attack(7, 2, ("Warrior",)))
    g.apply(Fight())
    with pytest.raises(IllegalAction, match="already attacked from 7 to 2"):
        g.apply(Attack(7, 2, ("Warrior",)))
    g.apply(EndTurn())


def test_loser_territory_left_empty_becomes_free_and_winner_does_not_move_in() -> None:
    g, e, sm = opponent_example()
    clear(g, 2)
    put(g, sm, 2, 1)
    put(g, sm, 4, 1)
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    g.apply(Surrender())
    assert g.owner[2] == -1 and g.count[2] == 0
    assert 2 in g.settle_targets(e)


def test_surrender_discards_are_hidden_from_others_and_defence_cards_are_public() -> None:
    from altay_cli.engine.altay import public_action

    assert public_action(Surrender(("Warrior", "Hunter")))["discard"] == ["hidden", "hidden"]
    assert public_action(Fight(("Warrior",)))["cards"] == ["Warrior"]


def test_losing_the_last_settlement_on_the_board_triggers_the_end() -> None:
    g, e, sm = opponent_example()
    clear(g, 2)
    put(g, sm, 2, 1)
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    g.apply(Surrender())
    assert g.players[sm].on_board == 0
    assert g.end_trigger == "no_settlements_on_board"
    while not g.is_terminal:
        g.apply(EndTurn())
    assert g.end_reason == "no_settlements_on_board"
    assert e == g.first
    assert g.turns == 2 and g.round == 1, "the round is completed: the other player still plays"


def test_archived_cards_attack_and_defend_as_if_in_hand() -> None:
    """Ruling ARCHIVE_USABLE_ON_DEFENCE: an archived card is used in every way a hand card is."""
    g, e, sm = opponent_example()
    p = g.players[e]
    set_hand(g, e, [])
    p.archive.append(p.deck.pop(p.deck.index(KIND_INDEX["Warrior"])))
    g._legal = None
    assert Attack(7, 2, ("Warrior",)) in attacks(g)
    d = g.players[sm]
    set_hand(g, sm, [])
    d.archive.append(d.deck.pop(d.deck.index(KIND_INDEX["Warrior"])))
    g.apply(Attack(7, 2, ("Warrior",)))
    legal = g.legal_actions()
    assert Fight(("Warrior",)) in legal and Surrender(("Warrior",)) in legal
    g.apply(Fight(("Warrior",)))
    assert d.archive == [] and KIND_INDEX["Warrior"] in d.discard
    assert not check_invariants(g)


def test_a_surrender_may_discard_an_archived_card() -> None:
    g, _, sm = opponent_example()
    d = g.players[sm]
    set_hand(g, sm, ["Hunter"])
    d.archive.append(d.deck.pop(d.deck.index(KIND_INDEX["Warrior"])))
    g._legal = None
    g.apply(Attack(7, 2, ("Warrior",)))
    assert Surrender(("Warrior",)) in g.legal_actions()
    g.apply(Surrender(("Warrior",)))
    assert d.archive == [] and not check_invariants(g)


def test_card_lists_are_multisets_any_order_names_the_same_action() -> None:
    from altay_cli.engine.altay import action_from_builtins

    g, _, _ = opponent_example()
    legal = attacks(g)
    both = next(a for a in legal if len(a.cards) == 2)
    shuffled = Attack(both.from_, both.to, tuple(reversed(both.cards)))
    assert shuffled.cards != both.cards
    assert (
        action_from_builtins(
            {"type": "attack", "from": both.from_, "to": both.to, "cards": list(shuffled.cards)}
        )
        == both
    )
    g.apply(shuffled)  # the engine takes any order
    assert g.combat is not None and g.combat[5] == 2
