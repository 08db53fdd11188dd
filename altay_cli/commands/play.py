"""`altay play`: play a game by hand in the terminal, or pipe commands into it from a script."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import click

from .options import (
    MAX_MS,
    PLAYERS,
    Integer,
    check_writable,
    chosen_game,
    game_options,
    sandbox_options,
    seed_option,
    sign_key_option,
)

if TYPE_CHECKING:
    from ..interactive.app import PlaySession
    from ..logsign import Signer
    from ..referee.sandbox import SandboxPolicy


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
@click.option(
    "--web",
    is_flag=True,
    help="Play in the browser: serve a page per person (a token each, printed) instead of the terminal.",
)
@click.option(
    "--host",
    default=None,
    metavar="ADDRESS",
    help="--web: the address to listen on (default 127.0.0.1, this machine only).",
)
@click.option("--port", type=Integer(0, 65535), default=None, help="--web: the port (default 0: a free one).")
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
    web: bool,
    host: str | None,
    port: int | None,
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
    \b
    With --web, the game is played in the browser instead: the drawn board, the legal actions
    as buttons, undo, save and load, the clock. The command prints one address per person
    (with its token: only that person's seats and what they may see); Ctrl-C ends the game.
      altay play --web --seat 1=greedy              open the printed address to play
      altay play --web -p 3 --seat 2=greedy         two people, a token each

    Exit code 0 when the game ends or input ends; 2 for bad options or an unusable --load file.
    """
    from ..interactive.play import PlayOptions, PlaySetupError, open_play

    if not web and (host is not None or port is not None):
        raise click.UsageError("--host and --port are for --web (play in the browser)")
    if web and json_mode:
        raise click.UsageError("--json answers a script in the terminal; --web serves a page: choose one")
    printer = None
    if web:
        printer = _web_printer()
    check_writable(log_path, "--log")
    game, game_opts = chosen_game()
    options = PlayOptions(
        game=game,
        game_options=game_opts,
        players=players,
        seed=seed,
        seats=seats,
        load_path=load_path,
        log_path=log_path,
        json_mode=json_mode,
        tty=sys.stdin.isatty(),
        move_ms=move_ms,
        no_timeout=no_timeout,
        sandbox=sandbox,
        signer=signer,
    )
    try:
        app = open_play(options, printer=printer, warn=lambda text: click.echo(text, err=True))
    except PlaySetupError as exc:
        if exc.option is None:
            raise click.UsageError(str(exc)) from None
        raise click.BadParameter(str(exc), param_hint=exc.option) from None
    if web:
        sys.exit(_play_web(app, printer, host, port, move_ms, no_timeout))
    try:
        code = app.run(app.lines())
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    sys.exit(code)


def _web_printer() -> Any:
    """The printer of `play --web` (the [web] extra is imported only when --web is given)."""
    import importlib.util

    missing = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        raise click.UsageError(
            f"--web needs the [web] extra ({' and '.join(missing)} not installed): pip install 'altay[web]'"
        )
    from ..web.play_server import WebPrinter

    return WebPrinter()


def _play_web(
    app: PlaySession, printer: Any, host: str | None, port: int | None, move_ms: int, no_timeout: bool
) -> int:
    """Serve the game to the browser until Ctrl-C; the exit code."""
    from ..netaddr import is_loopback
    from ..web.play_server import bind, serve
    from ..web.play_view import Clocks

    address = host if host is not None else "127.0.0.1"
    if not app.humans:
        app.close()
        raise click.UsageError("--web: every seat is a bot's; give a person a seat (--seat N=human)")
    if not is_loopback(address):
        click.echo(
            f"warning: --host {address} serves the game beyond this machine: whoever holds a seat's "
            "address (its token) plays that seat, and plain HTTP carries the tokens unencrypted",
            err=True,
        )
    try:
        sock = bind(address, port or 0)
    except OSError as exc:
        app.close()
        raise click.BadParameter(
            f"cannot listen on {address} port {port or 0}: {exc.strerror or exc}", param_hint="--host/--port"
        ) from None
    return serve(app, printer, Clocks(move_ms, no_timeout), sock, lambda text: click.echo(text))
