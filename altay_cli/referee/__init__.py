"""The referee: runs bots as subprocesses speaking the JSON-lines protocol (see protocol/), for
any game behind the seam (altay_cli/engine/api.py).

    from altay_cli.referee import BotCommand, MatchOptions, run_match
    from altay_cli.engine import load_game

    game = load_game("altay")
    result = run_match([BotCommand("a", "random"), BotCommand("b", "python my_bot.py")],
                       game.make_config(2, seed=1), MatchOptions(move_ms=500),
                       log_path="game.jsonl", game=game)
    result.ranks, result.failures, result.end_reason

Modules: process (pipes, deadlines, reaping), clock, seat (one bot = BotSeat), match
(run_match), kept (KeptBots: processes kept between games), botcmd (BotCommand, built-in
bots, command checks), sandbox / cgroups / limits (isolation), compliance (`altay check-bot`),
bench (`altay bench protocol`, `sandbox`).
The game computes results (Game.outcome); render.py prints them.
"""

from .botcmd import (
    BUILTIN_BOTS,
    BotCommand,
    BotCommandError,
    check_bot_command,
    parse_bot_args,
    resolve_bot_command,
)
from .kept import KeptBots
from .match import run_match
from .seat import BotSeat
from .types import FAILURE_STATUSES, BotFailure, BotSpec, MatchOptions, MatchResult

__all__ = [
    "BUILTIN_BOTS",
    "BotCommand",
    "FAILURE_STATUSES",
    "KeptBots",
    "BotCommandError",
    "BotFailure",
    "BotSeat",
    "BotSpec",
    "MatchOptions",
    "MatchResult",
    "check_bot_command",
    "parse_bot_args",
    "resolve_bot_command",
    "run_match",
]
