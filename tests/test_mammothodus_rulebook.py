"""Mammothodus: the rulings that follow the rulebook's own words (issue 22), each tested on a real
game driven to the situation by seeded play (and Draw 3 between an attack's dice, which random
games seldom reach, on a position built by hand).

| ruling | the rulebook says | test |
| --- | --- | --- |
| M26 | +2 DEGRADATIONS: the player "immediately puts two degradation cards into his deck" | test_m26_* |
| M44 | Draw 3 "can be played at any point in the game" | test_m44_* |
| M77 | the spirit cards lie "in a stack ... face up"; a summoning draws "a random spirit card" | test_m77_* |
| M78 | (shows no hand) each player "takes four cards"; the tablet "serves as a cards stand" | test_m78_* |

The seeds below were found by playing each game with `policy` until the situation came up; each
test asserts that it did. RULINGS.md's table of where each ruling lives is checked last: every
constant it names exists in its module, every data entry in data.json. A few seconds in all."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus import ancients, humans, machine, observation
from altay_cli.engine.mammothodus.actions import Adapt, Card, ChooseAction, Figurine, Hit, Pass, Reroll, Roll
from altay_cli.engine.mammothodus.data import DATA_FILE, load
from altay_cli.engine.mammothodus.state import OFF, MammothodusConfig, Phase

GAME = load_game("mammothodus")
DRAW3 = Card("draw3")
#: where a Draw 3 card may never be offered, whatever the reading (M44)
NEVER_DRAW3 = {"start", "talent", "line", "step", "put", "place", "remove", "swap"}
#: the card decisions of the Ancients' phase, where both readings offer it (and the discard,
#: where a `card` answer discards it)
ANCIENTS_PHASE = {"action", "extra", "figurine", "card", "assist", "degradation", "discard"}


def policy(state: Any, rng: random.Random, draw3: bool = False) -> Any:
    """Seeded play that takes a Draw 3 card whenever it may, and plays one only if `draw3`."""
    legal = state.legal_actions()
    for a in legal:
        if isinstance(a, Adapt) and a.card == "draw3":
            return a
    pool = [a for a in legal if draw3 or a != DRAW3 or state.pending.purpose == "discard"] or legal
    return pool[rng.randrange(len(pool))]


def drive(players: int, seed: int, until: Callable[[Any], bool], **options: bool) -> Any:
    """Play game (players, seed, options) with `policy` until `until(state)` holds; fail if the game
    ends first."""
    state = GAME.new_state(GAME.make_config(players, seed, options))
    rng = random.Random(seed)
    for _ in range(3000):
        assert not state.is_terminal, "the game ended before the situation came up"
        if until(state):
            return state
        state.apply(policy(state, rng))
    raise AssertionError("the situation never came up")


def offers_draw3(state: Any) -> bool:
    return state.pending is not None and DRAW3 in state.pending.options


# ---------------------------------------------------------------------------- M26
def _next_reveals(discovery: str) -> Callable[[Any], bool]:
    """The next answer makes the humans reveal `discovery` (tried on a copy)."""

    def test(state: Any) -> bool:
        probe = state.clone()
        probe.apply(policy(probe, random.Random(0)))
        return ("discovery", discovery) in probe.log

    return test


def test_m26_two_degradations_are_shuffled_into_the_active_clans_deck() -> None:
    """ "When this card is opened, the player on whose turn it happened, immediately puts two
    degradation cards into his deck." Seed 3 (two clans, discoveries) reveals it at a reshuffle."""
    before = drive(2, 3, _next_reveals("degradation_plus_2"), discoveries=True)
    state = before.clone()
    seat = state.to_move
    action = policy(state, random.Random(0))
    state.apply(action)
    me = state.active
    assert ("discovery", "degradation_plus_2") in state.log
    assert state.log.count(("degradation", me, "deck")) == 2
    clan, was = state.clans[me], before.clans[me]
    assert Counter(clan.deck) - Counter(was.deck) == {"degradation": 2}  # into the draw pile...
    assert sorted(clan.deck) == sorted([*was.deck, "degradation", "degradation"])
    assert clan.discard == was.discard and clan.hand == was.hand  # ...not the discard pile
    assert state.degradation_supply == before.degradation_supply - 2
    assert load().discoveries.cards.index("degradation_plus_2") not in state.discoveries  # out of play
    assert "degradation card shuffled into the deck" in (GAME.text.narrate(state, seat, action, me) or "")


def test_m26_alternative_puts_them_in_the_discard_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(humans, "DEGRADATION_DISCOVERY_INTO_DECK", False)
    before = drive(2, 3, _next_reveals("degradation_plus_2"), discoveries=True)
    state = before.clone()
    state.apply(policy(state, random.Random(0)))
    me = state.active
    assert state.clans[me].discard == [*before.clans[me].discard, "degradation", "degradation"]
    assert sorted(state.clans[me].deck) == sorted(before.clans[me].deck)


# ---------------------------------------------------------------------------- M44
def test_m44_draw3_in_the_human_phase_and_the_hand_above_four() -> None:
    """ "This card can be played at any point in the game to immediately gain three cards. Note
    that in this case, the player may have more than four cards in his hand." Seed 5 (one clan):
    the clan takes a Draw 3 card, then holds it when it directs a tribe that could go two ways."""
    state = drive(
        1, 5, lambda s: offers_draw3(s) and s.pending.purpose == "direct" and len(s.legal_actions()) > 2
    )
    me = state.to_move
    assert state.phase.value == "play" and GAME.player_observation(state, me, (me,)).humans is not None
    question = [a for a in state.legal_actions() if a != DRAW3]
    hand, deck = len(state.clans[me].hand), len(state.clans[me].deck)
    assert deck >= 3
    state.apply(DRAW3)
    assert ("draw3", me) in state.log and len(state.clans[me].hand) == hand - 1 + 3 > 4
    assert state.pending.purpose == "direct" and state.to_move == me  # the same question again
    assert [a for a in state.legal_actions() if a != DRAW3] == question


@pytest.mark.parametrize("reading", ["any_decision", "ancients_phase"])
def test_m44_where_draw3_is_offered(monkeypatch: pytest.MonkeyPatch, reading: str) -> None:
    """Forty seeded games (1 to 4 clans, with and without the advanced rules) in which Draw 3 is
    taken whenever offered and played at random: under the rulebook's reading it is offered outside
    the Ancients' phase too, never where the literal reading cannot work, and there only beside
    the answers of a question asked anyway (M44, M78)."""
    monkeypatch.setattr(ancients, "DRAW3_AT", reading)
    seen: set[str] = set()
    for i in range(40):
        players, seed = 1 + i % 4, 400 + i
        state = GAME.new_state(
            GAME.make_config(players, seed, {"discoveries": i % 3 == 1, "talents": i % 3 == 2})
        )
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_terminal:
                break
            if offers_draw3(state):
                ask = state.pending
                seen.add(ask.purpose)
                assert DRAW3.card in state.clans[state.to_move].hand
                # outside the Ancients' phase's card decisions (asked only when the hand holds a
                # card to play now), asked anyway: two answers without the card (M78)
                assert ask.purpose in ANCIENTS_PHASE or len(ask.options) - 1 + ask.can_pass >= 2
            state.apply(policy(state, rng, draw3=rng.random() < 0.3))
    assert not seen & NEVER_DRAW3, seen
    if reading == "ancients_phase":
        assert seen <= ANCIENTS_PHASE, seen - ANCIENTS_PHASE
    else:
        assert {"direct", "adapt", "use"} <= seen, seen


def test_m44_draw3_between_an_attacks_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack's re-roll and hit questions take a Draw 3 card too, then ask again with the same
    dice (a position built as tests/test_mammothodus_ancients.py builds them: random games seldom
    hold the card while they attack)."""
    from .test_mammothodus_ancients import asked, do, figs, opts, set_hand, start
    from .test_mammothodus_ancients import dice as script_dice

    monkeypatch.setattr(machine, "_begin", lambda g: None)
    g = machine.new_game(MammothodusConfig(players=1, seed=5))
    machine.apply(g, machine.legal_actions(g)[0])
    g.phase, g.active, g.turn, g.stack, g.log = Phase.PLAY, 0, 1, [], []
    red = next(t.id for t in load().map.territories if t.color == "red")
    g.tribes = [0] * len(g.tribes)
    g.tribes[red] = 2
    clan = g.clans[0]
    clan.figurines = [OFF] * 4
    clan.deck += clan.hand
    clan.hand = []
    figs(g, 0, green=red)
    set_hand(g, 0, ["red", "draw3"])
    script_dice(monkeypatch, 2, 5)
    start(g)
    do(g, ChooseAction("attack"), Figurine("green"), Card("red"), Pass())  # one die: a 2
    asked(g, "reroll")
    assert opts(g) == [Reroll(0), DRAW3, Pass()]
    do(g, DRAW3)
    asked(g, "reroll")  # the same question, the same die
    assert ("draw3", 0) in g.log and len(clan.hand) == 3 and DRAW3 not in opts(g)
    do(g, Reroll(0), Roll(), Pass())  # a 5, for one population
    asked(g, "hit")
    assert opts(g) == [Hit("tribe"), Pass()]


# ---------------------------------------------------------------------------- M77
def _summons_next(state: Any) -> bool:
    probe = state.clone()
    probe.apply(policy(probe, random.Random(0)))
    return any(e[:2] == ("spirit", "summon") for e in probe.log)


def test_m77_the_spirit_on_top_of_the_face_up_stack_is_the_one_summoned() -> None:
    """ "Shuffle the spirit cards and put them in a stack next to the field, face up", then "Draw a
    random spirit card": every clan and a spectator see the top card, and the summoning brings it.
    Seed 39 (two clans) summons a spirit."""
    state = drive(2, 39, _summons_next)
    names = [s.name for s in load().spirits.cards]
    top = GAME.spectator_observation(state).spirit_next
    assert top == names[state.spirit_deck[-1]]
    assert all(GAME.player_observation(state, s, (s,)).spirit_next == top for s in range(2))
    hidden = GAME.search.perturb_hidden(state, 0, 1)  # the top stays where it is; the rest may move
    assert GAME.player_observation(hidden, 0, (0,)).spirit_next == top
    state.apply(policy(state, random.Random(0)))
    summon = next(e for e in state.log if e[:2] == ("spirit", "summon"))
    assert names[summon[3]] == top
    after = GAME.spectator_observation(state)
    assert after.spirit_next == (names[state.spirit_deck[-1]] if state.spirit_deck else None)
    assert after.spirits_in_supply == len(names) - 1
    assert f"spirits in supply {len(names) - 1} (face up on top:" in "\n".join(
        GAME.text.view(state, None, "full")
    )


def test_m77_the_shuffle_is_what_is_random() -> None:
    """The order is the shuffle's: over twenty seeds more than one spirit starts on top."""
    tops = {
        GAME.spectator_observation(GAME.new_state(GAME.make_config(1, seed))).spirit_next
        for seed in range(20)
    }
    assert len(tops) > 1


def test_m77_alternative_a_face_down_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observation, "SPIRIT_STACK_FACE_UP", False)
    state = GAME.new_state(GAME.make_config(2, 39))
    assert GAME.spectator_observation(state).spirit_next is None


# ---------------------------------------------------------------------------- M78
def test_m78_other_clans_hands_are_hidden_but_their_sizes() -> None:
    """ "Each player shuffles his base action deck and takes four cards from the top of the deck":
    each clan sees its own four, and of the others only how many they hold; one player leading two
    clans sees both hands (M18). Seed 5, three clans, after the set-up."""
    state = drive(3, 5, lambda s: s.phase.value == "play")
    for seat in range(3):
        obs = GAME.player_observation(state, seat, (seat,))
        for c in obs.clans:
            assert c.hand_size == len(state.clans[c.seat].hand)
            assert c.hand == (sorted(state.clans[seat].hand) if c.seat == seat else None)
        assert obs.team_hands is None
    team = GAME.player_observation(state, 0, (0, 2))
    assert [(h.clan, h.hand) for h in team.team_hands] == [(2, sorted(state.clans[2].hand))]
    assert all(c.hand is None for c in GAME.spectator_observation(state).clans)
    # what clan 0 sees does not change when the others' hands are dealt again from their decks
    seen = GAME.player_observation(state, 0, (0,))
    for seed in range(5):
        assert GAME.player_observation(GAME.search.perturb_hidden(state, 0, seed), 0, (0,)) == seen


def test_m78_alternative_open_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observation, "OTHER_HANDS_HIDDEN", False)
    state = drive(2, 5, lambda s: s.phase.value == "play")
    obs = GAME.player_observation(state, 1, (1,))
    assert obs.clans[0].hand == sorted(state.clans[0].hand)


# ---------------------------------------------------------------------------- RULINGS.md
def test_where_each_ruling_lives_names_real_constants_and_data_entries() -> None:
    """RULINGS.md's last table: every UPPER_CASE constant it names exists in the module it names,
    and every data.json entry it names exists; every ruling of the tables above has its row."""
    text = (DATA_FILE.parent / "RULINGS.md").read_text(encoding="utf-8")
    table = text.split("## Where each ruling lives", 1)[1]
    rows = re.findall(r"^\| \*\*M(\d+)\*\* \| ([^|]+) \| ([^|]+) \|", table, flags=re.MULTILINE)
    rulings = re.findall(r"^\| M(\d+) \|", text, flags=re.MULTILINE)
    assert sorted(int(n) for n, _, _ in rows) == sorted(int(n) for n in rulings)
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    package = "altay_cli.engine.mammothodus"
    for n, where, _ in rows:
        module = re.search(r"\((\w+)\.py", where)
        for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", where):
            assert module, f"M{n}: {name} without its module"
            assert hasattr(import_module(f"{package}.{module.group(1)}"), name), f"M{n}: no {name}"
        if "data.json" not in where:
            continue
        cell = where.split("data.json", 1)[1]
        for m in re.finditer(r"`([a-z_.\[\]]+)`(?: \(([^)]*)\))?", cell):
            node = _entry(raw, m.group(1), f"M{n}")
            for sub in re.findall(r"`([a-z_]+)`", m.group(2) or ""):
                assert sub in (node[0] if isinstance(node, list) else node), f"M{n}: no {m.group(1)}.{sub}"
    assert Path(__file__).name.startswith("test_mammothodus_")


def _entry(raw: dict[str, Any], entry: str, ruling: str) -> Any:
    """The node of data.json that `entry` names (`a.b`, `a.b[].c`: c of b's items)."""
    node: Any = raw
    for key in entry.split("."):
        item = key.endswith("[]")
        key = key.removesuffix("[]")
        assert isinstance(node, dict) and key in node, f"{ruling}: data.json has no {entry}"
        node = node[key]
        if item:
            node = node[0]
    return node
