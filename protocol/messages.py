"""Every message of the bot protocol, as msgspec Structs: the envelope every game shares.

One JSON object per line, UTF-8, tagged by its `type` field. The referee sends `hello`,
`request`, `error`, `ping`, `game_over` and `quit`; a bot sends `ready`, `action` and `pong`.
Unknown fields are ignored on both sides, so later versions can add fields.

The envelope knows no game: the payloads a game defines (its public settings, static
information, actions, events and observation) are type parameters, e.g. `Request[A, O, E]`. A
game's JSON Schema is these messages with its own types put in (`altay schema --game NAME`);
protocol/schema.json is the envelope alone (`python -m protocol.schema`).
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar, Union, get_args

import msgspec
from msgspec import Meta

#: A game's action type, observation type, event type, public settings and static information.
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741
E = TypeVar("E")
S = TypeVar("S")
I = TypeVar("I")  # noqa: E741

PROTOCOL_VERSION = 1
#: Ids and indexes a bot sends: JSON numbers every language reads exactly (|n| <= 2**53). A
#: number out of range is a bad line; one in range but wrong is wrong_request_id/illegal_action.
MAX_SAFE_INT = 2**53
BotInt = Annotated[int, Meta(ge=-MAX_SAFE_INT, le=MAX_SAFE_INT)]


# ---------------------------------------------------------------------------- shared parts
class GameKindInfo(msgspec.Struct):
    """Which game this is, and what kind of game."""

    name: Annotated[str, Meta(description="the game's registered name, e.g. 'altay'")]
    title: str
    version: Annotated[str, Meta(description="the rules (engine) version")]
    min_players: int
    max_players: int
    cooperative: Annotated[bool, Meta(description="true: every seat shares one result")]
    role_name: Annotated[str | None, Meta(description="what a seat's role is called, e.g. 'faction'")]


class ClockSettings(msgspec.Struct):
    """The time control of the match, in milliseconds (null: no limit, debugging mode)."""

    move_ms: int | None
    bank_ms: int | None
    increment_ms: int
    startup_ms: int | None
    kind: Annotated[
        str,
        Meta(description="what the clock charges: 'wall' (wall time) or 'cpu' (your processes' CPU time)"),
    ] = "wall"


class Clock(msgspec.Struct):
    """The clock for one request: answer within move_ms + bank_ms, counted from the send."""

    move_ms: Annotated[int | None, Meta(description="free time for this decision; null = no limit")]
    bank_ms: Annotated[int | None, Meta(description="bank left; time over move_ms is taken from it")]
    increment_ms: Annotated[int, Meta(description="added to the bank after each answered decision")]
    kind: Annotated[
        str,
        Meta(description="what the clock charges: 'wall' (wall time) or 'cpu' (your processes' CPU time)"),
    ] = "wall"


class Event(msgspec.Struct, Generic[E]):
    """What you learned from another seat's step: its action as you may see it (the game's
    guide says what is hidden, e.g. cards that read 'hidden')."""

    seat: int
    action: E


class GameResult(msgspec.Struct):
    """The final (or, after a forfeit, provisional) result of the game."""

    completed: Annotated[bool, Meta(description="false when the game stopped on a forfeit")]
    end_reason: str
    rounds: int
    scores: Annotated[list[dict[str, int]], Meta(description="per seat: points by category and 'total'")]
    ranks: Annotated[list[int], Meta(description="per seat, 1 = best; ties share a rank")]
    winners: list[int]
    forfeits: list[int]
    team: Annotated[str | None, Meta(description="cooperative games: 'won' or 'lost'; else null")] = None


# ---------------------------------------------------------------------------- referee -> bot
class Hello(msgspec.Struct, Generic[S, I], tag="hello", tag_field="type"):
    """First message: who you are, the game and the rules of the match. Answer with `ready`."""

    protocol_version: int
    seat: Annotated[int, Meta(description="your seat, 0-based (the first of `seats`)")]
    seats: Annotated[
        list[int],
        Meta(
            description="every seat you play: [seat], or several seats of a cooperative game played "
            "by one program (each request says which one decides)"
        ),
    ]
    num_players: int
    name: Annotated[str, Meta(description="the name the organiser gave your bot")]
    game: Annotated[S, Meta(description="the game's settings a bot may know (never the seed)")]
    clock: ClockSettings
    max_line_bytes: Annotated[int, Meta(description="longest line you may send, newline excluded")]
    kind: Annotated[GameKindInfo | None, Meta(description="which game, and its rules version")] = None
    static: Annotated[I | None, Meta(description="what never changes in a game: board, cards")] = None


class Request(msgspec.Struct, Generic[A, O, E], tag="request", tag_field="type"):
    """A decision: answer with an `action` message carrying the same `id`."""

    id: Annotated[int, Meta(description="increases with every request to this bot, from 1")]
    seat: Annotated[int, Meta(description="the seat this decision is for (one of hello's `seats`)")]
    clock: Clock
    events: Annotated[list[Event[E]], Meta(description="what this seat learned since its previous request")]
    actions: Annotated[list[A], Meta(description="the legal actions; answer with an index")]
    observation: O


class Error(msgspec.Struct, tag="error", tag_field="type"):
    """Your last message was refused. With `retry` a new request (new id) follows at once."""

    status: Annotated[str, Meta(description="the failure status, e.g. illegal_action, bad_json")]
    message: str
    request_id: int | None
    retry: bool


class Ping(msgspec.Struct, tag="ping", tag_field="type"):
    """Answer at once with a `pong` carrying the same id."""

    id: int


class GameOver(msgspec.Struct, tag="game_over", tag_field="type"):
    """The game has ended (or stopped); `quit` follows, or the next game's `hello` for a bot that
    said `many_games` at `ready`."""

    seat: int
    seats: Annotated[list[int], Meta(description="every seat you played")]
    result: GameResult


class Quit(msgspec.Struct, tag="quit", tag_field="type"):
    """Exit now (status 0). Processes still running shortly after are killed."""


# ---------------------------------------------------------------------------- bot -> referee
class Ready(msgspec.Struct, tag="ready", tag_field="type"):
    """The answer to `hello`. All fields optional."""

    name: str = ""
    version: str = ""
    author: str = ""
    protocol_version: Annotated[
        int | None, Meta(description="if given, must equal the hello's protocol_version")
    ] = None
    omit_static: Annotated[
        bool,
        Meta(
            description="true: every request's observation leaves out what hello's `static` already "
            "said (the game's page lists those fields); false or absent: the whole observation"
        ),
    ] = False
    many_games: Annotated[
        bool,
        Meta(
            description="true: after `game_over` this process may get the next game's `hello` "
            "instead of `quit` (it answers `ready` again); false or absent: one game per process"
        ),
    ] = False


class ActionAnswer(msgspec.Struct, Generic[A], tag="action", tag_field="type"):
    """The answer to a request: an index into its `actions`, or the action object itself."""

    id: Annotated[
        int, Meta(ge=-MAX_SAFE_INT, le=MAX_SAFE_INT, description="the id of the request you answer")
    ]
    index: BotInt | None = None
    action: A | None = None
    info: Annotated[str | None, Meta(description="optional debug text, kept in the game log (capped)")] = None


class Pong(msgspec.Struct, tag="pong", tag_field="type"):
    id: BotInt


# Runtime unions of the bare classes (their payloads are Any): msgspec decodes them, the schema
# names them, and REFEREE_MESSAGES/BOT_MESSAGES list the classes themselves, not aliases.
RefereeMessage = Union[Hello, Request, Error, Ping, GameOver, Quit]  # type: ignore[type-arg]  # noqa: UP007
BotMessage = Union[Ready, ActionAnswer, Pong]  # type: ignore[type-arg]  # noqa: UP007
REFEREE_MESSAGES: tuple[type[msgspec.Struct], ...] = get_args(RefereeMessage)
BOT_MESSAGES: tuple[type[msgspec.Struct], ...] = get_args(BotMessage)


def referee_messages(settings: Any, static: Any, action: Any, observation: Any, event: Any) -> Any:
    """The union of referee messages with a game's payload types put in (for decoding, schema)."""
    return Union[  # noqa: UP007
        Hello[settings, static], Request[action, observation, event], Error, Ping, GameOver, Quit
    ]


def bot_messages(action: Any) -> Any:
    """The union of bot messages with a game's action type put in."""
    return Union[Ready, ActionAnswer[action], Pong]  # noqa: UP007
