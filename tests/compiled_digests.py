"""Play seeded random games of every game and print, as JSON, one SHA-256 per game over every
step's legal actions, observation bytes and the final digests, the games going on from a clone
every few steps and ending with a state read back from its dict; and which of the modules named
on the command line were loaded compiled. tests/test_compiled.py runs it with the pure engine
and with the mypyc-compiled wheel, each in a subprocess outside the checkout, and compares.

    python compiled_digests.py GAMES_PER_GAME [MODULE ...]
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys

import msgspec

from altay_cli.engine import load_game

GAMES = ("altay", "innovation", "mammothodus")


def game_digest(name: str, games: int) -> dict[str, object]:
    """Play `games` games of `name` (seeds 1.., player counts in turn over the game's range)."""
    game = load_game(name)
    counts = range(game.kind.min_players, game.kind.max_players + 1)
    h = hashlib.sha256()
    decisions = 0
    for i in range(games):
        seed = 1 + i
        g = game.new_state(game.make_config(counts[i % len(counts)], seed))
        rng = random.Random(seed)
        while not g.is_terminal:
            h.update(msgspec.json.encode(g.observation(g.to_move)))
            actions = g.legal_actions()
            h.update(msgspec.json.encode(actions))
            g.apply(actions[rng.randrange(len(actions))])
            decisions += 1
            if decisions % 7 == 0:
                g = g.clone()
        h.update(str(g.digest()).encode())
        h.update(msgspec.json.encode(g.to_dict()))
        h.update(str(game.state_from_dict(g.to_dict()).digest()).encode())
        h.update(msgspec.json.encode(game.outcome(g)))
    return {"sha256": h.hexdigest(), "decisions": decisions}


def main() -> None:
    games = int(sys.argv[1])
    loaded = {m: str(importlib.import_module(m).__file__) for m in sys.argv[2:]}
    out = {
        "compiled": sorted(m for m, path in loaded.items() if not path.endswith(".py")),
        "games": {name: game_digest(name, games) for name in GAMES},
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
