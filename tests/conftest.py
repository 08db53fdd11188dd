"""Test-wide set-up: the toy cooperative game (tests/toygame.py) joins the registered games, so
the conformance suite and the game-agnostic layers are tried on a second, very different game."""

from altay_cli.engine import register_game

TOY_GAME = "toy-sum"
register_game(TOY_GAME, "tests.toygame")
