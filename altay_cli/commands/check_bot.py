"""`altay check-bot`: a compliance check for bot authors, one PASS/FAIL line per check."""

from __future__ import annotations

import sys

import click
import orjson


@click.command("check-bot")
@click.argument("command", metavar="CMD")
@click.option("--move-ms", type=click.IntRange(1), default=1000, show_default=True, help="Time per decision.")
@click.option(
    "--startup-ms", type=click.IntRange(1), default=10000, show_default=True, help="Start-up budget."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the test game.")
@click.option(
    "--players", type=click.IntRange(2, 4), default=2, show_default=True, help="Players in the test game."
)
@click.option(
    "--max-rounds", type=click.IntRange(1), default=10, show_default=True, help="Length of the test game."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def check_bot(
    command: str, move_ms: int, startup_ms: int, seed: int, players: int, max_rounds: int, as_json: bool
) -> None:
    """Check that the bot CMD follows the protocol before it enters a match or a ladder.

    CMD is the bot's command line, quoted if it has spaces, e.g. "python my_bot.py".
    Checks, in order: the command exists; the bot starts; it answers `hello` with `ready`
    within the start-up budget; it answers `ping` with `pong`; it ignores a message of an
    unknown type; it plays a whole short game (setup choices included) against a random
    player with every answer legal and in time; it exits with status 0 after `game_over`
    and `quit`; its stderr stays under the cap.

    \b
    Examples:
      altay check-bot "python my_bot.py"
      altay check-bot ./mybot --move-ms 200 --json

    Exit code 0 when every check passes, 1 otherwise.
    """
    from ..referee.compliance import check_bot as run_checks

    checks = run_checks(
        command, move_ms=move_ms, startup_ms=startup_ms, seed=seed, max_rounds=max_rounds, players=players
    )
    passed = all(c.passed for c in checks)
    if as_json:
        payload = {"command": command, "passed": passed, "checks": [c.to_dict() for c in checks]}
        click.echo(orjson.dumps(payload).decode())
    else:
        width = max(len(c.name) for c in checks)
        for c in checks:
            mark = click.style("PASS", fg="green") if c.passed else click.style("FAIL", fg="red", bold=True)
            click.echo(f"{mark}  {c.name.ljust(width)}  {c.detail}")
        failed = sum(1 for c in checks if not c.passed)
        click.echo("all checks passed" if passed else f"{failed} of {len(checks)} checks failed")
    sys.exit(0 if passed else 1)
