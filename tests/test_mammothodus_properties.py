"""Mammothodus over thousands of random games: invariants every few decisions, JSON round trips
in the middle of routines, every game ending with a team result, and how games end (printed
with pytest -s). The conformance suite runs the seam's promises on it too."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from altay_cli.engine import TeamResult, load_game

GAME = load_game("mammothodus")
GAMES = 2000
CHECK_EVERY = 11


def _play(players: int, seed: int, options: dict, deep: bool) -> tuple[str, int, int]:
    state = GAME.new_state(GAME.make_config(players, seed, options))
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, "a seat must decide but has no legal action"
        if n % CHECK_EVERY == 0:
            assert GAME.check_invariants(state) == [], f"{players} clans, seed {seed}, decision {n}"
            if deep and state.pending is not None:
                again = GAME.state_from_dict(state.to_dict())
                assert again.digest() == state.digest() and again.legal_actions() == legal
        state.apply(legal[rng.randrange(len(legal))])
        n += 1
        assert n < 50_000, "runaway game"
    assert GAME.check_invariants(state) == []
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.team in (TeamResult.WON, TeamResult.LOST)
    assert len(set(outcome.ranks)) == 1 and len({str(s) for s in outcome.scores}) == 1
    return str(outcome.end_reason), n, outcome.scores[0]["total"]


@pytest.mark.slow
def test_two_thousand_random_games_at_one_to_four_clans() -> None:
    endings: Counter[str] = Counter()
    per_count: Counter[int] = Counter()
    places = 0
    decisions = 0
    for i in range(GAMES):
        players = 1 + i % 4
        options = {"discoveries": True} if i % 5 == 4 else {}
        reason, n, total = _play(players, 20_000 + i, options, deep=i % 25 == 0)
        endings[reason] += 1
        per_count[players] += 1
        places += total
        decisions += n
    print(f"{GAMES} random games, {decisions} decisions, places of power activated {places}")
    print(f"endings {dict(endings)}")
    assert sum(endings.values()) == GAMES and all(per_count[p] == GAMES // 4 for p in (1, 2, 3, 4))
    assert endings["too_many_tribes"] > 0


def test_a_state_saved_mid_routine_plays_on_identically() -> None:
    checked = 0
    for seed in range(30):
        state = GAME.new_state(GAME.make_config(1 + seed % 4, seed))
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.pending is not None and rng.random() < 0.25:
                copy, loaded, original = state.clone(), GAME.state_from_dict(state.to_dict()), state.clone()
                moves = random.Random(seed * 13 + checked)
                for _ in range(25):
                    if original.is_terminal:
                        break
                    k = moves.randrange(len(original.legal_actions()))
                    for s in (original, copy, loaded):
                        s.apply(s.legal_actions()[k])
                assert copy.digest() == original.digest() == loaded.digest()
                checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 40
