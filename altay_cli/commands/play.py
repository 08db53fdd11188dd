"""`altay play`: play a game by hand in the terminal, or pipe commands into it from a script."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .options import (
    MAX_MS,
    PLAYERS,
    Integer,
    check_bot_visible,
    check_isolation,
    check_writable,
    chosen_game,
    game_options,
    guessable_seed_warning,
    make_config,
    player_range,
    sandbox_options,
    secret_seed,
    seed_option,
    seed_source,
    sign_key_option,
)

if TYPE_CHECKING:
    from ..logsign import Signer
    from ..referee.sandbox import SandboxPolicy

from ..engine import ConfigError
from ..records import SeedSource


@click.command()
@click.option("--players", "-p", type=PLAYERS, default=2, show_default=True)
@seed_option
@game_options
@click.option(
    "--seat",
    "seats",
    metavar="N=WHO",
    multiple=True,
    help="Who plays seat N: human (default), a bot (random, greedy, or a command line), "
    "or policy:NAME (in-process, no subprocess). Repeatable. N may list seats (1,2,3 or 0-3) "
    "for one player of several seats (cooperative games).",
)
@click.option(
    "--load", "load_path", type=click.Path(dir_okay=False), help="Continue the game saved in this log."
)
@click.option(
    "--log", "log_path", type=click.Path(dir_okay=False), help="Write the game log here when leaving."
)
@click.option("--json", "json_mode", is_flag=True, help="Answer every command with exactly one JSON line.")
@click.option(
    "--move-ms",
    type=Integer(1, MAX_MS),
    default=5000,
    show_default=True,
    help="Bot seats: time per move.",
)
@click.option("--no-timeout", is_flag=True, help="Bot seats: no time limits (debugging a bot).")
@sandbox_options
@sign_key_option
def play(
    players: int,
    seed: int | None,
    seats: tuple[str, ...],
    load_path: str | None,
    log_path: str | None,
    json_mode: bool,
    move_ms: int,
    no_timeout: bool,
    sandbox: SandboxPolicy,
    signer: Signer | None,
) -> None:
    """Play a game (Altay unless --game) by typing commands; every seat not given to a bot is a
    person (hot-seat).

    \b
    Examples:
      altay play --seat 1=greedy                    you (seat 0) against the greedy bot
      altay play -p 3 --seat 1=random --seat 2=policy:greedy --recommended
      altay play --load game.jsonl                  continue a saved game (bots as they were)
      altay play --load game.jsonl --seat 1=greedy  ... with another player in seat 1
      printf 'play Hunter\\nend\\n' | altay play --seed 7 --recommended --seat 1=policy:greedy
      altay play --json < commands.txt              one JSON answer per command, for scripts
      altay play --game mammothodus -p 4 --seat 0-3=human   you lead all four clans
      altay play --game mammothodus -p 2 --seat 1=greedy    one clan each, with the team bot

    \b
    At each decision the legal actions are listed with numbers. Type a number, or a
    command like `play Hunter`, `play Farmer 1`, `buy Worker FWS`, `place F Village`,
    `develop Masonry F`, `attack 6 12 Warrior`, `settle 5`, `fight Warrior`, `end`
    (any unique prefix works: `pl hun`), or a JSON action {"type": "end"} / {"index": 3}.
    Also: help, actions, state, board, hand, display, players, history, undo [N],
    save FILE, load FILE, quit. You see only what your seat may see.

    \b
    With --json, each answer is one line: {"type": "decide", "seat", "round", "turn",
    "observation", "legal", "events"}, {"type": "error", "error"}, {"type": "result", "scores", "ranks", ...},
    {"type": "saved"}, {"type": "bye"} (input ended before the game did).
    Exit code 0 when the game ends or input ends; 2 for bad options or an unusable --load file.
    """
    from ..interactive.app import PlayApp
    from ..interactive.seats import (
        HUMAN,
        Controller,
        SeatSpecError,
        check_players,
        human_spec,
        make_controller,
        parse_seat_specs,
        player_groups,
        regroup,
        seat_info,
        spec_from_info,
    )
    from ..interactive.session import LoadError, Session

    check_writable(log_path, "--log")
    game, game_opts = chosen_game()
    loaded = None
    if load_path is not None:
        try:
            loaded = Session.load(load_path, seed=seed)
        except LoadError as exc:
            raise click.UsageError(str(exc)) from None
        game = loaded.game
        players = loaded.config.players
    elif not (span := player_range(game, game_opts))[0] <= players <= span[1]:
        low, high = span
        raise click.BadParameter(f"{game.kind.name} is for {low} to {high} players", param_hint="--players")
    try:
        specs = {s.seat: s for text in seats for s in parse_seat_specs(text, players, game)}
    except SeatSpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--seat") from None
    try:
        if loaded is not None:  # seats not named on the command line are played as they were
            recorded = {info.seat: info for info in loaded.seats}
            seat_specs = [
                specs[seat]
                if seat in specs
                else spec_from_info(recorded[seat], game)
                if seat in recorded
                else human_spec(seat)
                for seat in range(players)
            ]
        else:
            seat_specs = [specs.get(seat, human_spec(seat)) for seat in range(players)]
        seat_specs = regroup(seat_specs)
        check_players(seat_specs, game)
    except SeatSpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--seat") from None
    infos = [seat_info(s) for s in seat_specs]

    if loaded is not None:
        session = loaded
        session.seats = infos
        config = session.config
        if session.seed_source is None and seed is not None:  # an older log, continued with --seed
            session.seed_source = seed_source(seed)
    else:
        source = seed_source(seed)
        seed = secret_seed(seed)  # shown when the game ends, never before
        config = make_config(game, players, seed, game_opts)
        try:
            session = Session(config, infos, game, source)
        except ConfigError as exc:
            raise click.UsageError(str(exc)) from None
    organisers = session.seed_source == SeedSource.ORGANISER
    warning = guessable_seed_warning(
        config.seed if organisers else None, programs_play=any(s.kind == "bot" for s in seat_specs)
    )
    if warning:
        click.echo(warning, err=True)

    options = None
    if any(s.kind == "bot" for s in seat_specs):
        try:
            from ..referee import MatchOptions
        except ImportError as exc:
            raise click.UsageError(
                f"bot seats need the referee (altay_cli.referee), which cannot be loaded: {exc}; "
                "use --seat N=policy:greedy for an in-process player"
            ) from None
        # A failing bot does not end a game a person is playing: its move is the first legal one.
        check_isolation(sandbox)  # says so on stderr when bots will not be sandboxed
        for spec in seat_specs:
            if spec.bot is not None:
                check_bot_visible(spec.name, spec.bot.resolved().argv, sandbox)
        options = MatchOptions(
            move_ms=move_ms,
            no_timeout=no_timeout,
            on_failure="default",
            sandbox=sandbox.with_hidden(log_path, load_path, signer.path if signer else None),
        )
    controllers: dict[int, Controller] = {}  # one controller per player, under each of its seats
    for group in player_groups(seat_specs):
        lead = group[0]
        if lead.kind == HUMAN:
            continue
        try:
            controller = make_controller(lead, game, config, options, [s.seat for s in group])
        except (ValueError, OSError) as exc:
            raise click.BadParameter(f"seat {lead.seat}: {exc}", param_hint="--seat") from None
        for spec in group:
            controllers[spec.seat] = controller
    app = PlayApp(
        session,
        seat_specs,
        controllers,
        json_mode=json_mode,
        tty=sys.stdin.isatty(),
        log_path=Path(log_path) if log_path else None,
        loaded_from=Path(load_path) if load_path else None,
        signer=signer,
    )
    try:
        code = app.run(app.lines())
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    sys.exit(code)
