"""The referee: runs bots as subprocesses speaking the JSON-lines protocol (see protocol/).

    from altay_cli.referee import BotSpec, MatchOptions, run_match
    from altay_cli.engine import GameConfig

    result = run_match([BotSpec("a", "random"), BotSpec("b", "python my_bot.py")],
                       GameConfig(players=2, seed=1), MatchOptions(move_ms=500),
                       log_path="game.jsonl")
    result.ranks, result.failures, result.end_reason

Modules: process (pipes, deadlines, reaping), clock, seat (one bot = BotSeat), match
(run_match), results (ranks with forfeits), botcmd (built-in bots, command checks),
compliance (`altay check-bot`), bench (`altay bench protocol`).
"""

from .botcmd import BUILTIN_BOTS, BotCommandError, check_bot_command, resolve_bot_command
from .match import run_match
from .seat import BotSeat
from .types import FAILURE_STATUSES, BotFailure, BotSpec, MatchOptions, MatchResult

__all__ = [
    "BUILTIN_BOTS",
    "FAILURE_STATUSES",
    "BotCommandError",
    "BotFailure",
    "BotSeat",
    "BotSpec",
    "MatchOptions",
    "MatchResult",
    "check_bot_command",
    "resolve_bot_command",
    "run_match",
]
