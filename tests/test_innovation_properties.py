"""Innovation over thousands of random games: invariants after every few decisions, every end
condition reached, every card effect executed, JSON round trips and clones mid-effect.

The conformance suite (tests/test_conformance.py) runs the seam's promises on Innovation too;
this file is the game's own scale test: 2,000 random games at 2, 3 and 4 players, both
editions. The endings are printed (pytest -s) and checked to include every kind.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.innovation.state import EndReason, InnovationConfig
from altay_cli.engine.innovation.tables import NCARDS
from altay_cli.engine.innovation.texts import effect_is_demand

GAME = load_game("innovation")
GAMES = 2000
CHECK_EVERY = 13


def _play(config: InnovationConfig, seed: int, seen: set, deep: bool) -> tuple[str, int]:
    state = GAME.new_state(config)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, "a seat must decide but has no legal action"
        if n % CHECK_EVERY == 0:
            problems = GAME.check_invariants(state)
            assert problems == [], f"{config} decision {n}: {problems}"
            if deep and state.pending is not None:
                again = GAME.state_from_dict(state.to_dict())
                assert again.digest() == state.digest() and again.legal_actions() == legal
        state.apply(legal[rng.randrange(len(legal))])
        for entry in state.log:
            if entry[0] == "effect":
                seen.add((entry[1], entry[2], config.edition))
        n += 1
        assert n < 20_000, "runaway game"
    assert GAME.check_invariants(state) == []
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners and min(outcome.ranks) == 1
    return str(outcome.end_reason), n


@pytest.mark.slow
def test_two_thousand_random_games_end_properly_and_run_every_effect() -> None:
    endings: Counter[tuple[int, str]] = Counter()
    seen: set[tuple[int, int, str]] = set()
    decisions = 0
    for i in range(GAMES):
        players = 2 + i % 3
        edition = "1e" if i % 10 == 9 else "3e"
        reason, n = _play(
            InnovationConfig(players=players, seed=10_000 + i, edition=edition), i, seen, i % 20 == 0
        )
        endings[(players, reason)] += 1
        decisions += n
    by_reason = Counter()
    for (players, reason), k in sorted(endings.items()):
        by_reason[reason] += k
        print(f"{players} players: {reason} {k}")
    print(f"{GAMES} games, {decisions} decisions; endings {dict(by_reason)}")
    assert sum(endings.values()) == GAMES
    assert {str(r) for r in (EndReason.ACHIEVEMENTS, EndReason.DRAW_ABOVE_10, EndReason.CARD)} <= set(
        by_reason
    )
    for players in (2, 3, 4):
        assert sum(k for (p, _), k in endings.items() if p == players) > GAMES // 4
    missing = [
        (c, i)
        for c in range(NCARDS)
        for i in range(len(effect_is_demand(c, False)))
        if (c, i, "3e") not in seen
    ]
    assert not missing, f"effects never executed in {GAMES} random games: {missing}"


def test_a_state_saved_mid_effect_plays_on_identically() -> None:
    """Clone and JSON round trip at decisions inside effects: both continue like the original."""
    checked = 0
    for seed in range(40):
        state = GAME.new_state(InnovationConfig(players=3, seed=seed))
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.pending is not None and rng.random() < 0.2:
                copy, loaded = state.clone(), GAME.state_from_dict(state.to_dict())
                moves = random.Random(seed * 7 + checked)
                original = state.clone()
                for _ in range(20):
                    if original.is_terminal:
                        break
                    k = moves.randrange(len(original.legal_actions()))
                    for s in (original, copy, loaded):
                        s.apply(s.legal_actions()[k])
                assert copy.digest() == original.digest() == loaded.digest()
                checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 50
