"""Innovation's spectator observation: what every seat may know, and nothing one seat alone knows.

The property test plays 30 seeded random games (2 to 4 players, about 5,500 steps, some 15 s)
and checks at every step that the spectator's observation is unchanged when the hidden cards
of any one seat are rearranged (`perturb_hidden`), that it is the part every seat's own
observation agrees on, and that it names only cards every seat knows where they lie.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import msgspec

from altay_cli.engine import load_game
from altay_cli.engine.innovation import ops
from altay_cli.engine.innovation.observation import Observation
from altay_cli.engine.innovation.observe import observe
from altay_cli.engine.innovation.state import GameState
from altay_cli.engine.innovation.tables import BY_NAME
from tests.innovation_helpers import hand, scenario

GAME = load_game("innovation")
GAMES = 30  # seeded random games, 2 to 4 players in turn, checked at every step

#: what a seat's observation holds besides the public facts
PRIVATE_FIELDS = {"seat", "first_meld", "players", "supply_known", "decision"}


def _encode(obs: Observation) -> bytes:
    return msgspec.json.encode(obs)


@cache
def random_states() -> list[GameState]:
    """Every state of GAMES random games (copies), the initial deal and the final one included."""
    states: list[GameState] = []
    for i in range(GAMES):
        state = GAME.new_state(GAME.make_config(2 + i % 3, 5000 + i))
        rng = random.Random(i)
        states.append(state.clone())
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            states.append(state.clone())
    return states


def test_the_spectator_sees_nothing_that_any_seat_may_not_see() -> None:
    changed = 0
    for k, state in enumerate(random_states()):
        seen = _encode(GAME.spectator_observation(state))
        for seat in range(state.n):
            twin = GAME.search.perturb_hidden(state, seat, seed=k * 7 + seat)
            changed += twin.digest() != state.digest()
            assert _encode(GAME.spectator_observation(twin)) == seen, f"state {k}, seat {seat}'s hidden cards"
    assert changed > len(random_states()), "the perturbations changed too little to prove anything"


def _ages(refs: list) -> Counter[int]:
    return Counter(r.age for r in refs)


def _named(refs: list) -> set[str]:
    return {r.card for r in refs if r.card is not None}


def test_the_spectator_sees_what_every_seat_agrees_on() -> None:
    """Its public facts are every seat's; each title it names every seat knows there."""
    named = 0
    for state in random_states():
        spec = GAME.spectator_observation(state)
        assert spec.seat == -1 and spec.first_meld is None
        assert spec.decision is None or spec.decision.prompt is None
        public = msgspec.to_builtins(spec)
        for seat in range(state.n):
            mine = state.observation(seat)
            theirs = msgspec.to_builtins(mine)
            for key, value in public.items():
                if key not in PRIVATE_FIELDS:
                    assert theirs[key] == value, f"seat {seat} sees {key} otherwise"
            if spec.decision is not None:
                assert mine.decision is not None
                assert msgspec.structs.replace(mine.decision, prompt=None) == spec.decision
            assert {(k.age, k.depth, k.card) for k in spec.supply_known} <= {
                (k.age, k.depth, k.card) for k in mine.supply_known
            }
            for pv_spec, pv in zip(spec.players, mine.players):
                for zone in ("hand", "score_pile"):
                    a, b = getattr(pv_spec, zone), getattr(pv, zone)
                    assert _ages(a) == _ages(b)
                    assert _named(a) <= _named(b)
                rest = {"hand", "score_pile"}
                assert {k: v for k, v in msgspec.to_builtins(pv_spec).items() if k not in rest} == {
                    k: v for k, v in msgspec.to_builtins(pv).items() if k not in rest
                }
        for pv in spec.players:
            for title in _named(pv.hand) | _named(pv.score_pile):
                assert state.known[BY_NAME[title]] == state.all, f"{title} is named but not known to all"
                named += 1
        for k in spec.supply_known:
            assert state.known[BY_NAME[k.card]] == state.all
    assert named > 0, "no hidden card was ever public: the test would prove nothing"


def test_a_hand_is_hidden_from_a_spectator_until_it_is_revealed_to_all() -> None:
    g = scenario(3)
    hand(g, 0, "Oars", "Archery")
    hand(g, 1, "Optics")
    g.known[BY_NAME["Optics"]] |= 1 << 2  # seen by seat 2 (passed to seat 1): not by seat 0
    spec = GAME.spectator_observation(g)
    assert [r.card for pv in spec.players for r in pv.hand] == [None, None, None]
    ops.reveal_hand(g, 0)
    spec = GAME.spectator_observation(g)
    assert [r.card for r in spec.players[0].hand] == ["Archery", "Oars"]
    assert [r.card for r in spec.players[1].hand] == [None]


def test_the_terminal_spectator_view_is_the_spectator_observation() -> None:
    """`altay replay --show` and `play` with no seat draw what every seat may know."""
    g = scenario(2)
    hand(g, 0, "Oars")
    hand(g, 1, "Optics")
    ops.reveal_hand(g, 1)
    lines = "\n".join(GAME.text.view(g, None, "full"))
    assert "Oars" not in lines and "Optics" in lines
    assert "Oars" in "\n".join(GAME.text.view(g, 0, "full"))
    assert observe(g, -1) == GAME.spectator_observation(g)
