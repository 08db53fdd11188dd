"""A tiny helper for Python bot authors: the protocol loop, so you write only `choose`.

Standard library only; copy this file next to your bot.

    import altay_bot

    def choose(observation: dict, actions: list[dict]) -> int:
        return 0                       # index into `actions` (or (index, "debug text"))

    altay_bot.run(choose, name="my-bot", version="0.1")

`observation` is the request's observation (your view of the game) and `actions` the legal
actions; both are documented in protocol/PROTOCOL.md. For more context use a Bot subclass:
override `choose(request)` (the whole request: id, clock, events, actions, observation),
`start(hello)` and `game_over(message)`. A Bot that sets `many_games = True` may be handed
another game after `game_over`: `start` is then called again with its `hello`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

PROTOCOL_VERSION = 1
Answer = int | tuple[int, str]


class Bot:
    """Override `choose`; `start` and `game_over` are optional hooks. A bot that plays only
    some games lists them in `games`: handed another, it says so on stderr and exits before
    `ready` (the referee reports handshake_failed with that message)."""

    games: tuple[str, ...] | None = None

    name = "bot"
    version = "0.1"
    #: True: ask (at `ready`) for requests without the observation's fields that repeat `hello`
    #: (PROTOCOL.md, `ready`); read those from `hello` in `start`
    omit_static = False
    #: True: this bot can play several games in one process (PROTOCOL.md, "Several games in one
    #: process"): `start` is called with each game's `hello` and must forget the previous game
    many_games = False

    def start(self, hello: dict[str, Any]) -> None:
        """Called with the `hello` message (seat, num_players, game, clock) before `ready`."""

    def choose(self, request: dict[str, Any]) -> Answer:
        raise NotImplementedError("return an index into request['actions']")

    def game_over(self, message: dict[str, Any]) -> None:
        """Called with the `game_over` message (result with scores and ranks)."""

    def error(self, message: dict[str, Any]) -> None:
        """The referee refused the last answer; a new request follows if message['retry']."""
        log(f"referee: {message.get('status')}: {message.get('message')}")


def log(text: str) -> None:
    """Debug output: stderr is captured into the game log; stdout is for the protocol only."""
    print(text, file=sys.stderr, flush=True)


def _send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def serve(bot: Bot) -> None:
    """Answer the referee until `quit` or end of input."""
    for line in sys.stdin.buffer:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "request":
            answer = bot.choose(message)
            index, info = answer if isinstance(answer, tuple) else (answer, None)
            reply: dict[str, Any] = {"type": "action", "id": message["id"], "index": index}
            if info:
                reply["info"] = info
            _send(reply)
        elif kind == "hello":
            game = (message.get("kind") or {}).get("name", "altay")
            if bot.games is not None and game not in bot.games:
                sys.stderr.write(f"{bot.name} plays {', '.join(bot.games)} only, not {game}\n")
                sys.stderr.flush()
                sys.exit(2)
            bot.start(message)
            ready: dict[str, Any] = {
                "type": "ready",
                "name": bot.name,
                "version": bot.version,
                "protocol_version": PROTOCOL_VERSION,
            }
            if bot.omit_static:
                ready["omit_static"] = True
            if bot.many_games:
                ready["many_games"] = True
            _send(ready)
        elif kind == "ping":
            _send({"type": "pong", "id": message["id"]})
        elif kind == "error":
            bot.error(message)
        elif kind == "game_over":
            bot.game_over(message)
        elif kind == "quit":
            return
        # Unknown message types are ignored, as the protocol asks.


def run(choose: Callable[[dict, list[dict]], Answer], name: str = "bot", version: str = "0.1") -> None:
    """Serve a bot made of one function choose(observation, actions) -> index."""

    class _FunctionBot(Bot):
        def choose(self, request: dict[str, Any]) -> Answer:
            return choose(request["observation"], request["actions"])

    bot = _FunctionBot()
    bot.name, bot.version = name, version
    serve(bot)
