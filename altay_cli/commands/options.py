"""Click options shared by the commands that referee bots (`match`, `arena`), defined once so
their names, defaults and help stay the same everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from ..engine.data import DEFAULT_MAX_ROUNDS
from ..referee.types import ON_FAILURE_POLICIES

F = TypeVar("F", bound=Callable)


def rule_options(func: F) -> F:
    """--trading and --max-rounds."""
    func = click.option(
        "--max-rounds",
        type=click.IntRange(1),
        default=DEFAULT_MAX_ROUNDS,
        show_default=True,
        help="Adjudicate a game after this many rounds (end reason round_limit).",
    )(func)
    return click.option("--trading", is_flag=True, help="Use the optional Trading rule.")(func)


def clock_and_failure_options(func: F) -> F:
    """--move-ms, --bank-ms, --increment-ms, --startup-ms, --on-failure, --retries."""
    for option in reversed(
        [
            click.option(
                "--move-ms",
                type=click.IntRange(1),
                default=1000,
                show_default=True,
                help="Time per decision.",
            ),
            click.option(
                "--bank-ms",
                type=click.IntRange(0),
                default=0,
                show_default=True,
                help="Time bank per game that absorbs overruns of the move limit.",
            ),
            click.option(
                "--increment-ms",
                type=click.IntRange(0),
                default=0,
                show_default=True,
                help="Added to the bank after each decision.",
            ),
            click.option(
                "--startup-ms",
                type=click.IntRange(1),
                default=10000,
                show_default=True,
                help="Budget for start-up and handshake per bot (not charged to the clock).",
            ),
            click.option(
                "--on-failure",
                type=click.Choice(ON_FAILURE_POLICIES),
                default="lose",
                show_default=True,
                help="lose: the bot forfeits; default: its first legal action is played; retry: ask again.",
            ),
            click.option(
                "--retries",
                type=click.IntRange(0),
                default=1,
                show_default=True,
                help="Extra tries with --on-failure retry (within the same clock).",
            ),
        ]
    ):
        func = option(func)
    return func
