"""Innovation's rules (RULES.md §3-12) as behaviours: set-up, the four actions, drawing and
the draw above 10, the Dogma action (snapshot, demands, sharing, the free draw, card memory),
splays and icons, special achievements and their ties, every end condition, and what each seat
may see. Card effects have their own files (tests/test_innovation_cards_*.py)."""

from __future__ import annotations

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.api import AmbiguousCommand, IllegalAction, IllegalCommand, InvalidCommand
from altay_cli.engine.innovation import machine, ops
from altay_cli.engine.innovation.actions import Achieve, Dogma, Draw, FirstMeld, Meld, PickCard
from altay_cli.engine.innovation.happenings import event_for
from altay_cli.engine.innovation.observe import observe
from altay_cli.engine.innovation.state import HAND, SUPPLY, EndReason, InnovationConfig, Phase
from altay_cli.engine.innovation.tables import (
    AGE,
    MONUMENT,
    NAME,
    UNIVERSE,
    WONDER,
    card_id,
)
from tests.innovation_helpers import (
    achieve_action,
    achievement,
    act,
    board,
    decide,
    dogma,
    draw_action,
    empty_age,
    free_draw_taken,
    hand,
    meld_action,
    moved,
    names,
    on_top,
    options,
    pile,
    scenario,
    score_pile,
    splay,
    top,
)

GAME = load_game("innovation")


# ---------------------------------------------------------------------------- set-up (§3)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_two_1s_and_one_achievement_per_age(players: int) -> None:
    g = machine.new_game(InnovationConfig(players=players, seed=5))
    assert sorted(AGE[c] for c in g.available) == list(range(1, 10))
    assert all(len(pl.hand) == 2 and all(AGE[c] == 1 for c in pl.hand) for pl in g.players)
    assert [len(g.supply[a]) for a in range(1, 11)] == [14 - 2 * players] + [9] * 8 + [10]
    assert g.phase is Phase.FIRST_MELD and g.to_move == 0
    assert machine.legal_actions(g) == [FirstMeld(NAME[c]) for c in sorted(g.players[0].hand)]
    assert all(g.known[c] == 0 for c in g.available)  # nobody knows the achievements (§5.3)


def test_the_first_meld_is_secret_until_everyone_has_picked() -> None:
    g = machine.new_game(InnovationConfig(players=3, seed=8))
    pick = machine.legal_actions(g)[0]
    act(g, pick)
    assert g.to_move == 1 and g.phase is Phase.FIRST_MELD
    seen = event_for(g, 0, pick, 1)
    assert seen.action == FirstMeld("hidden") and seen.happened == []
    assert observe(g, 1).first_meld is None and observe(g, 0).first_meld == pick.card
    assert all(not p.cards for pv in observe(g, 1).players for p in pv.board)
    act(g, machine.legal_actions(g)[1])
    act(g, machine.legal_actions(g)[0])
    assert g.phase is Phase.PLAY
    assert [len(pl.tops()) for pl in g.players] == [1, 1, 1]
    assert all(len(pl.hand) == 1 for pl in g.players)


def test_the_first_title_alphabetically_starts_the_wheel_sorting_under_t() -> None:
    """R01: "The Wheel" sorts as "thewheel", before "tools"."""
    g = machine.new_game(InnovationConfig(players=2, seed=1))
    for p, names_ in enumerate((("Tools", "Writing"), ("The Wheel", "Sailing"))):
        for c in list(g.players[p].hand):
            ops._take(g, c)
            ops._put(g, c, SUPPLY, -1)
        for name in names_:
            c = card_id(name)
            ops._take(g, c)
            ops._put(g, c, HAND, p)
            g.known[c] = 1 << p
    g._legal = None
    act(g, FirstMeld("Tools"))
    act(g, FirstMeld("The Wheel"))
    assert g.active == 1 and g.actions_left == 1


@pytest.mark.parametrize(("players", "actions"), [(2, [1, 2, 2, 2]), (3, [1, 2, 2, 2]), (4, [1, 1, 2, 2, 2])])
def test_short_first_turns(players: int, actions: list[int]) -> None:
    """R02: one action on the first player's first turn, and the second's with 4 players."""
    g = machine.new_game(InnovationConfig(players=players, seed=3))
    while g.phase is Phase.FIRST_MELD:
        act(g, machine.legal_actions(g)[0])
    seen = []
    for _ in actions:
        seen.append(g.actions_left)
        turn = g.turn
        while g.turn == turn:
            act(g, Draw())
    assert seen == actions


# ---------------------------------------------------------------------------- the actions (§5, §7)
def test_draw_takes_the_value_of_the_highest_top_card_and_skips_empty_ages() -> None:
    g = scenario()
    board(g, 0, "Pottery", "Calendar", "Optics")  # highest top: Optics, a 3
    empty_age(g, 3)
    on_top(g, "Experimentation")  # a 4
    draw_action(g)
    assert names(g.players[0].hand) == ["Experimentation"]


def test_draw_with_an_empty_board_draws_a_1() -> None:
    g = scenario()
    on_top(g, "Oars")
    draw_action(g)
    assert names(g.players[0].hand) == ["Oars"]


def test_a_draw_above_10_ends_the_game_by_score_then_achievements() -> None:
    """§11.2 and R33: the highest score wins; a tie goes to the most achievements."""
    g = scenario(3)
    board(g, 0, "Software")  # a 10 on top: the draw asks for a 10
    empty_age(g, 10)
    score_pile(g, 1, "Optics", "Experimentation")  # 7
    score_pile(g, 2, "Perspective", "Calendar", "Sailing")  # 4 + 2 + 1 = 7
    achievement(g, 2, "Pottery")
    draw_action(g)
    assert g.is_terminal and g.end_reason is EndReason.DRAW_ABOVE_10 and g.winners == [2]
    outcome = GAME.outcome(g)
    assert outcome.winners == [2] and outcome.ranks == [3, 2, 1]


def test_a_full_tie_at_the_draw_above_10_is_shared() -> None:
    g = scenario(2)
    board(g, 0, "Software")
    empty_age(g, 10)
    score_pile(g, 0, "Optics")
    score_pile(g, 1, "Alchemy")
    draw_action(g)
    assert g.winners == [0, 1] and GAME.outcome(g).ranks == [1, 1]


def test_a_draw_asking_for_more_than_10_ends_the_game_even_with_10s_left() -> None:
    """R05: Evolution with a 10 in the score pile draws an 11."""
    g = scenario(2)
    board(g, 0, "Evolution")
    score_pile(g, 0, "Software")
    score_pile(g, 1, "Optics")
    dogma(g, 0, "Evolution")
    decide(g, "option b")
    assert g.is_terminal and g.end_reason is EndReason.DRAW_ABOVE_10 and g.winners == [0]
    assert len(g.supply[10]) > 0


def test_meld_puts_a_card_on_top_and_keeps_the_splay() -> None:
    """R12: a card melded onto a splayed pile takes the splay."""
    g = scenario()
    board(g, 0, "Pottery", "Tools")
    splay(g, 0, "blue", "left")
    hand(g, 0, "Writing")
    meld_action(g, "Writing")
    assert pile(g, 0, "blue") == ["Pottery", "Tools", "Writing"]
    assert g.players[0].splay[0] == 1 and g.actions_left == 1


def test_achieve_needs_five_times_the_age_and_a_top_card_that_high() -> None:
    """§5.3: a 3 needs a score of 15 and a top card of 3 or more; no points are spent."""
    g = scenario()
    ages = {AGE[c]: c for c in g.supply[3][:1] + g.supply[2][:1]}
    for c in ages.values():
        ops._take(g, c)
        ops._put(g, c, 5, -1)  # onto the table as the standard achievement of its age
    board(g, 0, "Optics")  # a 3
    score_pile(g, 0, "Software", "Genetics")  # 19
    legal = machine.legal_actions(g)
    assert Achieve(2) in legal and Achieve(3) in legal
    achieve_action(g, 3)
    pl = g.players[0]
    assert [AGE[c] for c in pl.achieved] == [3] and pl.score_total() == 19
    assert observe(g, 0).players[0].achievements == [3]
    assert g.known[pl.achieved[0]] == 0  # face down, even to its owner
    g2 = scenario()
    for c in g2.supply[3][:1]:
        ops._take(g2, c)
        ops._put(g2, c, 5, -1)
    board(g2, 0, "Calendar")  # only a 2 on top
    score_pile(g2, 0, "Software", "Genetics")
    assert Achieve(3) not in machine.legal_actions(g2)
    with pytest.raises(IllegalAction, match="top card of value 3"):
        act(g2, Achieve(3))


@pytest.mark.parametrize(("players", "needed"), [(2, 6), (3, 5), (4, 4)])
def test_reaching_the_achievements_needed_wins_at_once(players: int, needed: int) -> None:
    """§11.1 and R32."""
    g = scenario(players)
    c = g.supply[1][0]
    ops._take(g, c)
    ops._put(g, c, 5, -1)
    for name in ("Calendar", "Optics", "Perspective", "Coal", "Atomic Theory")[: needed - 1]:
        achievement(g, 0, name)
    board(g, 0, "Pottery")
    score_pile(g, 0, "Tools", "Writing", "Archery", "Oars", "Sailing")
    achieve_action(g, 1)
    assert g.is_terminal and g.end_reason is EndReason.ACHIEVEMENTS and g.winners == [0]


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    g = scenario()
    hand(g, 0, "Oars")
    before = g.digest()
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(g, Meld("Sailing"))
    with pytest.raises(IllegalAction, match="not one of your top cards"):
        act(g, Dogma("Oars"))
    with pytest.raises(IllegalAction):
        act(g, PickCard("Oars"))
    assert g.digest() == before


# ---------------------------------------------------------------------------- dogma (§8)
def test_the_icon_snapshot_decides_who_is_vulnerable_and_who_shares() -> None:
    """R14, R27: fewer featured icons than the activator: vulnerable; at least as many: sharing;
    demands in turn order after the activator."""
    g = scenario(4)
    board(g, 0, "Archery")  # 2 castles
    board(g, 1, "Metalworking")  # 3 castles: shares, not vulnerable
    board(g, 2, "Oars")  # 2 castles: equal, shares
    hand(g, 3, "Sailing")  # 0 castles: vulnerable
    on_top(g, "Pottery")
    dogma(g, 0, "Archery")
    entry = next(e for e in g.trace if e[0] == "dogma")
    assert entry[4] == (3,) and entry[5] == (1, 2)
    # Archery's only effect is a demand: P3 draws Pottery and gives its highest (a tie: it picks)
    assert g.to_move == 3 and set(options(g)) == {"Pottery", "Sailing"}
    decide(g, "Sailing")
    assert names(g.players[0].hand) == ["Sailing"] and names(g.players[3].hand) == ["Pottery"]


def test_demands_go_in_turn_order_from_the_activators_left() -> None:
    g = scenario(4, active=2)
    board(g, 2, "Archery")
    on_top(g, "Pottery", "Tools", "Writing")
    dogma(g, 2, "Archery")  # P3, then P0, then P1 each draw a 1 and give it
    assert [e[3] for e in g.trace if e[0] == "effect"] == [3, 0, 1]
    assert names(g.players[2].hand) == ["Pottery", "Tools", "Writing"]
    assert [NAME[e[3]] for e in g.trace if e[0] == "move" and e[1] == "draw"] == [
        "Pottery",
        "Tools",
        "Writing",
    ]


def test_sharers_go_first_and_their_change_earns_the_free_draw() -> None:
    """§8.3, §8.5, R25, R26."""
    g = scenario(3)
    board(g, 0, "Writing")  # 2 lightbulbs
    board(g, 1, "Tools")  # 2 lightbulbs: shares
    board(g, 2, "Sailing")  # none: neither (Writing has no demand)
    on_top(g, "Calendar", "Mathematics", "Paper")  # 2s, then a 3 (the free draw: Writing is a 1)
    dogma(g, 0, "Writing")
    draws = [(e[2], NAME[e[3]]) for e in g.trace if e[0] == "move" and e[1] == "draw"]
    assert draws[0] == (1, "Calendar") and draws[1] == (0, "Mathematics")
    assert free_draw_taken(g) and draws[2][0] == 0
    assert len(g.players[0].hand) == 2


def test_no_free_draw_when_the_sharer_changed_nothing() -> None:
    """A declined option and a splay that does nothing are not changes (R10, R18)."""
    g = scenario(2)
    board(g, 0, "Philosophy")  # 3 lightbulbs
    board(g, 1, "Education")  # 3 lightbulbs: shares; one card per pile: splays change nothing
    hand(g, 1, "Pottery")
    dogma(g, 0, "Philosophy")
    # effect 1 (splay) is forced to nothing for both; effect 2: P1 may score a card: it declines
    assert g.to_move == 1 and options(g) == ["Pottery", "pass"]
    decide(g, "pass")
    assert not free_draw_taken(g) and g.to_move == 0 and g.actions_left == 1


def test_demands_never_earn_the_free_draw() -> None:
    g = scenario(2)
    board(g, 0, "Archery")
    on_top(g, "Pottery", "Tools")
    dogma(g, 0, "Archery")
    assert not free_draw_taken(g)


def test_the_free_draw_can_end_the_game() -> None:
    g = scenario(2)
    board(g, 0, "Software", "Writing")  # Writing (blue, a 1) covers Software: top card values: 1
    board(g, 0, "A.I.")  # purple 10 on top: the free draw asks for a 10; 4 lightbulbs in all
    board(g, 1, "Tools", "Philosophy")  # 5 lightbulbs: shares
    empty_age(g, 10)
    on_top(g, "Calendar", "Mathematics")
    score_pile(g, 1, "Optics")
    dogma(g, 0, "Writing")
    assert g.is_terminal and g.end_reason is EndReason.DRAW_ABOVE_10 and g.winners == [1]


def test_card_memory_counts_any_affected_opponent_r21() -> None:
    """Oars: the non-demand draws only if no card was transferred by the demand this action."""
    g = scenario(3)
    board(g, 0, "Oars")
    hand(g, 1, "Sailing")  # a crown: transferred
    on_top(g, "Pottery", "Tools", "Writing")
    dogma(g, 0, "Oars")
    assert names(g.players[0].score) == ["Sailing"]
    assert "Sailing" not in moved(g, "draw", 0) and not moved(g, "draw", 0)
    g2 = scenario(3)
    board(g2, 0, "Oars")
    hand(g2, 1, "Pottery")  # no crown: the demand moves nothing; P1 proves it
    on_top(g2, "Tools")
    dogma(g2, 0, "Oars")
    assert moved(g2, "draw", 0) == ["Tools"]


def test_an_effect_runs_to_its_end_even_when_its_card_is_covered_r22() -> None:
    g = scenario(2)
    board(g, 0, "Sailing")  # draw and meld a 1 (green on green covers Sailing)
    on_top(g, "Clothing")
    dogma(g, 0, "Sailing")
    assert top(g, 0, "green") == "Clothing"


# ---------------------------------------------------------------------------- splays and icons (§6)
def test_icon_count_follows_the_splay() -> None:
    g = scenario()
    board(g, 0, "Tools", "Pottery")  # Tools: hex lightbulb lightbulb castle; Pottery: hex leaf leaf leaf
    pl = g.players[0]
    counts = {s: None for s in ("none", "left", "right", "up")}
    for s in counts:
        splay(g, 0, "blue", s)
        counts[s] = (pl.icon_counts()[3], pl.icon_counts()[4])  # lightbulbs, castles
    assert counts == {"none": (0, 0), "left": (0, 1), "right": (1, 0), "up": (2, 1)}


def test_a_pile_reduced_to_one_card_loses_its_splay_for_good_r11() -> None:
    g = scenario(2)
    board(g, 0, "Calendar", "Mathematics")
    splay(g, 0, "blue", "right")
    c = card_id("Mathematics")
    ops.return_card(g, c, 0)
    assert g.players[0].splay[0] == 0
    ops.meld(g, 0, card_id("Writing"))
    assert g.players[0].splay[0] == 0


def test_a_splay_that_changes_nothing_is_not_a_change_r10() -> None:
    g = scenario(2)
    board(g, 0, "Calendar")
    before = g.changes
    assert not ops.splay(g, 0, 0, 1) and g.changes == before


# ---------------------------------------------------------------------------- specials (§10)
def test_specials_are_claimed_at_once_when_their_condition_holds() -> None:
    g = scenario(2)
    board(g, 0, "Software", "Miniaturization", "Databases", "Globalization")  # four 10s
    hand(g, 0, "The Internet")
    meld_action(g, "The Internet")  # five top cards of 8 or more: Universe
    assert g.specials[UNIVERSE] == 0 and UNIVERSE in g.players[0].achieved
    assert ("claim", 0, UNIVERSE) in g.trace


def test_wonder_needs_five_colours_splayed_right_or_up() -> None:
    g = scenario(2)
    piles = {
        "blue": ("Pottery", "Tools"),
        "red": ("Archery", "Oars"),
        "green": ("Sailing", "Clothing"),
        "yellow": ("Agriculture", "Masonry"),
        "purple": ("Mysticism", "City States"),
    }
    for cards in piles.values():
        board(g, 0, *cards)
    for color in ("blue", "red", "green", "yellow"):
        splay(g, 0, color, "up")
    splay(g, 0, "purple", "left")
    ops.check_specials(g, [0])
    assert g.specials[WONDER] == -1
    assert ops.splay(g, 0, 4, 2)  # purple right: now every colour is right or up
    assert g.specials[WONDER] == 0


def test_ties_for_a_special_go_to_the_player_whose_turn_it_is_r28() -> None:
    g = scenario(3, active=1)
    for p in range(3):
        g.players[p].tucked = 6
    ops.check_specials(g, [0, 1, 2])
    assert g.specials[MONUMENT] == 1


def test_monument_counts_tucks_of_a_whole_turn_and_resets_r29() -> None:
    g = scenario(2)
    g.players[0].tucked = 5
    board(g, 0, "Monotheism")  # non-demand: draw and tuck a 1
    dogma(g, 0, "Monotheism")
    assert g.specials[MONUMENT] == 0
    g2 = scenario(2)
    g2.players[0].tucked = 5
    draw_action(g2)
    draw_action(g2)  # the turn ends: counters reset
    assert g2.players[0].tucked == 0 and g2.active == 1


# ---------------------------------------------------------------------------- end by a card (§11.3)
def test_a_single_player_condition_does_nothing_on_a_tie_r34() -> None:
    assert ops.only_max([3, 5, 5]) == -1 and ops.only_max([3, 6, 5]) == 1
    assert ops.only_min([2, 2, 5]) == -1 and ops.only_min([1, 2, 5]) == 0


def test_turn_limit_adjudicates_by_score() -> None:
    g = machine.new_game(InnovationConfig(players=2, seed=2, max_turns=3))
    while not g.is_terminal:
        act(g, machine.legal_actions(g)[0])
    assert g.end_reason is EndReason.TURN_LIMIT and g.turn == 3


# ---------------------------------------------------------------------------- what a seat sees (§12)
def test_others_see_the_ages_of_a_hand_and_the_titles_they_know() -> None:
    g = scenario(3)
    hand(g, 1, "Oars", "Optics")
    obs = observe(g, 0)
    assert [(r.age, r.card) for r in obs.players[1].hand] == [(1, None), (3, None)]
    ops.reveal(g, card_id("Optics"))
    assert [(r.age, r.card) for r in observe(g, 0).players[1].hand] == [(1, None), (3, "Optics")]
    assert [(r.age, r.card) for r in observe(g, 1).players[1].hand] == [(1, "Oars"), (3, "Optics")]


def test_a_draw_shows_its_title_to_the_drawer_only() -> None:
    g = scenario(2)
    on_top(g, "Oars")
    draw_action(g)
    mine = event_for(g, 0, Draw(), 0).happened[0]
    theirs = event_for(g, 0, Draw(), 1).happened[0]
    assert (mine.what, mine.card, mine.age) == ("draw", "Oars", 1)
    assert (theirs.what, theirs.card, theirs.age) == ("draw", None, 1)


def test_a_card_passed_between_two_hands_is_seen_by_their_owners_only() -> None:
    g = scenario(3)
    board(g, 0, "Archery")
    on_top(g, "Pottery")
    dogma(g, 0, "Archery")  # P1 and P2 draw a 1 and give it to P0
    passes = [e for e in g.trace if e[0] == "move" and e[1] == "transfer"]
    assert passes and all(e[8] == (1 << 0 | 1 << e[5]) for e in passes)
    given = passes[0][3]
    assert observe(g, 2).players[0].hand[0].card is None or given not in g.players[2].hand
    assert any(r.card == NAME[given] for r in observe(g, 1).players[0].hand)


def test_a_draw_and_meld_is_public() -> None:
    g = scenario(2)
    board(g, 0, "Sailing")
    on_top(g, "Clothing")
    dogma(g, 0, "Sailing")
    theirs = [h for h in event_for(g, 0, Dogma("Sailing"), 1).happened if h.what == "meld"]
    assert theirs[0].card == "Clothing"


def test_standard_achievements_show_their_ages_only() -> None:
    g = machine.new_game(InnovationConfig(players=2, seed=4))
    obs = observe(g, 0)
    assert obs.available_achievements == list(range(1, 10))
    assert all(NAME[c] not in msgspec.json.encode(obs).decode() for c in g.available)


def test_a_spectator_sees_no_hand() -> None:
    g = scenario(2)
    hand(g, 0, "Oars")
    hand(g, 1, "Optics")
    obs = observe(g, -1)
    assert [r.card for pv in obs.players for r in pv.hand] == [None, None]


def test_the_decision_prompt_reaches_only_the_deciding_seat() -> None:
    g = scenario(2)
    board(g, 0, "Archery")
    hand(g, 1, "Oars")
    on_top(g, "Pottery")
    dogma(g, 0, "Archery")
    mine, theirs = observe(g, 1).decision, observe(g, 0).decision
    assert mine is not None and theirs is not None
    assert mine.prompt and theirs.prompt is None and theirs.card == "Archery" and theirs.seat == 1
    assert GAME.checkbot.is_interrupt(g)


# ---------------------------------------------------------------------------- notation
def test_commands_take_any_unique_prefix() -> None:
    g = scenario(2)
    board(g, 0, "The Wheel", "Oars")
    hand(g, 0, "Archery", "Agriculture")
    legal = machine.legal_actions(g)
    assert legal[GAME.text.parse(g, "d")] == Draw()
    assert legal[GAME.text.parse(g, "m arch")] == Meld("Archery")
    assert legal[GAME.text.parse(g, "do the wh")] == Dogma("The Wheel")
    assert legal[GAME.text.parse(g, "DOGMA oars")] == Dogma("Oars")
    assert legal[GAME.text.parse(g, '{"type": "meld", "card": "agriculture"}')] == Meld("Agriculture")
    with pytest.raises(AmbiguousCommand) as err:
        GAME.text.parse(g, "meld a")
    assert len(err.value.candidates) == 2
    with pytest.raises(InvalidCommand):
        GAME.text.parse(g, "fly away")
    with pytest.raises(IllegalCommand):
        GAME.text.parse(g, "meld Optics")


def test_a_title_alone_answers_a_card_decision() -> None:
    g = scenario(2)
    board(g, 0, "Archery")
    hand(g, 1, "Alchemy", "Optics")  # two 3s: P1 chooses which highest card to give
    on_top(g, "Pottery")
    dogma(g, 0, "Archery")
    legal = machine.legal_actions(g)
    assert legal[GAME.text.parse(g, "opt")] == PickCard("Optics")
    assert GAME.text.describe(legal[0]).startswith("chooses")


def test_views_show_boards_splays_icons_and_the_decision() -> None:
    g = scenario(2)
    board(g, 0, "Pottery", "Tools")
    splay(g, 0, "blue", "left")
    hand(g, 0, "Oars")
    text = "\n".join(GAME.text.view(g, 0, "full"))
    assert "Tools (1)" in text and "splayed left" in text and "over Pottery" in text
    assert "Oars [1]" in text and "castle 1" in text
    other = "\n".join(GAME.text.view(g, 1, "full"))
    assert "Oars" not in other and "1 card: ages 1" in other
    assert GAME.text.lookup("the whe")[0].startswith("The Wheel: age 1, green")
