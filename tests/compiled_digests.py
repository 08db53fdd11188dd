"""Play seeded random games of every game and print, as JSON, one SHA-256 per game over every
step's legal actions, observation bytes and the final digests, the games going on from a clone
every few steps and ending with a state read back from its dict; one SHA-256 per game with a
belief sampler over the worlds its belief draws while following seeded games (a Mammothodus
program leads every clan: the sampler's scripted generator is an interpreted subclass of the
engine's generator, which a compiled build must allow); and which of the modules named on the
command line were loaded compiled. tests/test_compiled.py runs it with the pure engine
and with the mypyc-compiled wheel, each in a subprocess outside the checkout, and compares.

    python compiled_digests.py GAMES_PER_GAME [MODULE ...]
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys
from typing import Any

import msgspec

from altay_cli.engine import load_game

GAMES = ("altay", "innovation", "mammothodus")
#: seeded games followed by each game's belief (a few seconds in all)
BELIEF_GAMES = 3


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


def belief_digest(name: str, games: int, every: int = 4) -> dict[str, object]:
    """Follow `games` short seeded random games as seat 0 (a cooperative game's program leads
    every seat) with the game's belief, feeding it what the referee would send, and hash a world
    drawn every `every`-th request."""
    game = load_game(name)
    encode = msgspec.json.encode
    h = hashlib.sha256()
    samples = 0
    for i in range(games):
        seed = 1 + i
        players = game.kind.min_players + i % (game.kind.max_players - game.kind.min_players + 1)
        config = game.make_config(players, seed, dict(game.checkbot.quick_game_options))
        state: Any = game.new_state(config)
        led = tuple(range(players)) if game.kind.cooperative else (0,)
        settings = json.loads(encode(game.public_settings(config)))
        static = json.loads(encode(game.static_info(config)))
        belief: Any = game.search.new_belief(settings, static, 0)  # Mammothodus's takes actions
        pending: dict[int, list[object]] = {s: [] for s in led}
        rng = random.Random(seed)
        requests = 0
        while not state.is_terminal:
            mover = state.to_move
            actions = state.legal_actions()
            if mover in led:
                sent = [
                    json.loads(encode(game.player_observation(state, mover, led))),
                    json.loads(encode(pending[mover])),
                ]
                pending[mover] = []
                if getattr(belief, "takes_actions", False):
                    belief.update(*sent, actions=json.loads(encode(actions)))
                else:
                    belief.update(*sent)
                requests += 1
                if requests % every == 0 and not getattr(belief, "lost", False):
                    h.update(encode(belief.sample(random.Random(requests)).to_dict()))
                    samples += 1
            action = actions[rng.randrange(len(actions))]
            state.apply(action)
            for s in led:
                seen = game.event_for(state, mover, action, s)
                if seen is not None:
                    pending[s].append({"seat": mover, "action": json.loads(encode(seen))})
    return {"sha256": h.hexdigest(), "samples": samples}


def main() -> None:
    games = int(sys.argv[1])
    loaded = {m: str(importlib.import_module(m).__file__) for m in sys.argv[2:]}
    out = {
        "compiled": sorted(m for m, path in loaded.items() if not path.endswith(".py")),
        "games": {name: game_digest(name, games) for name in GAMES},
        "beliefs": {
            name: belief_digest(name, BELIEF_GAMES) for name in GAMES if load_game(name).search.has_sampler
        },
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
