"""`altay match`: one game between bot programs, refereed, with a result table or JSON."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click
import orjson

if TYPE_CHECKING:
    from ..logsign import Signer
    from ..records import ClockKind
    from ..referee.sandbox import SandboxPolicy

from .options import (
    Integer,
    check_bot_visible,
    check_isolation,
    chosen_game,
    clock_and_failure_options,
    game_options,
    guessable_seed_warning,
    log_path_option,
    make_config,
    player_range,
    sandbox_options,
    secret_seed,
    seed_option,
    seed_source,
    sign_key_option,
)


@click.command()
@click.argument("bots", nargs=-1, required=True, metavar="BOT [BOT ...]")
@seed_option
@game_options
@clock_and_failure_options
@sandbox_options
@click.option("--no-timeout", is_flag=True, help="No deadlines at all (debug a bot step by step).")
@click.option(
    "--max-line-bytes", type=Integer(1024, 1 << 28), default=1_000_000, show_default=True, hidden=True
)
@click.option(
    "--stderr-cap",
    "stderr_cap",
    type=Integer(0, 16 << 20),
    default=65536,
    show_default=True,
    help="Bytes of each bot's stderr kept in the log (at most 16 MiB).",
)
@log_path_option
@sign_key_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
def match(
    bots: tuple[str, ...],
    seed: int | None,
    move_ms: int,
    bank_ms: int,
    increment_ms: int,
    clock: ClockKind,
    startup_ms: int,
    no_timeout: bool,
    on_failure: str,
    retries: int,
    max_line_bytes: int,
    stderr_cap: int,
    log_path: str | None,
    as_json: bool,
    sandbox: SandboxPolicy,
    signer: Signer | None,
) -> None:
    """Play one game between bot programs, one per seat in the order given.

    Each BOT is a command line (quote it when it has spaces), optionally named NAME=CMD.
    Built-in bots: random, greedy, search, node-random (add a seed: "random 7"). Bots speak
    JSON lines on stdin/stdout; see protocol/PROTOCOL.md and `altay check-bot`.

    In a cooperative game one player may control several seats: give the NAME of an
    earlier NAME=CMD again, and that one program plays those seats too (one process that
    knows every one of their hands), e.g. a bot leading all four clans of Mammothodus:
    `altay match --game mammothodus team=greedy team team team`.

    \b
    Examples:
      altay match random greedy
      altay match me="python my_bot.py" greedy --seed 4 --log game.jsonl
      altay match "node bot.js" random random random --move-ms 200 --bank-ms 5000
      altay match ./mybot random --on-failure retry --retries 2 --json
      altay match ./mybot greedy --bot-memory 4096 --bot-ro ./weights --bot-env OMP_NUM_THREADS=1
      altay match random greedy --factions firefolk,smallfolk --trading
      altay match --game mammothodus solo="python3 team.py" solo solo solo

    Each bot runs in a sandbox (Linux): it sees only its own processes and files, has no
    network and is limited in memory, processes, CPU and file size (--bot-* options); see
    "The sandbox" in protocol/PROTOCOL.md. The seed is secret unless you give --seed: it is
    shown with the result. Anyone who knows a game's seed knows every hidden card of it.

    Exit code 0 when the game completed, 1 when it stopped (a bot forfeited, or
    Ctrl-C), 2 for usage errors.
    """
    from ..referee import BotCommandError, MatchOptions, parse_bot_args
    from ..referee.match import check_seat_groups, seat_groups

    game, game_opts = chosen_game()
    low, high = player_range(game, game_opts)
    if not low <= len(bots) <= high:
        raise click.UsageError(
            f"{game.kind.name} is for {low} to {high} players: give one bot per seat, not {len(bots)}"
        )
    try:
        named = parse_bot_args(bots)  # each named, resolved and checked, once
    except BotCommandError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        players = seat_groups(named)  # a name given again is that program again
        check_seat_groups(game, players, [b.name for b in named])
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    isolation = check_isolation(sandbox)
    for bot in named:
        check_bot_visible(bot.name, bot.argv, sandbox)
    from .options import check_clock

    check_clock(clock, sandbox)
    source = seed_source(seed)
    warning = guessable_seed_warning(seed, programs_play=True)  # every seat is a bot program
    seed = secret_seed(seed)
    config = make_config(game, len(bots), seed, game_opts)
    if warning:
        click.echo(warning, err=True)
    options = MatchOptions(
        move_ms=move_ms,
        bank_ms=bank_ms,
        increment_ms=increment_ms,
        startup_ms=startup_ms,
        no_timeout=no_timeout,
        on_failure=on_failure,
        retries=retries,
        max_line_bytes=max_line_bytes,
        stderr_cap_bytes=stderr_cap,
        sandbox=sandbox,
        clock=clock,
    )
    from ..gamelog import LogWriteError
    from ..referee import run_match

    try:
        result = run_match(
            named,
            config,
            options,
            log_path=log_path,
            source="match",
            signer=signer,
            game=game,
            players=players,
            seed_source=source,
        )
    except LogWriteError as exc:
        click.echo(f"Error: {exc.strerror or exc}; the game was stopped and every bot ended", err=True)
        sys.exit(2)
    if as_json:
        click.echo(orjson.dumps(result.to_dict()).decode())
    else:
        from ..render import print_match_result

        print_match_result(result, seed, game)
        if log_path is not None:
            from ..textsafe import safe_text
            from ..web.hint import view_hint

            click.echo(safe_text(view_hint(log_path)))
        if not isolation.sandboxed:
            click.echo(f"Note: {isolation.describe()}")
    sys.exit(0 if result.completed else 1)
