"""`altay play --web`: the game of `altay play` served to a browser page per person.

The game is `interactive.app.PlaySession` (the terminal's loop: history, undo, save, load, bot
seats as real subprocesses), driven by one game thread: every command and every bot decision
runs there, one at a time, so the server's event loop never waits for a bot. After each change
the game thread builds each person's snapshot (`play_view.snapshot`: only what their seats may
see) and the pages receive it by server-sent events. A person's page sends commands (an
action's index, undo, save, load) with the snapshot version it was drawn from: a command drawn
from an older position is refused, so a stale click never plays a move the person did not see.

Every request carries the token of one person (printed by the command); without a valid one it
is refused (403). Starlette and uvicorn are the `[web]` extra: imported here only.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from ..interactive.printers import Printer
from ..netaddr import is_loopback
from ..textsafe import safe_text
from .page import data_text
from .play_page import CSP_HEADER, render_play_page
from .play_view import Clocks, Person, snapshot, undo_owner

if TYPE_CHECKING:
    from ..interactive.app import PlaySession

#: the largest command a page sends (an index, or a file name)
MAX_BODY = 16 * 1024
#: connections served at once (pages, their event streams, commands); beyond it uvicorn answers
#: 503, so a flood of connections cannot grow the server's memory without bound
MAX_CONNECTIONS = 400
#: a comment line sent on an idle event stream, so a dead connection is noticed
KEEP_ALIVE_S = 15.0
REFUSED = "refused: this address needs the token `altay play --web` printed (open the address it printed)"


class CommandError(Exception):
    """A command a page sent that cannot be used: `status` and a one-sentence reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class WebPrinter(Printer):
    """What the game loop says, kept for the pages: errors and messages for the command being
    answered, and a new snapshot whenever a bot seat decides."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.messages: list[str] = []
        self.on_change: Callable[[], None] = lambda: None
        self.say: Callable[[str], None] = lambda text: None  # a line in the terminal

    def bot_moved(self, play: PlaySession) -> None:
        play.pending = []
        play.notes = []  # failures are shown from the session's record, without bots' texts
        self.on_change()

    def error(self, message: str, **extra: Any) -> None:
        self.errors.append(message)

    def decide(self, play: PlaySession, full: bool = False, undone: int | None = None) -> None:
        play.pending = []
        play.notes = []

    def undone(self, play: PlaySession, what: str, count: int) -> None:
        self.messages.append(what[0].upper() + what[1:] + ".")

    def saved(self, play: PlaySession, path: Path, decisions: int) -> None:
        self.messages.append(f"Saved {decisions} decisions to {path} (`altay replay {path}` checks it).")

    def loaded(self, play: PlaySession, path: Path, decisions: int) -> None:
        self.messages.append(f"Loaded {path}: {decisions} decisions replayed.")

    def result(self, play: PlaySession, result: dict[str, Any], names: list[str], roles: list[Any]) -> None:
        """The game ended: said in the terminal too (names as visible text: a bot chose its own)."""
        ranks = "; ".join(
            f"P{seat} {names[seat]}: rank {rank} (score {result['scores'][seat].get('total')})"
            for seat, rank in enumerate(result["ranks"])
        )
        saved = f" The log is in {play.log_path}." if play.log_path is not None else ""
        why = play.game.text.end_reason_text(result.get("end_reason"))
        self.say(safe_text(f"Game over ({why}): {ranks}.{saved} Ctrl-C ends the server."))


def person_seats(play: PlaySession) -> list[tuple[int, ...]]:
    """Each person's seats (a person may lead several in a cooperative game), first seat first."""
    groups: dict[int, list[int]] = {}
    for seat, lead in sorted(play.person.items()):
        groups.setdefault(lead, []).append(seat)
    return [tuple(seats) for _, seats in sorted(groups.items())]


class PlayHost:
    """The game, its game thread, and each person's latest snapshot."""

    def __init__(self, play: PlaySession, printer: WebPrinter, clocks: Clocks) -> None:
        self.play = play
        self.printer = printer
        self.clocks = clocks
        self.people = [Person(seats, secrets.token_urlsafe(18)) for seats in person_seats(play)]
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="altay-play-game")
        self.version = 0  # of the game as the pages see it (the game thread's)
        #: the version and each person's snapshot of it (token -> the JSON the page is sent),
        #: replaced together so that a page stream never pairs one version with another's snapshot
        self.published: tuple[int, dict[str, str]] = (0, {})
        self.turn: tuple[int, int | None] | None = None
        self.waiting_since_ms: float | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.changed = asyncio.Event()
        self.closing = False
        self.started = False
        self.folder = Path.cwd().resolve()  # where save and load read and write
        printer.on_change = self.publish

    # ------------------------------------------------------------------ the game thread
    def person_of(self, token: str | None) -> Person | None:
        if not token:
            return None
        found = None
        for person in self.people:
            if secrets.compare_digest(person.token.encode(), token.encode("utf-8", "replace")):
                found = person
        return found

    def publish(self) -> None:
        """Build every person's snapshot of the game now and wake their pages (game thread)."""
        state = self.play.session.state
        turn = (len(self.play.session.steps), state.to_move)
        if turn != self.turn:
            self.turn = turn
            self.waiting_since_ms = time.time() * 1000 if state.to_move in self.play.humans else None
        version = self.version + 1
        snapshots = {
            p.token: data_text(snapshot(self.play, p, version, self.clocks, self.waiting_since_ms))
            for p in self.people
        }
        self.published = (version, snapshots)
        self.version = version
        if self.loop is not None and not self.closing:
            with contextlib.suppress(RuntimeError):  # the server stopped meanwhile: no page is left
                self.loop.call_soon_threadsafe(self.wake)

    def wake(self) -> None:
        """Every waiting page stream looks again (event loop thread)."""
        self.changed.set()
        self.changed = asyncio.Event()

    def start(self) -> None:
        """Start the bots and play until a person must decide (game thread)."""
        try:
            self.play.start()
        except Exception as exc:  # never silent: the pages would wait for ever
            if not self.closing:
                self.printer.say(safe_text(f"error: the game could not start: {exc}; Ctrl-C ends the server"))
            raise
        self.started = True
        self.publish()

    def command(self, person: Person, body: dict[str, Any]) -> str | None:
        """Run one command of a page (game thread); its message, or CommandError."""
        play = self.play
        op = body.get("op")
        version = body.get("version")
        self.printer.errors.clear()
        self.printer.messages.clear()
        if not self.started:
            raise CommandError(409, "the game is still starting (its bots are starting): wait a moment")
        if op not in ("act", "undo", "save", "load"):
            raise CommandError(400, 'unknown command: "op" must be one of act, undo, save, load')
        over = play.session.state.is_terminal or play.ended is not None
        if op in ("act", "undo"):
            if over:
                raise CommandError(409, "the game is over: nothing more can be played or taken back")
            if not isinstance(version, int) or isinstance(version, bool) or version != self.version:
                raise CommandError(
                    409,
                    "the game moved on since your page was drawn: it now shows the current position; "
                    "choose again",
                )
        if op == "act":
            index = body.get("index")
            to_move = play.session.state.to_move
            if to_move not in person.seats:
                raise CommandError(409, f"it is not your turn: P{to_move} is to move")
            count = len(play.session.state.legal_actions())
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < count:
                raise CommandError(
                    400, f"there is no action {str(index)[:40]}: choose one of the {count} listed actions"
                )
            play.feed(orjson.dumps({"index": index}).decode())
        elif op == "undo":
            owner = undo_owner(play)
            if owner is not None and owner not in person.seats:
                raise CommandError(
                    409, f"the last decision a person made is P{owner}'s: only its player can take it back"
                )
            play.feed("undo")
        else:
            path = body.get("path")
            if not isinstance(path, str) or not path.strip() or not path.isprintable():
                raise CommandError(
                    400, f"{op} needs a file name (printable, in the folder altay play --web was started in)"
                )
            name = self.in_folder(path.strip())
            if op == "save":
                play.save(name)
            else:
                if over:
                    raise CommandError(409, "the game is over: start `altay play --web --load FILE` instead")
                play.load(name)
                if play.session.state.is_terminal and play.ended is None:
                    play.finish()
        if self.printer.errors:
            error = self.printer.errors[0]
            raise CommandError(400, error[0].upper() + error[1:])
        self.publish()
        return " ".join(self.printer.messages) or None

    def in_folder(self, text: str) -> str:
        """A file named by a page, as a path relative to the folder the command was started in;
        CommandError when it lies outside it (a page holder writes and reads game logs there,
        not anywhere the command could reach)."""
        try:
            target = (self.folder / text).resolve()
        except (OSError, ValueError, RuntimeError):
            target = None
        if target is None or target == self.folder or not target.is_relative_to(self.folder):
            raise CommandError(
                400,
                f"{text[:80]!r} is not a file in the folder `altay play --web` was started in "
                f"({self.folder}): name a file there, e.g. game.jsonl",
            )
        return os.path.relpath(target, self.folder)

    def stop(self) -> None:
        """Leave the game (its log written to --log, as `play` does) and stop its bots."""
        try:
            if self.play.ended is None:
                self.play.leave("the page server stopped")
        finally:
            self.play.close()

    # ------------------------------------------------------------------ the web app
    def app(self) -> Starlette:
        async def page(request: Request) -> Response:
            person = self.person_of(request.query_params.get("token"))
            if person is None:
                return PlainTextResponse(REFUSED, status_code=403)
            html = render_play_page(self.play.game, person.token, person.seats)
            return HTMLResponse(html, headers={**_no_store(), "Content-Security-Policy": CSP_HEADER})

        async def events(request: Request) -> Response:
            person = self.person_of(request.query_params.get("token"))
            if person is None:
                return PlainTextResponse(REFUSED, status_code=403)
            return StreamingResponse(
                self.stream(request, person),
                media_type="text/event-stream",
                headers={**_no_store(), "X-Accel-Buffering": "no"},
            )

        async def command(request: Request) -> Response:
            person = self.person_of(request.query_params.get("token"))
            if person is None:
                return JSONResponse({"error": REFUSED}, status_code=403)
            body = await _body(request)
            if body is None:
                return JSONResponse({"error": f"a command is at most {MAX_BODY} bytes"}, status_code=413)
            try:
                parsed = orjson.loads(body)
            except orjson.JSONDecodeError as exc:
                return JSONResponse({"error": f"not valid JSON ({exc})"}, status_code=400)
            if not isinstance(parsed, dict):
                return JSONResponse({"error": 'a command is a JSON object: {"op": ...}'}, status_code=400)
            loop = asyncio.get_running_loop()
            try:
                message = await loop.run_in_executor(self.thread, self.command, person, parsed)
            except CommandError as exc:
                return JSONResponse({"error": exc.message}, status_code=exc.status)
            except Exception as exc:  # a fault of altay's: said in a sentence, the pages redrawn
                self.thread.submit(self.publish)
                return JSONResponse({"error": f"altay could not run this command: {exc}"}, status_code=500)
            return JSONResponse({"ok": True, "message": message, "version": self.version})

        @contextlib.asynccontextmanager
        async def lifespan(app: Starlette) -> AsyncIterator[None]:
            self.loop = asyncio.get_running_loop()
            self.changed = asyncio.Event()
            self.thread.submit(self.start)
            yield

        return Starlette(
            routes=[
                Route("/", page, methods=["GET"]),
                Route("/events", events, methods=["GET"]),
                Route("/command", command, methods=["POST"]),
            ],
            lifespan=lifespan,
        )

    async def stream(self, request: Request, person: Person) -> AsyncIterator[str]:
        """The person's snapshots as server-sent events: the current one, then each new one."""
        seen = -1
        while not self.closing:
            changed = self.changed
            version, snapshots = self.published
            if version != seen and person.token in snapshots:
                seen = version
                yield f"event: state\ndata: {snapshots[person.token]}\n\n"
                continue
            try:
                await asyncio.wait_for(changed.wait(), KEEP_ALIVE_S)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                yield ": still here\n\n"


async def _body(request: Request) -> bytes | None:
    """The request's body, or None when it is longer than MAX_BODY (read no further)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _no_store() -> dict[str, str]:
    return {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


class _Server(uvicorn.Server):
    """uvicorn's server, ending the pages' event streams as soon as it is asked to stop."""

    host: PlayHost | None = None

    def handle_exit(self, sig: int, frame: Any) -> None:
        if self.host is not None:
            self.host.closing = True
            if self.host.loop is not None:
                self.host.loop.call_soon_threadsafe(self.host.wake)
        super().handle_exit(sig, frame)


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (`port` 0: a free one), or OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(False)
    return sock


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def serve(
    play: PlaySession,
    printer: WebPrinter,
    clocks: Clocks,
    sock: socket.socket,
    say: Callable[[str], None],
) -> int:
    """Serve the game on `sock` until interrupted (Ctrl-C); the exit code."""
    host = PlayHost(play, printer, clocks)
    printer.say = say
    name, port = sock.getsockname()[:2]
    shown = "127.0.0.1" if name in ("0.0.0.0", "::") else name
    base = f"http://{url_host(shown)}:{port}/"
    try:
        say(f"{play.game.kind.title} in the browser ({play.game.text.describe_config(play.session.config)}).")
        for person in host.people:
            seats = ", ".join(f"P{s}" for s in person.seats)
            say(f"  {seats}: {base}?token={person.token}")
        say("Open the address of your seat (its token lets only you play it); Ctrl-C ends the game.")
        from .serve_app import LOOPBACK_HOSTS, HostGuard

        app: Any = host.app()
        if is_loopback(name):  # a page elsewhere whose name was made to point here is refused
            app = HostGuard(app, frozenset([*LOOPBACK_HOSTS, name.lower()]))
        config = uvicorn.Config(
            app,
            log_level="error",  # (not a line per refused connection: a flood would fill the terminal)
            access_log=False,
            timeout_graceful_shutdown=2,
            lifespan="on",
            limit_concurrency=MAX_CONNECTIONS,  # beyond it answered 503: memory stays bounded
        )
        server = _Server(config)
        server.host = host
        server.run(sockets=[sock])  # until Ctrl-C (uvicorn raises it again once it has stopped)
    except KeyboardInterrupt:
        pass  # the way to end a game served to a browser
    finally:
        host.closing = True
        stopped = host.thread.submit(host.stop)
        # a bot deciding has until its clock runs out; one without a clock (--no-timeout), or
        # stuck, is stopped from here, and the game thread then reaches stop()
        grace = 1.0 if clocks.no_timeout else clocks.move_ms / 1000 + 3
        try:
            stopped.result(timeout=grace)
        except FuturesTimeout:
            play.close()
        with contextlib.suppress(Exception):
            stopped.result()
        host.thread.shutdown(wait=True)
        sock.close()
    return 0
