"""Quick end-to-end smoke checks of the engine API."""

import random

from altay_cli.engine.altay import GameConfig, new_game


def test_random_games_finish() -> None:
    for seed in range(6):
        g = new_game(GameConfig(players=2 + seed % 3, seed=seed, max_rounds=20))
        rng = random.Random(seed)
        while not g.is_terminal:
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])
        result = g.result()
        assert result["finished"]
        assert len(result["scores"]) == g.n
