"""`altay demo`: one complete game between in-process players, then the result table."""

from __future__ import annotations

import click
import msgspec
import orjson

from ..engine import load_game
from .options import MAX_SEED, PLAYERS, Integer, chosen_game, game_options, make_config


@click.command()
@click.option("--players", "-p", type=PLAYERS, default=4, show_default=True)
@click.option(
    "--seed",
    type=Integer(0, MAX_SEED),
    default=1,
    show_default=True,
    help="Game seed (same seed, same game).",
)
@click.option(
    "--policy",
    default=None,
    help="How the in-process players choose: random, or one the game offers (default: the game's "
    "first, so the game shows itself: Altay's greedy players build, fight and score).",
)
@game_options
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def demo(players: int, seed: int, policy: str | None, as_json: bool) -> None:
    """Play one whole game between in-process players and print the result.

    No bot processes are involved: use `altay match` for that. The game is fully
    determined by --seed and --policy.
    """
    from ..policies import make_policy, policy_names

    game, options = chosen_game()
    config = make_config(game, players, seed, options)
    policy = policy or policy_names(game)[-1]
    try:
        choosers = [make_policy(policy, game, seed * 10 + seat) for seat in range(players)]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--policy") from None
    g = game.new_state(config)
    decisions = 0
    while not g.is_terminal:
        actions = g.legal_actions()
        seat = g.to_move
        assert seat is not None, "a game that is not over has a seat to move"
        g.apply(actions[choosers[seat].choose(g, actions)])
        decisions += 1
    result = msgspec.to_builtins(game.outcome(g))
    roles = game.roles(g)
    if as_json:
        shown = {**result, "roles": roles, "factions": roles}  # factions: the old name of roles
        click.echo(orjson.dumps({**shown, "decisions": decisions}).decode())
        return
    from ..render import print_result

    names = [f"{policy}-{seat}" for seat in range(players)]
    title = f"{game.kind.title} demo: {players} players, seed {seed}"
    print_result(game, result, names, [r or None for r in roles], title=title)


__all__ = ["demo", "load_game"]
