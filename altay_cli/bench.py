"""Engine benchmark: random games in-process; per-decision and per-clone costs."""

from __future__ import annotations

import random
import time

from .engine import Game, load_game


def play_random_game(players: int, seed: int, game: Game | None = None) -> tuple[int, str]:
    """Play one game with uniform random choices; return the number of decisions and how the
    game ended."""
    game = game or load_game()
    g = game.new_state(game.make_config(players, seed))
    rng = random.Random(seed)
    decisions = 0
    while not g.is_terminal:
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions, str(game.outcome(g).end_reason)


def bench_engine(games: int = 40, seed: int = 1, game: Game | None = None) -> dict:
    """Play `games` random games at the fewest and the most players; time decisions and clones."""
    game = game or load_game()
    out: dict = {"game": game.kind.name, "games_per_player_count": games, "seed": seed}
    total_decisions = 0
    total_time = 0.0
    counts = sorted({max(2, game.kind.min_players), game.kind.max_players})
    endings: dict[str, int] = {}
    for players in counts:
        start = time.perf_counter()
        decisions = 0
        for i in range(games):
            n, reason = play_random_game(players, seed + i, game)
            decisions += n
            endings[reason] = endings.get(reason, 0) + 1
        elapsed = time.perf_counter() - start
        total_decisions += decisions
        total_time += elapsed
        out[f"games_per_s_{players}p"] = round(games / elapsed, 2)
        out[f"decisions_per_game_{players}p"] = round(decisions / games, 1)
        out[f"decisions_per_s_{players}p"] = round(decisions / elapsed)
    out["end_reasons"] = ", ".join(f"{k} {v}" for k, v in sorted(endings.items(), key=lambda kv: -kv[1]))
    out["decisions_per_s"] = round(total_decisions / total_time)
    out["us_per_decision"] = round(1e6 * total_time / total_decisions, 2)

    # Clone cost on mid-game states at the most players.
    g = game.new_state(game.make_config(counts[-1], seed))
    rng = random.Random(seed)
    for _ in range(300):
        if g.is_terminal:
            break
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
    reps = 20000
    start = time.perf_counter()
    for _ in range(reps):
        g.clone()
    out["clone_us"] = round(1e6 * (time.perf_counter() - start) / reps, 2)
    start = time.perf_counter()
    for _ in range(2000):
        g.digest()
    out["digest_us"] = round(1e6 * (time.perf_counter() - start) / 2000, 2)
    start = time.perf_counter()
    for _ in range(2000):
        g.observation(0)
    out["observation_us"] = round(1e6 * (time.perf_counter() - start) / 2000, 2)
    return out
