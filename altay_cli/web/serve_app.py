"""`altay serve`'s web application (Starlette): the folder's index, arena pages that follow the
arena as it stores games, finished games in the viewer, games in progress spectated live.

Updates are pushed by server-sent events. One watcher per watched thing (an arena, a game in
progress), shared by every page open on it and stopped when the last one closes, looks at the
files' sizes and times twice a second and, when they changed, rebuilds what the pages show once,
in one worker thread for the whole server (the server takes at most one core from the arena,
and only reads). An event is a few hundred bytes saying what changed; a page then asks for the
new HTML, built once for all of them.

Pages are escaped as the report and the viewer escape theirs (every text from a bot is text);
each page's Content-Security-Policy lets it run only its own scripts and ask only this server.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..engine.api import Eyes, EyesKind
from .page import data_text
from .pagedata import ViewError
from .report_html import script_hash
from .serve_folder import (
    NETWORK_DELAY,
    arena_game,
    arena_of,
    arena_problem,
    arena_view,
    game_page,
    log_prefix,
    quote,
    scan,
)
from .serve_paths import OutsideError, Root

#: Seconds between two looks at a watched file, and between two keep-alive comments.
WATCH_S = 0.5
KEEPALIVE_S = 15.0
#: Event streams open at once, at most (beyond: 503); finished games' pages kept built.
MAX_STREAMS = 1000
PAGE_CACHE = 16
WITHHELD = (
    "game {} is not shown yet: other games of its deal (the same cards) are still to be stored, "
    "and what it shows would tell their cards"
)
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def _asset(name: str) -> str:
    return resources.files("altay_cli.web").joinpath("serve_assets", name).read_text(encoding="utf-8")


@dataclass
class Settings:
    root: Root
    host: str  # the address listened on
    delay: int | None  # None: NETWORK_DELAY where a bot may use the network, else 0
    reveal: bool
    loopback: bool  # bound to 127.0.0.1: requests must name it (no DNS rebinding)


# ----------------------------------------------------------------------------- watched things
@dataclass
class Topic:
    """One watched thing: its latest state (an event and a page), shared by its pages."""

    key: tuple[str, ...]
    signature: Callable[[], Any]
    build: Callable[[], tuple[dict[str, Any], str | None]]  # (the event's data, the page)
    version: int = 0
    event: bytes | None = None
    page: str | None = None
    subscribers: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Hub:
    def __init__(self) -> None:
        self.topics: dict[tuple[str, ...], Topic] = {}
        self.streams = 0
        self.builder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="altay-serve-build")

    def join(
        self,
        key: tuple[str, ...],
        signature: Callable[[], Any],
        build: Callable[[], tuple[dict[str, Any], str | None]],
    ) -> Topic:
        topic = self.topics.get(key)
        if topic is None:
            topic = self.topics[key] = Topic(key, signature, build)
        topic.subscribers += 1
        self.streams += 1
        if topic.task is None or topic.task.done():
            topic.task = asyncio.create_task(self._watch(topic))
        return topic

    def leave(self, topic: Topic) -> None:
        topic.subscribers -= 1
        self.streams -= 1
        if topic.subscribers <= 0:
            self.topics.pop(topic.key, None)
            if topic.task is not None:
                topic.task.cancel()

    async def _watch(self, topic: Topic) -> None:
        loop = asyncio.get_running_loop()
        seen: Any = object()
        while topic.subscribers > 0:
            try:
                now = topic.signature()
            except OSError:
                now = None
            if now != seen:
                seen = now
                try:
                    data, page = await loop.run_in_executor(self.builder, topic.build)
                except (OutsideError, ViewError, ValueError, OSError) as exc:
                    data, page = {"error": str(exc) or type(exc).__name__}, None
                topic.version += 1
                data["version"] = topic.version
                topic.event = b"data: " + orjson.dumps(data) + b"\n\n"
                topic.page = page
                old, topic.changed = topic.changed, asyncio.Event()
                old.set()
            await asyncio.sleep(WATCH_S)

    async def stream(
        self,
        key: tuple[str, ...],
        signature: Callable[[], Any],
        build: Callable[[], tuple[dict[str, Any], str | None]],
    ) -> AsyncIterator[bytes]:
        """One page's events; it joins the topic only once its answer has begun (a request gone
        before then leaves no count behind) and leaves it however the stream ends."""
        topic = self.join(key, signature, build)
        last = 0
        try:
            yield b"retry: 2000\n\n"
            while True:
                if topic.version != last and topic.event is not None:
                    last = topic.version
                    yield topic.event
                    continue
                try:
                    await asyncio.wait_for(topic.changed.wait(), timeout=KEEPALIVE_S)
                except TimeoutError:
                    yield b": keep-alive\n\n"
        finally:
            self.leave(topic)


def _file_signature(path: Any) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


# ----------------------------------------------------------------------------- pages of our own
STYLE = (
    "body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}"
    "header,main{max-width:70rem;margin:0 auto;padding:.8rem 1.2rem}"
    "h1{font-size:1.35rem;margin:.3rem 0}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}"
    "ul{padding-left:1.2rem}li{margin:.2rem 0}.muted{color:#666}"
    "#status{margin:.4rem 0;font-weight:600}"
    "iframe{width:100%;height:86vh;border:1px solid #ccc;background:#fff}"
)


def _policy(*scripts: str) -> str:
    own = " ".join(script_hash(s) for s in scripts) or "'none'"
    return (
        f"default-src 'none'; script-src {own}; connect-src 'self'; frame-src 'self'; "
        "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    )


def _page(title: str, body: str, script: str | None = None, data: Any = None) -> str:
    scripts = (script,) if script else ()
    data_el = (
        f'<script type="application/json" id="live-data">{data_text(data)}</script>'
        if data is not None
        else ""
    )
    tail = f"<script>{script}</script>" if script else ""
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<meta http-equiv='Content-Security-Policy' content=\"{html.escape(_policy(*scripts))}\">"
        "<meta name='referrer' content='no-referrer'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
        f"{body}{data_el}{tail}</body></html>\n"
    )


def _q(**params: Any) -> str:
    return "?" + "&".join(f"{k}={quote(str(v))}" for k, v in params.items() if v is not None)


def _a(href: str, text: str, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<a href="{html.escape(href, quote=True)}"{c}>{html.escape(text)}</a>'


# ----------------------------------------------------------------------------- the application
def host_name(value: str) -> str:
    """The host of a Host header, without its port ("[::1]:8000" -> "::1")."""
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else ""
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class HostGuard:
    """Headers on every answer: no sniffing, no referrer, framed only by this server's pages;
    on the loopback, a request must name a loopback host (a page elsewhere whose name was made
    to point at 127.0.0.1, DNS rebinding, is refused)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.hosts is not None:
            named = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
            if host_name(named).lower() not in self.hosts:
                await PlainTextResponse("this server answers only to its own address\n", 400)(
                    scope, receive, send
                )
                return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"content-security-policy", b"frame-ancestors 'self'"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, guarded)


def make_app(settings: Settings) -> Starlette:
    """The application over `settings.root`."""
    hub = Hub()
    root = settings.root
    built: OrderedDict[tuple[Any, ...], str] = OrderedDict()
    arena_live = _asset("arena-live.js")
    game_live = _asset("game-live.js")

    def refused(exc: Exception) -> Response:
        return PlainTextResponse(str(exc) + "\n", status_code=404)

    def bad(text: str) -> Response:
        return PlainTextResponse(text + "\n", status_code=400)

    def game_id_of(request: Request) -> int | None:
        raw = request.query_params.get("id")
        if raw is None:
            return None
        if not raw.isdigit() or len(raw) > 9:
            raise ValueError("id: give a game's number")
        return int(raw)

    def eyes_of(request: Request) -> Eyes:
        kind = request.query_params.get("eyes", "spectator")
        if kind == "spectator":
            return Eyes()
        if not settings.reveal:
            raise ValueError("only the spectator's view is served (the organiser did not pass --reveal)")
        if kind == "all":
            return Eyes(EyesKind.ALL)
        seat = request.query_params.get("seat", "")
        if kind == "seat" and seat.isdigit() and len(seat) < 3:
            return Eyes(EyesKind.SEAT, int(seat))
        raise ValueError("eyes: spectator, all, or seat with seat=N")

    # ------------------------------------------------------------------ the index
    async def index(request: Request) -> Response:
        found = await asyncio.get_running_loop().run_in_executor(hub.builder, scan, root)
        arenas = []
        for rel in found.arenas:
            arenas.append(f"<li>{_a('/arena' + _q(at=rel), rel)}</li>")
        logs = [f"<li>{_a('/log' + _q(at=rel), rel)}</li>" for rel in found.logs]
        body = (
            f"<header><h1>altay serve: {html.escape(root.path.name or str(root.path))}</h1>"
            "<p class='muted'>Arenas and SPRT runs update as their games are stored; games in progress "
            "are shown through a spectator's eyes only.</p></header><main>"
            f"<h2>Arenas and SPRT runs ({len(arenas)})</h2>"
            f"<ul id='arenas'>{''.join(arenas) or '<li>none</li>'}</ul>"
            f"<h2>Logs ({len(logs)})</h2><ul id='logs'>{''.join(logs) or '<li>none</li>'}</ul>"
            + (
                "<p class='muted'>(the folder holds more: only its first entries are listed)</p>"
                if found.truncated
                else ""
            )
            + "</main>"
        )
        return HTMLResponse(_page("altay serve", body))

    # ------------------------------------------------------------------ an arena
    def arena_links(rel: str) -> Callable[[int], tuple[str | None, str | None]]:
        def link(game_id: int) -> tuple[str | None, str | None]:
            full = "/game" + _q(at=rel, id=game_id, eyes="all") if settings.reveal else None
            return "/game" + _q(at=rel, id=game_id), full

        return link

    def arena_build(rel: str) -> Callable[[], tuple[dict[str, Any], str | None]]:
        def build() -> tuple[dict[str, Any], str | None]:
            view = arena_view(root, rel, arena_links(rel), arena_live)
            delay = settings.delay if settings.delay is not None else (NETWORK_DELAY if view.network else 0)
            note = "Games being played, shown through a spectator's eyes"
            note += f", {delay} decisions behind" if delay else ""
            note += "; a game is shown once the other games of its deal (the same cards) are stored."
            data = {
                "games": view.games,
                "scheduled": view.scheduled,
                "complete": view.complete,
                "note": note,
                "live": [
                    {
                        "id": g.game_id,
                        "bots": g.bots,
                        "href": None if g.withheld else "/live" + _q(at=rel, id=g.game_id),
                    }
                    for g in view.live
                ],
            }
            return data, view.html

        return build

    def arena_signature(rel: str) -> Callable[[], Any]:
        def signature() -> Any:
            folder = root.resolve(rel)
            return tuple(
                _file_signature(folder / name) for name in ("arena.sqlite", "arena.sqlite-wal", "logs")
            )

        return signature

    def arena_rel(request: Request) -> str:
        rel = request.query_params.get("at", ".")
        problem = arena_problem(root, rel)
        if problem:
            raise OutsideError(problem)
        return root.relative(root.resolve(rel))

    async def arena_page(request: Request) -> Response:
        try:
            rel = arena_rel(request)
            topic = hub.topics.get(("arena", rel))
            page = topic.page if topic is not None and topic.page is not None else None
            if page is None:
                _, page = await asyncio.get_running_loop().run_in_executor(hub.builder, arena_build(rel))
        except (OutsideError, ValueError, OSError) as exc:
            return refused(exc)
        return HTMLResponse(page or "")

    async def arena_events(request: Request) -> Response:
        try:
            rel = arena_rel(request)
        except (OutsideError, ValueError) as exc:
            return refused(exc)
        return events(("arena", rel), arena_signature(rel), arena_build(rel))

    def events(key: tuple[str, ...], signature: Callable[[], Any], build: Callable[[], Any]) -> Response:
        if hub.streams >= MAX_STREAMS:
            return PlainTextResponse("too many pages open on this server\n", status_code=503)
        return StreamingResponse(
            hub.stream(key, signature, build),
            media_type="text/event-stream",
            headers={"x-accel-buffering": "no"},
        )

    # ------------------------------------------------------------------ a game
    @dataclass
    class Game:
        log: str  # relative path of its log
        seed: int | None
        label: str
        query: dict[str, Any]

    def game_of(request: Request) -> Game:
        at = request.query_params.get("at", ".")
        game_id = game_id_of(request)
        if game_id is None:
            real = root.resolve(at)
            rel = root.relative(real)
            if not rel.endswith(".jsonl"):
                raise OutsideError("that is not a game log (.jsonl)")
            if arena_of(root, real) is not None:  # (its arena says whether it may be shown)
                raise OutsideError("that log is an arena's: open it from the arena's page")
            return Game(rel, None, rel, {"at": rel})
        rel = arena_rel(request)
        log, seed, withheld = arena_game(root, rel, game_id)
        if withheld:
            raise OutsideError(WITHHELD.format(game_id))
        return Game(log, seed, f"{rel} game {game_id}", {"at": rel, "id": game_id})

    def live_build(game: Game) -> Callable[[], tuple[dict[str, Any], str | None]]:
        def build() -> tuple[dict[str, Any], str | None]:
            raw = root.read_bytes(game.log)
            prefix = log_prefix(raw, settings.delay)
            page, steps = game_page(game.log, prefix.data, Eyes(), seed=game.seed, live=not prefix.finished)
            data = {
                "decisions": prefix.decisions,
                "shown": prefix.shown,
                "steps": steps,
                "finished": prefix.finished,
                "behind": prefix.decisions - prefix.shown,
                "done_href": "/game" + _q(**game.query) if prefix.finished else None,
                "full_href": "/game" + _q(**game.query, eyes="all")
                if prefix.finished and settings.reveal
                else None,
            }
            return data, page

        return build

    async def finished_page(request: Request) -> Response:
        try:
            game = game_of(request)
            eyes = eyes_of(request)
            loop = asyncio.get_running_loop()
            raw = await loop.run_in_executor(hub.builder, root.read_bytes, game.log)
            prefix = log_prefix(raw, 0)
            if not prefix.finished:
                return RedirectResponse("/live" + _q(**game.query), status_code=303)
            key = (game.log, len(raw), hash(raw), str(eyes.kind), eyes.seat)
            cached = built.get(key)
            if cached is None:
                fresh, _ = await loop.run_in_executor(
                    hub.builder, lambda: game_page(game.log, raw, eyes, seed=game.seed)
                )
                built[key] = cached = fresh
                while len(built) > PAGE_CACHE:
                    built.popitem(last=False)
            built.move_to_end(key)
        except (OutsideError, ViewError, ValueError, OSError) as exc:
            return refused(exc)
        return HTMLResponse(cached)

    async def live_page(request: Request) -> Response:
        try:
            game = game_of(request)
        except (OutsideError, ValueError, OSError) as exc:
            return refused(exc)
        body = (
            f"<header><h1>Live: {html.escape(game.label)}</h1>"
            "<p class='muted'>A game in progress, through a spectator's eyes (what every seat may know)"
            + (f", {settings.delay} decisions behind the log" if settings.delay else "")
            + (
                f"; {NETWORK_DELAY} decisions behind where a bot may use the network"
                if settings.delay is None
                else ""
            )
            + ". The board follows the game as it is written.</p>"
            "<p id='status' aria-live='polite'>waiting for the game...</p>"
            "<p id='done' hidden></p></header>"
            "<main><iframe id='game' title='the game' src='about:blank'></iframe></main>"
        )
        data = {"query": _q(**game.query), "label": game.label}
        return HTMLResponse(_page(f"Live: {game.label}", body, game_live, data))

    async def live_view(request: Request) -> Response:
        try:
            game = game_of(request)
            topic = hub.topics.get(("live", game.log))
            page = topic.page if topic is not None else None
            if page is None:
                _, page = await asyncio.get_running_loop().run_in_executor(hub.builder, live_build(game))
        except (OutsideError, ViewError, ValueError, OSError) as exc:
            return refused(exc)
        return HTMLResponse(page or "")

    async def live_events(request: Request) -> Response:
        try:
            game = game_of(request)
            root.resolve(game.log)
        except (OutsideError, ValueError, OSError) as exc:
            return refused(exc)
        log_path = root.path / game.log
        return events(("live", game.log), lambda: _file_signature(log_path), live_build(game))

    routes = [
        Route("/", index),
        Route("/arena", arena_page),
        Route("/arena/page", arena_page),
        Route("/arena/events", arena_events),
        Route("/game", finished_page),
        Route("/log", finished_page),
        Route("/live", live_page),
        Route("/live/view", live_view),
        Route("/live/events", live_events),
    ]
    hosts = frozenset([*LOOPBACK_HOSTS, settings.host.lower()]) if settings.loopback else None
    middleware = [Middleware(HostGuard, hosts=hosts)]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            for topic in list(hub.topics.values()):
                if topic.task is not None:
                    topic.task.cancel()
            hub.builder.shutdown(wait=False, cancel_futures=True)

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.hub = hub
    return app
