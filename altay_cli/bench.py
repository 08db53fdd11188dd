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


def bench_bots(games: int = 6, seed: int = 1, rounds: int = 3, game: Game | None = None) -> dict:
    """The CPU time of the game's in-process bots (greedy...) per decision, the bot's own choice
    only (its observation is built outside the timing, as a bot process receives it): each round
    plays `games` games with that bot in every seat at the most players. Reports, per bot, the
    median over rounds of each round's median, 99th percentile and slowest decision, and the
    spread (lowest-highest) of the rounds' slowest."""
    import statistics

    import msgspec

    from .policies import FunctionPolicy

    game = game or load_game()
    players = game.kind.max_players
    out: dict = {"game": game.kind.name, "players": players, "games_per_round": games, "rounds": rounds}
    for name, target in game.search.in_process_bots.items():
        medians: list[float] = []
        p99s: list[float] = []
        slowest: list[float] = []
        decisions = 0
        for _ in range(rounds):  # the same games each round: the spread is the machine's
            times: list[float] = []
            for i in range(games):
                bot = FunctionPolicy(game, target, seed + i)
                g = game.new_state(game.make_config(players, seed + i))
                while not g.is_terminal:
                    actions = g.legal_actions()
                    legal = [game.action_to_builtins(a) for a in actions]
                    seat = g.to_move
                    assert seat is not None, "a game that is not over has a seat to move"
                    observation = msgspec.to_builtins(g.observation(seat))
                    start = time.process_time()
                    index = int(bot.function(observation, legal, bot.rng))
                    times.append(time.process_time() - start)
                    g.apply(actions[index])
            decisions += len(times)
            times.sort()
            medians.append(statistics.median(times))
            p99s.append(times[min(len(times) - 1, int(0.99 * len(times)))])
            slowest.append(times[-1])
        out[f"{name}_decisions"] = decisions
        out[f"{name}_cpu_us_median"] = round(1e6 * statistics.median(medians), 1)
        out[f"{name}_cpu_us_p99"] = round(1e6 * statistics.median(p99s), 1)
        out[f"{name}_cpu_ms_slowest"] = round(1e3 * statistics.median(slowest), 2)
        out[f"{name}_cpu_ms_slowest_spread"] = f"{1e3 * min(slowest):.2f}-{1e3 * max(slowest):.2f}"
    return out
