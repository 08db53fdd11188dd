#!/usr/bin/env python3
"""The greedy Altay heuristic (greedy.py) as a protocol bot: `python greedy_bot.py [SEED]`.

SEED breaks ties between equally scored actions (default 0, so games replay exactly).
"""

import random
import sys

import altay_bot
from greedy import choose


class GreedyBot(altay_bot.Bot):
    name = "greedy"
    version = "1.0"
    games = ("altay",)

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def start(self, hello: dict) -> None:
        self.rng = random.Random(f"{self.seed}/{hello['seat']}")

    def choose(self, request: dict) -> int:
        return choose(request["observation"], request["actions"], self.rng)


if __name__ == "__main__":
    altay_bot.serve(GreedyBot(sys.argv[1] if len(sys.argv) > 1 else "0"))
