"""`altay rules`: a game's rules reference, as the game writes it, or its static information."""

from __future__ import annotations

import click
import msgspec
import orjson

from ..engine import Game
from .options import chosen_game, game_options, make_config


def writes_reference(game: Game) -> bool:
    """Whether the game writes a reference of its own (otherwise `game.text.reference` falls
    back to the static information as JSON)."""
    return game.text.has_own_reference


@click.command()
@game_options(files_only=True, game_help="The game to describe; the options that name its data files follow.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="The static information bots receive once, in `hello.static`, as JSON (every game).",
)
def rules(as_json: bool) -> None:
    """Print a game's rules reference: what never changes in a game of it.

    The reference is the text the game writes from its engine's own data (`game.text.reference()`),
    printed as it is: Markdown where the game writes one (Altay: the board, every card title and
    kind, the factions, the achievements, the scoring categories and every ruling the engine
    makes where the rulebook is silent; Innovation: how to win, splays, special achievements,
    every card's dogmas and every ruling). A game that writes no reference prints its static
    information as JSON instead, and says so on stderr. `--json` always prints the static
    information, exactly what bots receive in `hello.static`. A game whose components come from
    a data file (Mammothodus's `--data FILE`) describes that file's game; a bad file is refused
    with one sentence (exit code 2).

    \b
    Examples:
      altay rules                              Altay's reference
      altay rules --game innovation | less     Innovation's
      altay rules --json | jq .factions        Altay's static information
      altay rules --game mammothodus --data my-map.json    with another data file
    """
    game, given = chosen_game()
    config = make_config(game, game.kind.min_players, 0, given) if given else None
    if as_json:
        static = game.static_info(config or game.make_config(game.kind.min_players, 0))
        click.echo(orjson.dumps(msgspec.to_builtins(static), option=orjson.OPT_INDENT_2).decode())
        return
    if not writes_reference(game):
        click.echo(
            f"{game.kind.title} writes no readable reference yet: its static information follows, as JSON.",
            err=True,
        )
    click.echo(game.text.reference() if config is None else game.text.reference_for(config), nl=False)
