"""`altay serve DIR`: a local web server over a folder of arenas, SPRT runs and logs, live."""

from __future__ import annotations

import contextlib
import os
import socket
from pathlib import Path

import click

from ..netaddr import is_loopback
from .options import Integer

#: The server's CPU priority below the arena's (nice): on a busy machine the referee goes first.
NICENESS = 10
MISSING_EXTRA = (
    "altay serve needs the [web] extra (Starlette and uvicorn): pip install 'altay[web]' "
    "(or pip install starlette uvicorn)"
)


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port); click.UsageError in one sentence when there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise click.UsageError(f"--host {host}: no such address here ({exc})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise click.UsageError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


@click.command("serve")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on; any other than this machine's own is said with a warning.",
)
@click.option(
    "--port", type=Integer(0, 65535), default=0, show_default=True, help="The port; 0 takes a free one."
)
@click.option(
    "--delay",
    type=Integer(0, 1_000_000),
    default=None,
    help="Show a game in progress this many decisions behind its log. Default: 10 where the "
    "game's bots may use the network (its log's header says so: --bot-network, or no sandbox; "
    "or it does not say), else 0.",
)
@click.option(
    "--reveal",
    is_flag=True,
    help="Also serve finished games through every seat's eyes (each seat's cards); games in "
    "progress stay a spectator's view.",
)
def serve(folder: Path, host: str, port: int, delay: int | None, reveal: bool) -> None:
    """Serve the arenas, SPRT runs and game logs under DIR as web pages, live.

    The index lists what DIR holds. An arena's page is its report (as `altay arena report
    --html` writes it) and follows the arena while it runs: each stored game updates the
    standings in the open page, pushed by the server. Every finished game opens in the viewer
    (`altay view`); games in progress are listed and watched move by move, through a
    spectator's eyes only (what every seat may know), --delay decisions behind. The games of
    one deal share its cards, so a game is shown (live or finished) only once no other game of
    its deal is still to be played: what one shows would tell a bot the cards of the others.

    Read-only, and only inside DIR: no path outside it can be named or reached (links out of
    it are refused). Listens on 127.0.0.1 only unless --host says otherwise. Stop it with
    Ctrl-C. A cluster arena's games are seen once the coordinator stores them.

    Needs the [web] extra: pip install 'altay[web]'.
    """
    try:
        import uvicorn

        from ..web.serve_app import MAX_STREAMS, Settings, make_app
        from ..web.serve_paths import OutsideError, Root
    except ImportError:
        raise click.UsageError(MISSING_EXTRA) from None
    try:
        root = Root.of(folder)
    except OutsideError:
        raise click.UsageError(f"DIR {folder}: no such folder") from None
    loopback = is_loopback(host)
    sock = _listen(host, port)
    bound = sock.getsockname()
    shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    if not loopback:
        click.echo(
            f"warning: listening on {host}, not only on this machine: anyone who can reach it may "
            "read every page (every arena's standings and every finished game's spectator view).",
            err=True,
        )
    with contextlib.suppress(OSError):
        os.nice(NICENESS)  # the arena's referee goes first: the server only shows what it stored
    app = make_app(Settings(root=root, host=bound[0], delay=delay, reveal=reveal, loopback=loopback))
    click.echo(f"altay serve: http://{shown}:{bound[1]}/  (serving {root.path}; Ctrl-C stops it)", err=False)
    config = uvicorn.Config(
        app,
        log_level="error",  # (not a line per refused connection: a flood would fill the terminal)
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=1,
        limit_concurrency=MAX_STREAMS + 100,  # (connections beyond it are answered 503)
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # (Ctrl-C: uvicorn closed every connection; a clean stop)
    finally:
        sock.close()
