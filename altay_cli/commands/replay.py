"""`altay replay`: re-simulate a game log and report the first step where it diverges."""

from __future__ import annotations

import sys

import click
import orjson


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--strict", is_flag=True, help="Also check the engine's conservation invariants after every step."
)
@click.option("--show", is_flag=True, help="Tell the game step by step in words while checking it.")
@click.option(
    "--seat", type=int, default=None, help="With --show: see the game as this seat did (hidden cards)."
)
@click.option("--board", is_flag=True, help="With --show: print the board at the start of every turn.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as one JSON object.")
def replay(log: str, strict: bool, show: bool, seat: int | None, board: bool, as_json: bool) -> None:
    """Check that LOG (a game log from `match`, `play` or the arena) replays exactly.

    The game is re-simulated from the header's configuration. Every decision must come from
    the seat to move, be legal (its `index`, when present, must point to that action), and
    give the logged state digest; the result line must match the final state. The first
    difference is reported with what the log says and what the engine computes.

    \b
    Examples:
      altay replay game.jsonl                     verdict and score table
      altay replay game.jsonl --strict --json     also check invariants; one JSON object
      altay replay game.jsonl --show --seat 0     the game as seat 0 saw it
      altay replay game.jsonl --show --board      every decision, the board each turn

    \b
    Exit codes:
      0  valid: the log replays exactly, result included
      1  invalid: the engine disagrees with the log (an illegal or edited action, a wrong
         digest, seat or index, missing decision lines, a wrong result)
      2  unreadable: no such file, empty, not JSON, not a game log, a bad header, or
         truncated (no result line: the decisions present are still checked, and a
         divergence among them makes it 1)
    """
    from ..replay import replay_log

    if as_json and (show or board or seat is not None):
        raise click.UsageError("--show, --seat and --board print text; use them without --json")
    observer = None
    if show or seat is not None or board:
        from ..gamelog import Header, LogError, read_log
        from ..interactive.show import ShowPrinter

        seats = []
        try:
            header = read_log(log)[0]
        except LogError:
            pass  # the replay below reports what is wrong with the file
        else:
            assert isinstance(header, Header)  # read_log checks the first line
            seats = header.seats
            players = header.config.players
            if seat is not None and not 0 <= seat < players:
                raise click.BadParameter(f"seats are 0 to {players - 1} in this log", param_hint="--seat")
        observer = ShowPrinter(seats, click.echo, seat=seat, board=board)
    verdict = replay_log(log, strict=strict, on_step=observer)
    if as_json:
        click.echo(orjson.dumps(verdict.to_dict()).decode())
    else:
        from ..interactive.verdict_text import print_verdict

        print_verdict(verdict)
    sys.exit(verdict.exit_code)
