"""`altay rules`: a game's rules reference (board, cards, achievements, scoring, rulings)."""

from __future__ import annotations

import click
import msgspec
import orjson

from ..engine import load_game
from .options import game_name_option


@click.command()
@game_name_option("The game to describe.")
@click.option(
    "--json", "as_json", is_flag=True, help="The static information bots receive in `hello`, as JSON."
)
def rules(game_name: str, as_json: bool) -> None:
    """Print a game's rules reference: what never changes in a game of it.

    For Altay: the board (terrain, adjacency, where VP markers and out-of-play territories are
    at each player count), every card title and kind (effects by `play` index, VP, cost), the
    factions' starting decks, the achievements (cost, timing, effect, wonder VP), the scoring
    categories and every ruling the engine makes where the rulebook is silent. It is generated
    from the engine's own data, and it is exactly what bots receive once, in `hello.static`.

    \b
    Examples:
      altay rules                       the reference as Markdown
      altay rules --json | jq .factions
    """
    game = load_game(game_name)
    if as_json:
        static = game.static_info(game.make_config(game.kind.min_players, 0))
        click.echo(orjson.dumps(msgspec.to_builtins(static), option=orjson.OPT_INDENT_2).decode())
        return
    click.echo(game.reference(), nl=False)
