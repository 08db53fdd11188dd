"""The seam every game implements: what the referee, protocol, logs, replay, arena and `play`
know about a game, and all they know.

In the spirit of OpenSpiel's Game / State: a `Game` is a registered, stateless description of
one game; a `State` is one game in progress. Layers above the engine hold a `Game` (from
`load_game(name)`) and its states, and never import a game's package.

A game writes the rules contract, `Rules[Config, State, Action, Observation]`: four
declarations (`kind`, `config_type`, `action_type`, `observation_type`) and five methods
(`make_config`, `new_state`, `event_for`, `outcome`, `state_from_dict`); the wire forms of its
types come with them. Everything else is a facet with working defaults, reached through the
game and replaced by the game when it has more to say: `game.text` (notation, views, words),
`game.drawing` (the web viewer), `game.search` (search bots, in-process players, the leak
test), `game.deals` (the arena's deals and roles) and `game.checkbot` (decisions out of turn).
Adding a game means implementing `Rules` in `altay_cli/engine/<name>/` and registering it in
`registry.py`; then it adds facets.

Information reaches a player only through `State.observation(seat)` and `Game.event_for(...)`;
the referee sends nothing else. A game's actions, observations and static information are msgspec
types, so the protocol's JSON Schema is generated from them (`altay schema --game NAME`).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import msgspec

if TYPE_CHECKING:
    import random


# ---------------------------------------------------------------------------- errors
class EngineError(Exception):
    """Base class of the engines' errors."""


class ConfigError(EngineError, ValueError):
    """A game configuration (or a game option) is not valid."""


class IllegalAction(EngineError):
    """An action was refused; the state is unchanged.

    `reason` says why, in one sentence; `legal_count` is how many actions were legal instead
    (None when not known). str(exc) adds a hint to look at the legal list.
    """

    def __init__(self, reason: str, legal_count: int | None = None) -> None:
        hint = f" ({legal_count} legal actions now; ask for the list to see them)" if legal_count else ""
        super().__init__(reason + hint)
        self.reason = reason
        self.legal_count = legal_count


class NotationError(EngineError, ValueError):
    """A command typed by a person names no single legal action. `message` is for that person."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidCommand(NotationError):
    """The text is not a command of the game's notation at all."""


class IllegalCommand(NotationError):
    """The text names an action, but no legal one (the message says why, when the game knows)."""


class AmbiguousCommand(NotationError):
    """The text fits several legal actions: `candidates` are their indexes in the legal list."""

    def __init__(self, message: str, candidates: Sequence[int]) -> None:
        super().__init__(message)
        self.candidates = list(candidates)


# ---------------------------------------------------------------------------- records
class EndReason(StrEnum):
    """Why a game stopped, when it did not end by its own rules (a game adds its own reasons)."""

    FORFEIT = "forfeit"  # a seat failed in a way the policy does not forgive
    ABORTED = "aborted"  # Ctrl-C or SIGTERM stopped the match


class TeamResult(StrEnum):
    """A cooperative game's shared result."""

    WON = "won"
    LOST = "lost"
    UNFINISHED = "unfinished"


class GameKind(msgspec.Struct, frozen=True):
    """What kind of game this is, as data (OpenSpiel's GameType)."""

    name: str  # registry name, lower case: "altay"
    title: str  # for people: "Altay: Dawn of Civilization"
    version: str  # rules/engine version: logs record it and replay checks it
    min_players: int
    max_players: int
    cooperative: bool = False  # everyone wins or loses together: one shared result
    role_name: str | None = None  # what a seat's role is called ("faction"), None if seats have none


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended, computed once, by the game.

    `finished`: the game reached its end by its rules (false after a forfeit or abort, when the
    scores are provisional). `scores` per seat, by category, with "total". `ranks` are 1-based,
    ties shared, forfeited seats after every other. For a cooperative game every seat shares
    `team` (won or lost) and one rank; a forfeit loses the game for the team.
    """

    finished: bool
    end_reason: str | None  # None: not over yet (a game saved unfinished)
    rounds: int
    turns: int
    scores: list[dict[str, int]]
    ranks: list[int]
    winners: list[int]
    forfeits: list[int] = []
    team: TeamResult | None = None  # cooperative games only


class OptionKind(StrEnum):
    FLAG = "flag"  # a boolean switch
    INT = "int"
    CHOICE = "choice"  # one of `choices`
    CHOICE_LIST = "choice_list"  # comma-separated, each one of `choices` (case-insensitive)
    FILE = "file"  # a file's path: the game reads it when it makes the configuration


class GameOption(msgspec.Struct, frozen=True):
    """One of a game's own options, offered by every command that starts a game of it.

    `field` is the configuration field it sets; the command-line flag is `--` + field with
    underscores as dashes. `None` as a value means "the game's default".
    """

    field: str
    kind: OptionKind
    help: str
    choices: tuple[str, ...] = ()
    default: Any = None
    metavar: str | None = None
    dealt: bool = False  # the arena's deals set it (roles, set-up): not an arena option

    @property
    def flag(self) -> str:
        return "--" + self.field.replace("_", "-")


@runtime_checkable
class GameConfig(Protocol):
    """Every game's configuration has at least these fields (a frozen msgspec Struct)."""

    players: int
    seed: int


@runtime_checkable
class State(Protocol):
    """One game in progress. Mutable; `clone()` for search. Pure: no I/O, no clock, one rng."""

    config: Any

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (an interrupting decision belongs to the seat it asks);
        None once the game is over."""

    @property
    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> list[Any]:
        """The finite, ordered list of actions the deciding seat may take now."""

    def apply(self, action: Any) -> None:
        """Apply one legal action; IllegalAction (state unchanged) otherwise."""

    def observation(self, seat: int) -> Any:
        """Everything `seat` may know now: the only exit for hidden information."""

    def clone(self) -> State: ...

    def digest(self) -> str:
        """A hash of the full state: equal states, equal digests (logs record it per step)."""

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class Belief(Protocol):
    """What one seat knows of a game in progress, and full states drawn from it: a player
    imagining the world, for search bots (`Game.search.new_belief`).

    It is built only from what the referee sends that seat: the `hello` message's settings,
    static information and seat, then, for each request in order, the observation and the
    events it carried (as decoded JSON builtins or as the typed records). It never reads the
    true state. A retry request repeats the events of the request it replaces: give them once.
    """

    def update(self, observation: Any, events: Sequence[Any] = ()) -> None:
        """Take in one request's observation and the events that came with it."""

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with everything seen, its hidden parts (others' hidden cards,
        deck orders, the generator) drawn from what remains possible; it plays on like any
        state. Its `observation(seat)` is the last observation given; only `rng` is consumed."""


# ---------------------------------------------------------------------------- drawing (the viewer)
class EyesKind(StrEnum):
    """Whose eyes the web viewer draws a game through."""

    SPECTATOR = "spectator"  # what every seat may know (the default for publishing)
    SEAT = "seat"  # exactly what one seat was sent: a bot author debugging a bot
    ALL = "all"  # the full state


class Eyes(msgspec.Struct, frozen=True):
    """A view of a game: spectator, one seat (`seat`), or everything."""

    kind: EyesKind = EyesKind.SPECTATOR
    seat: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == EyesKind.SEAT) != (self.seat is not None):
            raise ValueError("a seat's eyes name the seat; spectator and all name none")

    @property
    def label(self) -> str:
        return f"seat {self.seat}" if self.kind == EyesKind.SEAT else str(self.kind)


class Drawing(ABC):
    """How a game draws itself in the web viewer: a facet of the seam, in the game's package.

    The viewer re-simulates a log and asks, for every step, `frame(state, eyes)`: JSON builtins
    holding what is drawn at that step and nothing the eyes may not know (for a seat, built from
    `state.observation(seat)` alone; for a spectator, from `Game.spectator_observation(state)`;
    for `all`, from the state). The page stores frames as keyframes and deltas of their
    top-level keys, so a frame should keep what changes rarely (a map's ownership) apart from
    what changes often (resources). `static(config)` is drawn once per page (the board, card
    texts: public). `script()` is the JavaScript that draws: it must register
    `window.altayGames[NAME] = {draw(root, statics, frame, ctx)}`, where `root` is an empty
    element to fill (SVG inside is the usual), and `ctx` = {eyes: {kind, seat}, step, seats:
    [{seat, name, label, color, pattern}], decision: {...} or null}; seats must be told apart by
    `label` or `pattern` as well as `color`. It runs offline from file://: no network, no
    imports. Drawn elements carry `data-*` attributes (e.g. data-territory, data-owner) so that
    browser tests compare what is drawn with the engine's state.

    The page, not the drawing, shows the list of decisions (`decision_text`), the legal actions,
    a bot's info text and failure details, and only to eyes that may see them: all eyes, or the
    deciding seat's own.
    """

    @abstractmethod
    def static(self, config: Any) -> dict[str, Any]:
        """Public data drawn once per page (the map, the card texts)."""

    @abstractmethod
    def frame(self, state: State, eyes: Eyes) -> dict[str, Any]:
        """What is drawn at this step through `eyes` (see the class docstring)."""

    @abstractmethod
    def script(self) -> str:
        """The JavaScript source that draws a frame (shipped as package data and inlined)."""

    @abstractmethod
    def decision_text(self, state: State, seat: int, action: Any, eyes: Eyes) -> str:
        """The decision `seat` just took (`state` is the state after it), in the game's notation,
        as `eyes` may know it: in full for `all` and for the deciding seat's own eyes; for other
        eyes only its public part (a card drawn, or chosen face down, is not named)."""


class LengthUnit(StrEnum):
    """How a game counts its length: rounds (every player once) or turns (one player's)."""

    ROUNDS = "rounds"
    TURNS = "turns"


# ---------------------------------------------------------------------------- the rules contract
class Game(ABC):
    """One registered game, as every layer above the engines holds it: its rules and its facets.

    Stateless: every method takes the state or values it works on. A game implements the rules
    contract (`Rules`, generic over its types: four declarations and five methods, below) and
    gets the rest working at once: the wire forms of its types, and the facets, each with
    defaults a game overrides when it has more to say:

    - `game.text` (`Text`): notation, views and words for people (`altay play`, replay, reports);
    - `game.drawing` (`Drawing` or None): how the web viewer draws it (None: a generic drawing);
    - `game.search` (`Search`): what search bots and the conformance suite use;
    - `game.deals` (`Deals`): the arena's deals, roles and player counts;
    - `game.checkbot` (`CheckBot`): decisions out of turn, which `altay check-bot` presses for.

    A game declares its facets by class: `text_facet = MyText` (a `Text` subclass, built once
    with the game), and `drawing` by overriding the property.
    """

    # ------------------------------------------------------------------ the contract: declared
    kind: ClassVar[GameKind]
    #: the configuration record (a frozen msgspec Struct with `players` and `seed`)
    config_type: ClassVar[type]
    #: the action union (msgspec tagged Structs): decoding and the JSON Schema use it
    action_type: ClassVar[Any]
    #: the observation type a bot receives in each request
    observation_type: ClassVar[Any]

    # ------------------------------------------------------------------ the contract: methods
    @abstractmethod
    def make_config(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """A validated configuration from the player count, seed and game options (None values
        mean the default); raises ConfigError with a message for the person who gave them."""

    @abstractmethod
    def new_state(self, config: Any) -> State: ...

    @abstractmethod
    def event_for(self, state: Any, seat: int, action: Any, viewer: int) -> Any | None:
        """What `viewer` learns when `seat`'s `action` has just been applied to `state` (the
        state after it), in the game's event form; None when the viewer learns nothing from it.
        Hidden parts (a card drawn, a card revealed to others) must not reach a viewer who may
        not see them. (The step is passed in rather than remembered by the state, so a state
        stays cheap to clone in a search bot's inner loop.)"""

    @abstractmethod
    def outcome(self, state: Any, forfeits: Sequence[int] = (), aborted: bool = False) -> Outcome:
        """The result: final when the state is terminal, provisional otherwise. Forfeited seats
        rank after every other seat (in a cooperative game, the whole team loses)."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """The state `State.to_dict()` described (ValueError for a document that is not one):
        serialization round-trips, digest included."""

    # ------------------------------------------------------------------ declared, with defaults
    #: what a seat learns from another seat's step (see `event_for`); by default the action type
    event_type: ClassVar[Any] = None
    #: the static information sent once, in `hello` (board, card catalogue)
    static_info_type: ClassVar[Any] = dict[str, Any]
    #: the configuration a bot may know (`public_settings`), sent in `hello`
    settings_type: ClassVar[Any] = dict[str, Any]
    #: the game's own options, offered by every command that starts a game
    options: ClassVar[tuple[GameOption, ...]] = ()
    #: the guide for bot authors to what the game puts in the protocol (path under protocol/)
    guide: ClassVar[str | None] = None
    #: the observation's fields that only repeat what `hello` said (its `static`, `game`,
    #: `num_players`), left out of the requests of a bot that asks at `ready` (`omit_static`):
    #: a field name mapped to (): the field; to names: those names in each element of that list
    static_observation_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.event_type is None and hasattr(cls, "action_type"):
            cls.event_type = cls.action_type

    # ------------------------------------------------------------------ configuration and the wire
    def validate_config(self, config: Any) -> None:
        """Raise ConfigError when the configuration is not valid. By default: it is the game's
        configuration type, for a number of players the kind allows."""
        if not isinstance(config, self.config_type):
            raise ConfigError(f"not a {self.kind.title} configuration")
        players = getattr(config, "players", None)
        low, high = self.kind.min_players, self.kind.max_players
        if not isinstance(players, int) or not low <= players <= high:
            raise ConfigError(f"{self.kind.title} is for {low} to {high} players, not {players}")

    def config_to_builtins(self, config: Any) -> dict[str, Any]:
        """The configuration as JSON-ready builtins, without the seed (logs seal it)."""
        data: dict[str, Any] = msgspec.to_builtins(config)
        data.pop("seed", None)
        return data

    def config_from_builtins(self, data: Mapping[str, Any], seed: int) -> Any:
        """The configuration of a log header, with its seed; ConfigError when it is not valid."""
        try:
            config: Any = msgspec.convert({**data, "seed": seed}, self.config_type)
        except msgspec.ValidationError as exc:
            raise ConfigError(f"not a valid {self.kind.name} configuration: {exc}") from None
        self.validate_config(config)
        return config

    def public_settings(self, config: Any) -> Any:
        """What a bot may know of the configuration (never the seed: it reveals hidden cards)."""
        return self.config_to_builtins(config)

    def static_info(self, config: Any) -> Any:
        """What bots need to know once (board, cards), sent in `hello`; by default nothing."""
        return {}

    def action_to_builtins(self, action: Any) -> dict[str, Any]:
        """The action's JSON form (builtins)."""
        data: dict[str, Any] = msgspec.to_builtins(action)
        return data

    def action_from_builtins(self, data: Any) -> Any:
        """An action from its JSON form; ValueError when it is not one."""
        try:
            return msgspec.convert(data, self.action_type)
        except msgspec.ValidationError as exc:
            raise ValueError(str(exc)) from None

    def canonical_action(self, action: Any) -> Any:
        """The action in the form the legal list uses (e.g. a multiset of cards in the engine's
        order), so every spelling of one action compares equal to it."""
        return action

    def action_to_json(self, action: Any) -> bytes:
        return msgspec.json.encode(action)

    # ------------------------------------------------------------------ rules with defaults
    def roles(self, state: Any) -> list[str]:
        """Each seat's role (faction) once chosen, "" before or when the game has none."""
        return [""] * state.config.players

    def explain_illegal(self, state: Any, action: Any) -> str:
        """Why `action` is not legal now, in one sentence (a courtesy to bot authors)."""
        return "it is not one of the legal actions now"

    def check_invariants(self, state: Any) -> list[str]:
        """The game's invariants (conservation of cards, tokens...) the state breaks: [] if none."""
        return []

    def player_observation(self, state: Any, seat: int, seats: Sequence[int]) -> Any:
        """What `seat` may know when one player leads every seat of `seats` (`seat` among them;
        only cooperative games allow several): the observation each request of `seat` carries,
        and what `play` shows a person leading them. By default `state.observation(seat)`; a game
        whose rules give such a player more (Mammothodus: the hands of the other clans it leads)
        adds exactly that."""
        return state.observation(seat)

    def spectator_observation(self, state: Any) -> Any:
        """What every seat may know of `state` (no hand, no hidden card): the viewer's
        spectator eyes and `replay --show`. A game with hidden information must provide it."""
        raise NotImplementedError(f"{self.kind.name} has no spectator observation")

    # ------------------------------------------------------------------ the facets
    text_facet: ClassVar[type[Text]]
    search_facet: ClassVar[type[Search]]
    deals_facet: ClassVar[type[Deals]]
    checkbot_facet: ClassVar[type[CheckBot]]

    @cached_property
    def text(self) -> Text:
        """Notation, views and words for people."""
        return self.text_facet(self)

    @cached_property
    def search(self) -> Search:
        """What search bots (and the conformance suite) use."""
        return self.search_facet(self)

    @cached_property
    def deals(self) -> Deals:
        """The arena's deals, roles and player counts."""
        return self.deals_facet(self)

    @cached_property
    def checkbot(self) -> CheckBot:
        """Decisions out of turn, which `altay check-bot` makes sure a bot meets."""
        return self.checkbot_facet(self)

    @property
    def drawing(self) -> Drawing | None:
        """How the web viewer draws this game (None: the viewer's generic drawing, the frame's
        data as a tree). A game overrides this property (a cached one: it is asked often)."""
        return None


ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT", bound=State)
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")


class Rules(Game, Generic[ConfigT, StateT, ActionT, ObservationT]):
    """The rules contract a game implements, typed by its configuration, state, action and
    observation: declare `kind`, `config_type`, `action_type`, `observation_type`, implement
    the five methods below, register it, and it plays through every command (`match`,
    `replay`, `play`, `arena`, the viewer). Then add facets (see `Game`)."""

    @abstractmethod
    def make_config(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ConfigT:
        """A validated configuration from the player count, seed and game options (None values
        mean the default); raises ConfigError with a message for the person who gave them."""

    @abstractmethod
    def new_state(self, config: ConfigT) -> StateT:
        """The state of a new game of `config`."""

    @abstractmethod
    def event_for(self, state: StateT, seat: int, action: ActionT, viewer: int) -> Any | None:
        """What `viewer` learns of `seat`'s `action`, just applied to `state` (see `Game`)."""

    @abstractmethod
    def outcome(self, state: StateT, forfeits: Sequence[int] = (), aborted: bool = False) -> Outcome:
        """The result: final when the state is terminal, provisional otherwise (see `Game`)."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> StateT:
        """The state `State.to_dict()` described (ValueError for a document that is not one)."""

    def player_observation(self, state: StateT, seat: int, seats: Sequence[int]) -> ObservationT:
        """What `seat` may know when one player leads `seats` (see `Game`): by default its
        observation, of the game's observation type."""
        observation: ObservationT = state.observation(seat)
        return observation


# ---------------------------------------------------------------------------- facets
class Facet:
    """A facet of a game: built once with the game it speaks for (`self.game`)."""

    def __init__(self, game: Game) -> None:
        self.game = game


class Text(Facet):
    """Notation, views and words for people. The defaults say an action in words from its JSON
    form (its tag, then its values: `play 3`), read back by `parse` (also as JSON, and with
    words left off the end when one legal action fits), and show an observation's fields in
    words, one a line (`deck size: 9`)."""

    #: the unit a game's length is counted in (`Outcome.rounds` or `.turns`), in words and reports
    length_unit: ClassVar[LengthUnit] = LengthUnit.ROUNDS

    # ------------------------------------------------------------------ actions
    def command_text(self, action: Any) -> str:
        """The action as a command a person would type (parse() reads it back)."""
        return _action_words(self.game.action_to_builtins(action))

    def describe(self, action: Any) -> str:
        """The action (or event) in a short English sentence."""
        return _action_words(msgspec.to_builtins(action))

    def describe_in(self, state: Any, action: Any) -> str:
        """`describe(action)` for an action (or event) of the game `state` is in: a game whose
        words depend on its configuration (Mammothodus names its centre from its data set)
        says it as that game does. By default `describe(action)`."""
        return self.describe(action)

    def parse(self, state: Any, text: str) -> int:
        """The index in `state.legal_actions()` of the action `text` names; raises
        InvalidCommand, IllegalCommand or AmbiguousCommand with a message for a person. By
        default: the words of `command_text` (case-insensitive; words may be left off the end
        when one legal action fits), or the action's JSON."""
        legal = state.legal_actions()
        typed = text.strip()
        if typed.startswith("{"):
            try:
                action = self.game.canonical_action(
                    self.game.action_from_builtins(msgspec.json.decode(typed))
                )
            except (msgspec.DecodeError, ValueError) as exc:
                raise InvalidCommand(f"not an action of {self.game.kind.title}: {exc}") from None
            if action not in legal:
                raise IllegalCommand(f"`{self.command_text(action)}` is not legal now")
            return int(legal.index(action))
        words = _words_of(typed)
        if not words:
            raise InvalidCommand("type an action as the list of legal actions says it, or its number")
        said = [_words_of(self.command_text(a)) for a in legal]
        fits = [i for i, w in enumerate(said) if w == words] or [
            i for i, w in enumerate(said) if w[: len(words)] == words
        ]
        if len(fits) == 1:
            return fits[0]
        if fits:
            raise AmbiguousCommand(f"{typed!r} fits {len(fits)} legal actions: say which", fits)
        if words[0] in _verbs(self.game.action_type) | {w[0] for w in said if w}:
            raise IllegalCommand(f"{typed!r} is not legal now (`actions` lists what is)")
        raise InvalidCommand(
            f"unknown command {typed!r}: type an action as `actions` lists it, or its number"
        )

    def why(self, state: Any, text: str) -> str:
        """Why the action `text` names is, or is not, legal now (`why ACTION` in `altay play`)."""
        try:
            index = self.parse(state, text)
        except AmbiguousCommand as exc:
            return f"{exc.message} (legal: {len(exc.candidates)} actions fit)"
        except NotationError as exc:
            return exc.message
        return f"`{self.command_text(state.legal_actions()[index])}` is legal now: it is number {index}"

    def help_text(self) -> str:
        """How to type this game's commands in `altay play`."""
        return (
            "  an action as the list of legal actions says it (`actions`), or its number; words may\n"
            "  be left off the end when only one legal action fits"
        )

    # ------------------------------------------------------------------ views
    def views(self) -> Mapping[str, str]:
        """The terminal views `view()` can show: name -> one-line help."""
        return {"full": "everything you may see", "compact": "what changes from step to step"}

    def view(self, state: Any, seat: int | None, name: str) -> list[str]:
        """Text lines for a terminal: the view `name` of what `seat` may see (None: everything
        public, as a spectator sees it). "full" and "compact" exist in every game. By default
        the observation's fields in words, one a line ("compact": those that fit a short line)."""
        if name not in self.views():
            raise ValueError(f"no view {name!r}; views: {', '.join(self.views())}")
        if seat is not None:
            return _field_lines(state.observation(seat), compact=name == "compact")
        try:
            return _field_lines(self.game.spectator_observation(state), compact=name == "compact")
        except NotImplementedError:
            mover = state.to_move
            return ["the game is over" if mover is None else f"{self.seat_label(state, mover)} to move"]

    def player_view(self, state: Any, seat: int, seats: Sequence[int], name: str) -> list[str]:
        """`view(state, seat, name)` for a person leading every seat of `seats`: what
        `player_observation` adds is shown too. By default the seat's own view."""
        return self.view(state, seat, name)

    def narrate(self, state: Any, seat: int, action: Any, viewer: int | None) -> str | None:
        """What happened as a consequence of `seat`'s action (e.g. a combat's outcome), as
        `viewer` may know it, for the terminal; None when the action says it all. `viewer` None:
        told to a spectator of a replay, in the third person, with what `seat` knew."""
        return None

    def turn_key(self, state: Any) -> tuple[Any, ...]:
        """Changes when a new turn (or an interrupting decision) begins: `play` then shows the
        full view again instead of the compact one."""
        return (state.to_move,)

    def turn_of(self, state: Any) -> tuple[str, int] | None:
        """Whose turn it is, for a narration ("round 3", seat 1): a new pair starts a new turn
        in `altay replay --show`; None while there are no turns (set-up)."""
        return None

    # ------------------------------------------------------------------ words
    def length_text(self, rounds: int, turns: int) -> str:
        """How long a game lasted, in the unit its players count (`length_unit`): "12 rounds",
        or "37 turns" for a game whose turns are no rounds (Innovation)."""
        n = turns if self.length_unit is LengthUnit.TURNS else rounds
        return f"{n} {self.length_unit.value[:-1]}{'s' if n != 1 else ''}"

    def seat_label(self, state: Any, seat: int) -> str:
        """How the terminal names a seat ("P2 Firefolk")."""
        role = self.game.roles(state)[seat]
        return f"P{seat}" + (f" {role}" if role else "")

    def describe_config(self, config: Any) -> str:
        """One line for people: the game and its configuration (never the seed)."""
        return f"{self.game.kind.title}: {config.players} players"

    def end_reason_text(self, reason: str | None) -> str:
        """An end reason in words."""
        if reason == EndReason.FORFEIT:
            return "a bot forfeited"
        if reason == EndReason.ABORTED:
            return "the match was interrupted"
        return reason.replace("_", " ") if reason else "not finished"

    def score_headers(self) -> dict[str, str]:
        """Column headers of the score categories, in order, "total" last."""
        return {"total": "Score"}

    # ------------------------------------------------------------------ the reference
    def reference(self) -> str:
        """The game's rules reference for people and bot authors (`altay rules`), generated
        from its data; by default its static information as JSON."""
        config = self.game.make_config(self.game.kind.min_players, 0)
        return json.dumps(msgspec.to_builtins(self.game.static_info(config)), indent=2) + "\n"

    def reference_for(self, config: Any) -> str:
        """The rules reference of games of this configuration (`altay rules` with game options,
        `rules` in `altay play`): by default `reference()`; a game whose components come with
        its configuration (Mammothodus's --data) writes that configuration's."""
        return self.reference()

    def lookup(self, term: str) -> list[str]:
        """What the game's reference says about `term` (a card, a rule...), as text lines; []
        when nothing matches. By default, the reference's lines that mention it."""
        words = term.lower().split()
        return [
            line for line in self.reference().splitlines() if words and all(w in line.lower() for w in words)
        ]

    @property
    def has_own_reference(self) -> bool:
        """Whether the game writes a reference of its own (not the default's static JSON)."""
        return type(self).reference is not Text.reference


class Search(Facet):
    """What search bots use (a belief to imagine hidden cards, a leaf value, a playout policy),
    the in-process players, and the conformance suite's leak test."""

    #: whether `new_belief` is implemented (a search bot needs it to imagine hidden cards)
    has_sampler: ClassVar[bool] = False
    #: in-process players besides `random`: name -> "module:function" with the signature
    #: function(observation, legal actions as JSON values, random.Random) -> index
    in_process_bots: ClassVar[Mapping[str, str]] = {}
    #: whether those players also get the game's static information (`static=`, as JSON
    #: builtins, what a bot gets in `hello.static`): a game whose components come with its
    #: configuration (Mammothodus's --data) needs it
    in_process_static: ClassVar[bool] = False
    #: whether a search bot leans on the in-process greedy player: its default choice (the one
    #: another action must beat in the same worlds) is the greedy's, its playouts finish the
    #: seat's own turn with the greedy and are judged when that turn ends: for a game whose
    #: playout policy is quick but uniformly random, so that search improves on the game's
    #: heuristic instead of on chance
    greedy_guided: ClassVar[bool] = False
    #: whether a search bot plays each playout to the game's end with the in-process greedy
    #: player for every seat (seeing every hand of the sampled world), valued by `end_value`,
    #: and searches only the decisions `worth_searching` names (the greedy answers the rest):
    #: for a cooperative game whose heuristic plans over many turns, where neither short
    #: playouts nor random ones see what a decision leads to
    playouts_to_the_end: ClassVar[bool] = False

    def worth_searching(self, observation: Any, every_stage: bool = False) -> bool:
        """Whether a search bot should spend its time on a decision (its observation, as JSON
        builtins); by default every decision with a choice. `every_stage`: also at the stages
        of a game where the engine found that search does not pay (a bot's option, for
        experiments and for tests of short games)."""
        return True

    def end_value(self, state: Any, seat: int) -> float:
        """The value of a finished playout for `seat`, from -1 to 1 (`playouts_to_the_end`);
        by default `evaluate` (a finished game's outcome)."""
        return self.evaluate(state, seat)

    def new_belief(self, settings: Any, static: Any, seat: int) -> Belief:
        """An empty `Belief` for `seat`, from the `hello` message's settings and static
        information (builtins or typed); feed it each request with `update`."""
        raise NotImplementedError(f"{self.game.kind.name} has no belief sampler")

    def evaluate(self, state: Any, seat: int) -> float:
        """How good `state` looks for `seat`, from -1 (lost) to 1 (won): a search bot's leaf
        value. By default the provisional scores: the margin over the best other seat (a
        cooperative game: the team's result once over, else 0)."""
        outcome = self.game.outcome(state)
        if outcome.team is not None or self.game.kind.cooperative:
            return 1.0 if outcome.team == TeamResult.WON else -1.0 if outcome.team == TeamResult.LOST else 0.0
        totals = [s.get("total", 0) for s in outcome.scores]
        mine = totals[seat]
        best = max((t for i, t in enumerate(totals) if i != seat), default=0)
        return (mine - best) / (abs(mine) + abs(best) + 1)

    def playout_action(self, state: Any, rng: random.Random) -> int:
        """A quick, plausible choice for the seat to move (an index into its legal actions),
        for a search bot's simulations; by default uniformly at random."""
        return rng.randrange(len(state.legal_actions()))

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> State | None:
        """A copy of `state` that differs only in what `seat` may not see (shuffled hidden
        cards), for the conformance suite's leak test; None when the game has nothing hidden
        (or does not say)."""
        return None


class Deals(Facet):
    """The arena's deals: fair random set-ups, the roles seats can have, the player counts."""

    def deal(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> Any:
        """The configuration of one arena deal: a fair random set-up for `players` seats (with
        the organiser's game options) that is a deterministic function of its arguments. By
        default the game's configuration of that seed."""
        return self.game.make_config(players, seed, options)

    def config_roles(self, config: Any) -> list[str]:
        """Each seat's role when the configuration presets it ("" when it does not)."""
        return [""] * config.players

    def role_choices(self) -> tuple[str, ...]:
        """Every role a seat can have, in the game's order (arena tables are ordered by it)."""
        return ()

    def role_choices_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """`role_choices()` of games with these game options (Mammothodus's clans are named by
        its --data file); by default `role_choices()`."""
        return self.role_choices()

    def player_range(self, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """The fewest and most players of games with these game options: the kind's, unless the
        options narrow it (Mammothodus: its --data file names fewer clans)."""
        return self.game.kind.min_players, self.game.kind.max_players


class CheckBot(Facet):
    """Decisions out of turn and mid-effect, which `altay check-bot` makes sure a bot meets."""

    #: options for a short test game (`altay check-bot`), applied unless given
    quick_game_options: ClassVar[Mapping[str, Any]] = {}
    #: whether a seat can be asked to decide outside its own turn (a defence, a demand), and
    #: what such a decision is called; `check-bot` makes sure a bot meets one
    can_interrupt: ClassVar[bool] = False
    interrupt_name: ClassVar[str] = "interrupt"

    def is_interrupt(self, state: Any) -> bool:
        """Whether the seat to move decides outside its own turn (Altay: a defence)."""
        return False

    def mid_effect(self, state: Any) -> bool:
        """Whether the seat to move is asked in the middle of an action's effect (a defence, a
        card's choice during a dogma, a step of a move) rather than for the action itself;
        `check-bot --dump` keeps such a request. By default: when it decides out of turn."""
        return self.is_interrupt(state)

    def pressure(self, state: Any, target: int) -> list[int]:
        """Indexes of legal actions that would make `target` decide out of turn (Altay: attacks
        on its territories); `check-bot`'s opponents prefer them."""
        return []


Game.text_facet = Text
Game.search_facet = Search
Game.deals_facet = Deals
Game.checkbot_facet = CheckBot


def _word(value: Any) -> str:
    """A JSON value in words: no brackets, quotes or engine names (`hand_sizes` says "hand sizes")."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, (list, tuple)):
        nested = any(isinstance(item, (list, tuple, dict)) for item in value)
        return ("; " if nested else ", ").join(_word(item) for item in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{_word(k)} {_word(v)}" for k, v in value.items()) or "none"
    return str(value)


def _action_words(data: Any) -> str:
    """An action's JSON form in words: its values in order (the tag first), None left out."""
    if isinstance(data, dict):
        return " ".join(_word(v) for v in data.values() if v is not None)
    return _word(data)


def _words_of(text: str) -> list[str]:
    return text.lower().replace(",", " ").split()


def _verbs(action_type: Any) -> set[str]:
    """The first word of every tagged action type's tag (the verbs of the default notation)."""
    try:
        info = msgspec.inspect.type_info(action_type)
    except (TypeError, ValueError):
        return set()
    tags = [getattr(t, "tag", None) for t in getattr(info, "types", (info,))]
    return {_words_of(_word(tag))[0] for tag in tags if isinstance(tag, str) and tag.strip()}


def _field_lines(observation: Any, *, compact: bool) -> list[str]:
    """An observation's fields in words, one a line; compact: those under 60 characters."""
    data = msgspec.to_builtins(observation)
    if not isinstance(data, dict):
        return [_word(data)]
    lines = [f"{_word(key)}: {_word(value)}" for key, value in data.items()]
    return [line for line in lines if len(line) < 60] if compact else lines
