"""Property tests over 1,000 random games (2, 3 and 4 players, with and without trading); set
ALTAY_PROPERTY_GAMES=N for a longer run (the suite keeps to 1,000: about 2 minutes on 2 cores).

For every game: no exception; the game ends (naturally or by the round limit); conservation
holds after every action (check_invariants); replaying the same actions gives the same digest
sequence; and at sampled positions, changing any hidden information of the other seats
(hands, deck order, discard contents, archive, secret wonders, achievement decks, the RNG)
leaves observation(seat) unchanged.

Two policies drive the games: uniform random, and a weighted random that prefers progress
(placing, building, developing) so that games reach achievements, wonders and natural ends.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig, GameState, check_invariants, new_game

ALTAY = load_game("altay")

GAMES = int(os.environ.get("ALTAY_PROPERTY_GAMES", "1000"))
CHUNKS = 10
PER_CHUNK = GAMES // CHUNKS
LEAK_EVERY = 23  # sample observations for the leak check every this many decisions

WEIGHTS = {
    "Settle": 8.0, "Place": 8.0, "Develop": 6.0, "Buy": 4.0, "Play": 5.0, "Attack": 2.0,
    "Release": 2.0, "EndTurn": 1.0, "Abandon": 0.1, "Surrender": 1.0, "Fight": 1.0,
}  # fmt: skip
STATS: Counter[str] = Counter()


def game_params(i: int) -> tuple[GameConfig, str]:
    players = 2 + i % 3
    trading = (i // 3) % 2 == 1
    policy = "weighted" if (i // 6) % 2 == 0 else "uniform"
    max_rounds = 40 if policy == "weighted" else 25
    setup = "recommended" if i % 5 == 0 else "choose"
    config = GameConfig(players=players, seed=1000 + i, trading=trading, max_rounds=max_rounds, setup=setup)
    return config, policy


def choose(g: GameState, rng: random.Random, policy: str) -> int:
    actions = g.legal_actions()
    if policy == "uniform":
        return rng.randrange(len(actions))
    weights = [WEIGHTS.get(type(a).__name__, 1.0) for a in actions]
    return rng.choices(range(len(actions)), weights)[0]


def perturb_hidden(g: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of g that differs only in what `seat` may not know (the game's own perturbation)."""
    return ALTAY.search.perturb_hidden(g, seat, rng.getrandbits(64))


def play_checked(config: GameConfig, policy: str, seed: int) -> tuple[GameState, list[int], list[str]]:
    g = new_game(config)
    rng = random.Random(seed)
    leak_rng = random.Random(seed + 1)
    moves: list[int] = []
    digests: list[str] = []
    errors = check_invariants(g)
    assert not errors, f"after setup: {errors}"
    while not g.is_terminal:
        i = choose(g, rng, policy)
        g.apply_index(i)
        moves.append(i)
        errors = check_invariants(g)
        assert not errors, f"{config} decision {len(moves)}: {errors}"
        if len(moves) % 8 == 0:
            digests.append(g.digest())
        if len(moves) % LEAK_EVERY == 0:
            for seat in range(g.n):
                seen = g.observation(seat)
                for _ in range(2):
                    assert perturb_hidden(g, seat, leak_rng).observation(seat) == seen, (
                        f"{config} decision {len(moves)}: seat {seat} sees hidden information"
                    )
        assert len(moves) < 200_000, "runaway game"
    digests.append(g.digest())
    return g, moves, digests


def replay_digests(config: GameConfig, moves: list[int]) -> list[str]:
    g = new_game(config)
    digests = []
    for n, i in enumerate(moves, start=1):
        g.apply_index(i)
        if n % 8 == 0:
            digests.append(g.digest())
    digests.append(g.digest())
    return digests


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    for i in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        config, policy = game_params(i)
        g, moves, digests = play_checked(config, policy, seed=i)
        assert g.is_terminal
        assert g.end_reason in ("settlements_exhausted", "no_settlements_on_board", "round_limit")
        result = g.result()
        assert sorted(result["ranks"])[0] == 1
        if i % 4 == 0:
            assert replay_digests(config, moves) == digests, f"{config}: not deterministic"
        STATS["games"] += 1
        STATS[f"{policy}:{g.end_reason}"] += 1
        STATS["natural" if g.end_reason != "round_limit" else "round_limit"] += 1
        STATS["decisions"] += len(moves)
        STATS[f"players_{config.players}"] += 1
        STATS["trading"] += config.trading
        STATS["wonders_completed"] += sum(1 for p in g.players for a in p.done if a >= 10)
        STATS["technologies_completed"] += sum(1 for p in g.players for a in p.done if a < 10)


def test_zz_report_how_games_ended() -> None:
    """Runs after the chunks (file order): how many games ended naturally."""
    if STATS["games"] < GAMES:
        pytest.skip("run with the whole file to get the report")
    report = dict(sorted(STATS.items()))
    print("\nproperty games:", json.dumps(report))
    assert STATS["natural"] + STATS["round_limit"] == GAMES
    assert STATS["weighted:settlements_exhausted"] > GAMES // 10, "progressing games do end naturally"
    assert STATS["wonders_completed"] > 0 and STATS["technologies_completed"] > 0


_DIGEST_SCRIPT = """
import json, random, sys
from altay_cli.engine.altay import GameConfig, new_game
out = []
for seed in range(6):
    g = new_game(GameConfig(players=2 + seed % 3, seed=seed, trading=seed % 2 == 1))
    rng = random.Random(seed)
    for _ in range(400):
        if g.is_terminal:
            break
        a = g.legal_actions()
        g.apply(a[rng.randrange(len(a))])
    out.append(g.digest())
print(json.dumps(out))
"""


def test_determinism_across_processes_and_hash_seeds() -> None:
    """Same seed and actions give the same digests in fresh interpreters with other hash seeds."""
    results = []
    for hash_seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run(
            [sys.executable, "-c", _DIGEST_SCRIPT], capture_output=True, text=True, env=env, check=True
        )
        results.append(json.loads(proc.stdout))
    assert results[0] == results[1]
