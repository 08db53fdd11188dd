#!/usr/bin/env python3
"""The greedy heuristics as a protocol bot: `python greedy_bot.py [SEED]`.

Altay plays the heuristic of greedy.py, Innovation that of innovation_greedy.py (with the card
data of `hello.static`), Mammothodus the team heuristic of mammothodus_team.py (with the
components of `hello.static`); the game is the one `hello.kind` names (Altay when it names none).
SEED breaks ties between equally scored actions (default 0, so games replay exactly).
"""

import random
import sys

import altay_bot
import innovation_greedy
from greedy import choose


class GreedyBot(altay_bot.Bot):
    name = "greedy"
    version = "1.0"
    games = ("mammothodus", "altay", "innovation")  # the refusal message keeps "altay, innovation only"
    omit_static = True  # what the requests leave out, the heuristics read from hello (or never)
    many_games = True  # `start` sets every thing a game needs afresh

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.game = "altay"
        self.static: dict | None = None

    def start(self, hello: dict) -> None:
        self.rng = random.Random(f"{self.seed}/{hello['seat']}")
        self.game = (hello.get("kind") or {}).get("name", "altay")
        self.static = hello.get("static") if isinstance(hello.get("static"), dict) else None
        if self.game == "mammothodus":
            import mammothodus_team

            mammothodus_team.new_game()  # its moves in progress are the last game's

    def choose(self, request: dict) -> int:
        if self.game == "innovation":
            return innovation_greedy.choose(request["observation"], request["actions"], self.rng, self.static)
        if self.game == "mammothodus":
            import mammothodus_team  # only for this game: the others run without the file

            return mammothodus_team.choose(request["observation"], request["actions"], self.rng, self.static)
        return choose(request["observation"], request["actions"], self.rng)


if __name__ == "__main__":
    altay_bot.serve(GreedyBot(sys.argv[1] if len(sys.argv) > 1 else "0"))
