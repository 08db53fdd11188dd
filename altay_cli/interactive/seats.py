"""Who decides for a seat in `altay play`: the person at the keyboard, an in-process policy,
or a bot program run by the same referee as `altay match`.

A seat spec on the command line is `N=WHO`: `human`, `policy:NAME` (in-process: `random`, or
one the game offers, see altay_cli.policies), or a bot command (`random`, `greedy`, or any program line the
referee accepts, e.g. `"python3 my_bot.py"`). `N` may list several seats (`1,2,3=greedy`,
`0-3=human`): one player controls them all (one bot process, or one person with no hot-seat
screen between them), which only cooperative games allow.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import msgspec

from ..engine import Game, Outcome, State
from ..gamelog import Answer, Failure, SeatInfo, Stderr
from ..policies import make_policy, policy_names
from ..records import DecisionStatus
from ..referee.botcmd import BotCommand, BotCommandError

HUMAN = "human"
POLICY = "policy"
BOT = "bot"


class SeatSpecError(ValueError):
    """A --seat value that cannot be used; the message says what would be right."""


@dataclass(frozen=True)
class SeatSpec:
    seat: int
    kind: str  # HUMAN, POLICY, BOT
    name: str
    command: str | None = None  # the bot's command line, or the policy name
    bot: BotCommand | None = None  # a bot seat's command, parsed and checked once
    player: int | None = None  # the first seat of its player, when that player has several seats


_SEAT_HINT = (
    "expected SEAT=WHO, e.g. --seat 1=greedy, --seat 1=policy:random, --seat 1='python3 my_bot.py', "
    "--seat 0=human, or several seats for one player: --seat 1,2,3=greedy, --seat 0-3=human"
)


def _shown(text: str) -> str:
    """What was typed, quoted and cut short (a seat of 5,000 digits is not echoed whole)."""
    return repr(text) if len(text) <= 60 else repr(text[:50]) + f"... ({len(text)} characters)"


def _ascii_digits(text: str) -> bool:
    """Digits 0-9 only (`٣` is no seat number)."""
    return text.isascii() and text.isdigit()


def _seat_numbers(text: str, whole: str, players: int) -> list[int]:
    """'2' -> [2]; '1,3' -> [1, 3]; '0-3' -> [0, 1, 2, 3]; SeatSpecError otherwise."""
    seats: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not _ascii_digits(low) or (dash and not _ascii_digits(high)):
            raise SeatSpecError(f"--seat {_shown(whole)}: {_SEAT_HINT}")
        first, last = int(low[:30]), int(high[:30]) if dash else int(low[:30])
        if not 0 <= first <= last < players:
            raise SeatSpecError(
                f"--seat {_shown(whole)}: seats are numbered 0 to {players - 1} in a {players}-player game"
            )
        seats.extend(range(first, last + 1))
    if len(set(seats)) != len(seats):
        raise SeatSpecError(f"--seat {_shown(whole)}: a seat is named twice")
    return sorted(seats)


def parse_seat_specs(text: str, players: int, game: Game | None = None) -> list[SeatSpec]:
    """'2=greedy' -> [SeatSpec(2, BOT, 'greedy', ...)]; '0-3=human' -> one person in four seats.
    Several seats are one player (`player` set). Raises SeatSpecError with a hint."""
    seat_text, sep, who = text.partition("=")
    if not sep or not seat_text.strip() or not who.strip():
        raise SeatSpecError(f"--seat {_shown(text)}: {_SEAT_HINT}")
    seats = _seat_numbers(seat_text, text, players)
    player = seats[0] if len(seats) > 1 else None
    who = who.strip()
    if who == HUMAN:
        return [replace(human_spec(seats[0]), seat=s, player=player) for s in seats]
    if who.startswith("policy:"):
        name = who.removeprefix("policy:")
        names = policy_names(game) if game is not None else ["random"]
        if name not in names:
            known = ", ".join(names)
            raise SeatSpecError(f"--seat {_shown(text)}: unknown policy {name!r}; policies are {known}")
        return [SeatSpec(s, POLICY, f"{name}-{seats[0]}", name, player=player) for s in seats]
    try:
        bot = BotCommand.parse(who)
    except BotCommandError as exc:
        raise SeatSpecError(f"--seat {_shown(text)}: {exc}") from None
    return [SeatSpec(s, BOT, bot.name, who, bot, player) for s in seats]


def parse_seat_spec(text: str, players: int, game: Game | None = None) -> SeatSpec:
    """'2=greedy' -> SeatSpec(2, BOT, 'greedy', ...): one seat; raises SeatSpecError with a hint."""
    specs = parse_seat_specs(text, players, game)
    if len(specs) != 1:
        raise SeatSpecError(f"--seat {_shown(text)}: one seat expected here")
    return specs[0]


def human_spec(seat: int) -> SeatSpec:
    return SeatSpec(seat, HUMAN, f"human-{seat}")


def player_groups(specs: Sequence[SeatSpec]) -> list[list[SeatSpec]]:
    """The specs (one per seat, in seat order) by player: a spec with `player` set joins the
    other specs naming the same player; every other spec is a player of its own."""
    groups: dict[Any, list[SeatSpec]] = {}
    for spec in specs:
        key = ("shared", spec.player) if spec.player is not None else ("own", spec.seat)
        groups.setdefault(key, []).append(spec)
    return sorted(groups.values(), key=lambda g: g[0].seat)


def regroup(specs: Sequence[SeatSpec]) -> list[SeatSpec]:
    """The specs with `player` made consistent: the first seat of each group of two or more,
    None for a player of one seat (what is left of a loaded group after --seat replaced some)."""
    out: dict[int, SeatSpec] = {}
    for group in player_groups(specs):
        lead = group[0].seat if len(group) > 1 else None
        for spec in group:
            out[spec.seat] = replace(spec, player=lead)
    return [out[s.seat] for s in specs]


def check_players(specs: Sequence[SeatSpec], game: Game) -> None:
    """One player in several seats only in a cooperative game (SeatSpecError otherwise)."""
    if game.kind.cooperative:
        return
    for group in player_groups(specs):
        if len(group) > 1:
            seats = ", ".join(str(s.seat) for s in group)
            raise SeatSpecError(
                f"seats {seats} are given to one player: {game.kind.name} is a competitive game, where "
                "each seat has a player of its own (give each seat its own --seat)"
            )


@dataclass
class Decided:
    """What a non-human seat chose, how (the log's answer fields), and the failures on the way."""

    action: Any
    answer: Answer = field(default_factory=Answer)
    failures: list[Failure] = field(default_factory=list)


class Controller(Protocol):
    spec: SeatSpec

    def start(self) -> Failure | None: ...

    seats: tuple[int, ...]

    def note(self, state: State, seat: int, action: Any, viewers: Sequence[int] | None = None) -> None: ...
    def forget_events(self) -> None: ...
    def stderr(self) -> Stderr | None: ...
    def decide(self, state: State, n: int) -> Decided: ...
    def game_over(self, outcome: Outcome) -> None: ...
    def close(self) -> None: ...


class PolicyController:
    """An in-process policy (no subprocess): instant, for quick offline games and tests."""

    def __init__(self, spec: SeatSpec, game: Game, seed: int, seats: Sequence[int] | None = None) -> None:
        self.spec = spec
        self.seats = tuple(seats) if seats else (spec.seat,)
        self.policy = make_policy(spec.command or "random", game, seed)

    def start(self) -> Failure | None:
        return None

    def decide(self, state: State, n: int) -> Decided:
        started = time.perf_counter()
        legal = state.legal_actions()
        action = legal[self.policy.choose(state, legal)]
        return Decided(action, Answer(time_ms=(time.perf_counter() - started) * 1000))

    def note(self, state: State, seat: int, action: Any, viewers: Sequence[int] | None = None) -> None:
        pass

    def forget_events(self) -> None:
        pass

    def stderr(self) -> Stderr | None:
        return None

    def game_over(self, outcome: Outcome) -> None:
        pass

    def close(self) -> None:
        pass


class BotController:
    """A bot program behind the referee's BotSeat: handshake, clocks, hidden information.

    Recoverable failures (timeout, bad JSON, illegal answer...) are handled by the seat with
    the "default" policy: the first legal action is played for the bot. When the bot can no
    longer answer (crash, stall, failed start), the first legal action is played for it from
    then on, without asking. Every failure is returned for the game log.
    """

    def __init__(
        self, spec: SeatSpec, game: Game, config: Any, options: Any, seats: Sequence[int] | None = None
    ) -> None:
        from ..referee import BotSeat

        self.spec = spec
        self.seats = tuple(seats) if seats else (spec.seat,)
        bot = spec.bot or BotCommand(spec.name, spec.command or spec.name)
        self.seat = BotSeat(bot, self.seats, game, config, options)
        self.dead: str | None = None
        self._seen_failures = 0

    def start(self) -> Failure | None:
        """Start the bot; a bot that cannot start is played for (its failure is returned)."""
        from ..referee import BotFailure

        failure = None
        try:
            self.seat.start()
        except BotFailure as exc:
            self.dead = f"{exc.status}: {exc.detail}"
            failure = Failure(self.spec.seat, exc.status, exc.detail, consequence="default_action")
        self._seen_failures = len(self.seat.failures)
        return failure

    def note(self, state: State, seat: int, action: Any, viewers: Sequence[int] | None = None) -> None:
        self.seat.note_action(state, seat, action, viewers)

    def forget_events(self) -> None:
        """Drop the events not yet sent (they may describe decisions taken back by undo)."""
        self.seat.forget_events()

    def stderr(self) -> Stderr | None:
        s = self.seat
        if not s.stderr_bytes:
            return None
        return Stderr(self.spec.seat, s.stderr_text, s.stderr_truncated, s.stderr_bytes)

    def decide(self, state: State, n: int) -> Decided:
        from ..referee import BotFailure

        first = state.legal_actions()[0]
        mover = state.to_move if state.to_move is not None else self.spec.seat
        if self.dead is not None:
            return Decided(first, Answer(status=DecisionStatus.DEFAULT))
        started = time.perf_counter()
        try:
            action, answer = self.seat.decide(state, n)
        except BotFailure as exc:
            self.dead = f"{exc.status}: {exc.detail}"
            failure = Failure(
                mover,
                exc.status,
                exc.detail,
                n=n,
                request_id=exc.request_id,
                consequence="default_action",
            )
            self._seen_failures = len(self.seat.failures)
            return Decided(
                first,
                Answer(
                    time_ms=(time.perf_counter() - started) * 1000,
                    request_id=exc.request_id,
                    status=DecisionStatus.DEFAULT,
                ),
                failures=[failure],
            )
        new = self.seat.failures[self._seen_failures :]  # recoverable ones, answered by default
        self._seen_failures = len(self.seat.failures)
        return Decided(action, answer, list(new))

    def game_over(self, outcome: Outcome) -> None:
        if self.dead is None:
            with contextlib.suppress(Exception):  # a bot failing after the game changes nothing
                self.seat.notify_game_over(outcome)

    def close(self) -> None:
        self.seat.close()


def seat_info(spec: SeatSpec) -> SeatInfo:
    """The seat as a log header records it (a bot's command line, a policy's name)."""
    return SeatInfo(
        seat=spec.seat,
        name=spec.name,
        command=spec.command if spec.kind in (BOT, POLICY) else None,
        kind=spec.kind,
        player=msgspec.UNSET if spec.player is None else spec.player,
    )


def spec_from_info(info: SeatInfo, game: Game) -> SeatSpec:
    """The seat a saved game's log records, as it was played: a bot stays that bot (so loading
    a game never hands a person the bot's cards), an in-process player stays one, a person a
    person, and seats of one player stay one player.
    SeatSpecError when a recorded bot cannot run here (give --seat N=... instead)."""
    player = None if info.player is msgspec.UNSET else info.player
    return replace(_spec_from_info(info, game), player=player)


def _spec_from_info(info: SeatInfo, game: Game) -> SeatSpec:
    if info.kind == BOT and info.command:
        try:
            bot = BotCommand.parse(info.command, info.name)
        except BotCommandError as exc:
            raise SeatSpecError(
                f"seat {info.seat} was played by {info.command!r}, which cannot run here: {exc}; "
                f"choose who plays it with --seat {info.seat}=..."
            ) from None
        return SeatSpec(info.seat, BOT, info.name, info.command, bot)
    if info.kind == POLICY:
        name = info.command if info.command in policy_names(game) else "random"
        return SeatSpec(info.seat, POLICY, info.name, name)
    return human_spec(info.seat)


def make_controller(
    spec: SeatSpec, game: Game, config: Any, options: Any = None, seats: Sequence[int] | None = None
) -> Controller:
    """The controller of a non-human player (people are served by the command loop itself), for
    `spec`'s seat or for all of `seats` (one player: one bot process)."""
    if spec.kind == HUMAN:
        raise ValueError(f"seat {spec.seat} is a human seat: it has no controller")
    if spec.kind == POLICY:
        return PolicyController(spec, game, config.seed * 10 + spec.seat, seats)
    return BotController(spec, game, config, options, seats)
