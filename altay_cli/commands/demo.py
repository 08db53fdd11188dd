"""`altay demo`: one complete game between in-process players, then the result table."""

from __future__ import annotations

import click
import orjson

from ..engine import GameConfig, new_game
from ..engine.data import FACTIONS
from ..policies import POLICIES


@click.command()
@click.option("--players", "-p", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option(
    "--seed",
    type=click.IntRange(0, (1 << 63) - 1),
    default=1,
    show_default=True,
    help="Game seed (same seed, same game).",
)
@click.option(
    "--policy",
    type=click.Choice(sorted(POLICIES)),
    default="random",
    show_default=True,
    help="How the in-process players choose.",
)
@click.option("--trading", is_flag=True, help="Use the optional Trading rule.")
@click.option("--max-rounds", type=click.IntRange(1, 10_000), default=60, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def demo(players: int, seed: int, policy: str, trading: bool, max_rounds: int, as_json: bool) -> None:
    """Play one whole game between in-process players and print the result.

    No bot processes are involved: use `altay match` for that. The game is fully
    determined by --seed and --policy.
    """
    g = new_game(GameConfig(players=players, seed=seed, trading=trading, max_rounds=max_rounds))
    choosers = [POLICIES[policy](seed * 10 + seat) for seat in range(players)]
    decisions = 0
    while not g.is_terminal:
        actions = g.legal_actions()
        g.apply(actions[choosers[g.to_move].choose(g, actions)])
        decisions += 1
    result = g.result()
    factions = [FACTIONS[p.faction] for p in g.players]
    if as_json:
        click.echo(orjson.dumps({**result, "factions": factions, "decisions": decisions}).decode())
        return
    from ..render import print_result

    names = [f"{policy}-{seat}" for seat in range(players)]
    print_result(result, names, factions, title=f"Altay demo: {players} players, seed {seed}")
