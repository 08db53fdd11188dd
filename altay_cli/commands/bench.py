"""`altay bench`: speed figures you can rerun and compare."""

from __future__ import annotations

import click
import orjson


@click.group()
def bench() -> None:
    """Measure speed. Figures are per operation, so runs on different machines compare."""


@bench.command("engine")
@click.option("--games", default=40, show_default=True, help="Random games per player count (2 and 4).")
@click.option("--seed", default=1, show_default=True, help="First game seed.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_engine_cmd(games: int, seed: int, as_json: bool) -> None:
    """Play random games in-process and time the engine.

    Reports decisions per second (legal-action listing plus applying one action),
    games per second at 2 and 4 players, and the cost of clone, digest and observation.
    """
    from ..bench import bench_engine

    result = bench_engine(games=games, seed=seed)
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="altay bench engine")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in result.items():
        table.add_row(key, f"{value:,}" if isinstance(value, (int, float)) else str(value))
    Console().print(table)
