"""`altay check-bot`: a compliance check for bot authors, one PASS/FAIL line per check."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
import orjson

from .options import (
    MAX_MS,
    PLAYERS,
    Integer,
    WritableDir,
    check_isolation,
    chosen_game,
    game_options,
    guessable_seed_warning,
    make_config,
    player_range,
    sandbox_options,
    secret_seed,
    seed_option,
)

if TYPE_CHECKING:
    from ..referee.sandbox import SandboxPolicy


@click.command("check-bot")
@click.argument("command", metavar="CMD")
@click.option(
    "--move-ms", type=Integer(1, MAX_MS), default=1000, show_default=True, help="Time per decision."
)
@click.option(
    "--startup-ms", type=Integer(1, MAX_MS), default=10000, show_default=True, help="Start-up budget."
)
@seed_option
@click.option(
    "--players",
    type=PLAYERS,
    default=None,
    help="Play the test games at this player count only (default: one game at each count the game allows; "
    "a cooperative game's game of one program leading every seat needs two or more).",
)
@click.option(
    "--dump",
    type=WritableDir(),
    default=None,
    help="Save the real requests the bot received (the first of each phase of each game, and the first "
    "asked in the middle of an effect: gameN-request-mid-effect.json) in this folder, as fixtures for "
    "your own tests.",
)
@game_options(quick=True)
@sandbox_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def check_bot(
    command: str,
    move_ms: int,
    startup_ms: int,
    seed: int | None,
    players: int | None,
    dump: Path | None,
    as_json: bool,
    sandbox: SandboxPolicy,
) -> None:
    """Check that the bot CMD follows the protocol before it enters a match or a ladder.

    CMD is the bot's command line, quoted if it has spaces, e.g. "python my_bot.py".
    Checks, in order: the command exists; the bot starts; it answers `hello` with `ready`
    within the start-up budget; it answers `ping` with `pong`; it ignores a message of an
    unknown type; it plays short whole games (setup choices included), one at each player
    count (2, 3 and 4 for Altay; --players for one), from a different seat each time, against
    players that attack it, with every answer legal and in time (one result line per game);
    it has had to answer at least once out of turn (a defence: more full-length games are
    played until it has); it exits with status 0 after `game_over` and `quit`; its stderr
    stays under the cap. --dump DIR keeps the real requests it received as test fixtures,
    among them one asked in the middle of an effect (a defence, a card's choice during a dogma,
    a step of a move: gameN-request-mid-effect.json), playing more games until one is.

    The bot runs in the sandbox a match or an arena would use (see --sandbox and the --bot-*
    limits). The report says whether it ran isolated; when a check fails inside the sandbox,
    the bot is tried again without it (not with --sandbox on: use that to check a bot you do
    not trust), and the report says what the sandbox stopped.

    \b
    Examples:
      altay check-bot "python my_bot.py"
      altay check-bot ./mybot --move-ms 200 --json
      altay check-bot ./mybot --players 4 --max-rounds 60

    The test game is short where the game allows it (Altay: 10 rounds; --max-rounds to change).

    Exit code 0 when every check passes, 1 otherwise.
    """
    from dataclasses import replace

    from ..referee.botcmd import BotCommandError, resolve_bot_command
    from ..referee.compliance import check_bot as run_checks
    from ..referee.sandbox_advice import command_warnings, failure_hints
    from ..textsafe import safe_text

    isolation = check_isolation(sandbox, quiet=True)
    warning = guessable_seed_warning(seed, programs_play=True)  # the bot checked is a program
    seed = secret_seed(seed)
    game, given = chosen_game()
    low, high = player_range(game, given)
    if players is not None and not low <= players <= high:
        raise click.BadParameter(f"{game.kind.name} is for {low} to {high} players", param_hint="--players")
    game_opts = dict(given)
    make_config(game, players or high, seed, {**game.checkbot.quick_game_options, **given})
    if warning:
        click.echo(warning, err=True)

    def run(policy: SandboxPolicy) -> list:
        return run_checks(
            command,
            move_ms=move_ms,
            startup_ms=startup_ms,
            seed=seed,
            players=players,
            sandbox=policy,
            game=game,
            game_options=game_opts,
            dump=dump,
        )

    checks = run(sandbox)
    passed = all(c.passed for c in checks)
    warnings: list[str] = []
    with contextlib.suppress(BotCommandError):
        warnings += command_warnings(resolve_bot_command(command), sandbox) if isolation.sandboxed else []
    # Your own bot, tried once more as you: with --sandbox on (an organiser checking a
    # submission) a bot never runs outside the sandbox.
    retry_unsandboxed = not passed and isolation.sandboxed and checks[0].passed and sandbox.mode != "on"
    if retry_unsandboxed and all(c.passed for c in run(replace(sandbox, mode="off"))):
        failed = " ".join(c.detail for c in checks if not c.passed)
        hints = failure_hints(failed) or [
            "something it needs is outside the sandbox (files, network, memory, processes)"
        ]
        lead = "the bot passes every check without the sandbox but not inside it"
        warnings += [f"{lead}: {hint}" for hint in hints]
    if not isolation.sandboxed:
        warnings.append(f"{isolation.describe()}; a match or arena here would run it unisolated too")
    if as_json:
        payload = {
            "command": command,
            "passed": passed,
            "seed": seed,
            "isolation": isolation.to_dict(),
            "warnings": warnings,
            "checks": [c.to_dict() for c in checks],
        }
        click.echo(orjson.dumps(payload).decode())
    else:
        width = max(len(c.name) for c in checks)
        for c in checks:
            mark = click.style("PASS", fg="green") if c.passed else click.style("FAIL", fg="red", bold=True)
            click.echo(f"{mark}  {c.name.ljust(width)}  {safe_text(c.detail, 4000, keep_newlines=True)}")
        failures = sum(1 for c in checks if not c.passed)
        click.echo("all checks passed" if passed else f"{failures} of {len(checks)} checks failed")
        if isolation.sandboxed:
            click.echo(f"isolation: {isolation.describe()}")
        for warning in warnings:
            click.echo(click.style("warning: ", fg="yellow") + safe_text(warning, 2000))
        click.echo(f"test game seed: {seed}")
    sys.exit(0 if passed else 1)
