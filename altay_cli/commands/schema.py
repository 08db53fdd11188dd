"""`altay schema`: the protocol's JSON Schema for one game (or the envelope alone)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..engine import load_game
from .options import check_writable, game_name_option


@click.command()
@game_name_option(
    "The game whose payloads (settings, static information, actions, events, observation) go in."
)
@click.option("--envelope", is_flag=True, help="The envelope alone, every game's payloads left open.")
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="Write the schema to FILE instead of stdout."
)
@click.option("--check", is_flag=True, help="Exit 1 if the copy committed in protocol/ is out of date.")
def schema(game_name: str, envelope: bool, output: str | None, check: bool) -> None:
    """Write the JSON Schema (draft 2020-12) of every protocol line of a game.

    A line is either a referee message (hello, request, error, ping, game_over, quit) or a bot
    message (ready, action, pong). Bot authors can validate what they send and receive against
    it, or generate types from it.

    \b
    Examples:
      altay schema --game altay -o altay.schema.json
      altay schema --envelope
      altay schema --check            (for the project's own tests)
    """
    import json

    from protocol.schema import SCHEMA_PATH, build_schema

    from ..schema import committed_schema_path, game_schema_text

    if envelope:
        text, committed = json.dumps(build_schema(), indent=2) + "\n", SCHEMA_PATH
    else:
        game = load_game(game_name)
        text, committed = game_schema_text(game), committed_schema_path(game)
    if check:
        current = committed.read_text(encoding="utf-8") if committed.exists() else ""
        if current != text:
            click.echo(f"{committed} is out of date: run `altay schema -o {committed}`", err=True)
            sys.exit(1)
        click.echo(f"{committed} is up to date")
        return
    if output:
        check_writable(output, "--output")  # a directory, FIFO or device is refused, not blocked on
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise click.BadParameter(
                f"{output} cannot be written: {exc.strerror or exc}", param_hint="--output"
            ) from None
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)
