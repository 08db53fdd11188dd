"""Setting up a game played by hand (`altay play`) from typed options: the game, a new
configuration or a saved log to continue, who plays each seat, the bot programs' conditions;
the `PlaySession` that plays it.

Usage from Python (a person's lines fed one at a time, each answer a JSON object):

    from altay_cli.interactive.play import PlayOptions, open_play
    from altay_cli.interactive.printers import JsonPrinter
    answers = []
    play = open_play(PlayOptions(seed=7, seats=("1=policy:greedy",), game_options={"max_rounds": 1}),
                     printer=JsonPrinter(sink=answers.append))
    play.start()             # answers[-1]["type"] == "decide": the person's first decision
    play.feed("0")           # the first legal action; None until the game or session ends
    play.close()             # stops the bot programs

Bad options raise `PlaySetupError`: one sentence, and the option it is about.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import DEFAULT_GAME, ConfigError, Game, UnknownGame, load_game
from ..records import SeedSource
from .app import PlaySession
from .printers import Printer
from .session import LoadError, Session

if TYPE_CHECKING:
    from ..logsign import Signer
    from ..referee.sandbox import SandboxPolicy


class PlaySetupError(ValueError):
    """Options a game cannot be played with; `option` names the one at fault (None: several,
    or none in particular)."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class PlayOptions:
    """What `altay play` is given on its command line, typed."""

    game: Game | str = DEFAULT_GAME
    game_options: dict[str, Any] = field(default_factory=dict)
    players: int = 2  # ignored with `load_path`: the saved game's
    seed: int | None = None  # None: a secret one, shown when the game ends
    seats: tuple[str, ...] = ()  # N=WHO, as --seat takes them; other seats are people's
    load_path: str | None = None  # continue the game saved in this log
    log_path: str | None = None  # write the game log here when leaving
    json_mode: bool = False  # one JSON object per answer (else text for a person)
    tty: bool = False  # reading from a terminal: prompts, and a clear screen between people
    move_ms: int = 5000  # bot seats: time per move
    no_timeout: bool = False  # bot seats: no time limits
    sandbox: SandboxPolicy | None = None  # bot seats' sandbox (None: the default policy)
    signer: Signer | None = None  # signs the log


def open_play(
    options: PlayOptions,
    printer: Printer | None = None,
    warn: Callable[[str], None] | None = None,
) -> PlaySession:
    """The session `options` describe, ready to `run` (or `start` and `feed`); `warn` is given
    the warnings (a guessable seed, bots not sandboxed)."""
    from ..seeds import guessable_seed_warning, secret_seed, seed_source
    from .seats import (
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

    warn = warn or _ignore
    try:
        game = load_game(options.game) if isinstance(options.game, str) else options.game
    except UnknownGame as exc:
        raise PlaySetupError(str(exc), "--game") from None
    game_opts = options.game_options
    players, seed, log_path, load_path = options.players, options.seed, options.log_path, options.load_path
    signer = options.signer
    loaded = None
    if load_path is not None:
        try:
            loaded = Session.load(load_path, seed=seed)
        except LoadError as exc:
            raise PlaySetupError(str(exc)) from None
        game = loaded.game
        players = loaded.config.players
    elif not (span := _player_range(game, game_opts))[0] <= players <= span[1]:
        low, high = span
        raise PlaySetupError(f"{game.kind.name} is for {low} to {high} players", "--players")
    try:
        specs = {s.seat: s for text in options.seats for s in parse_seat_specs(text, players, game)}
    except SeatSpecError as exc:
        raise PlaySetupError(str(exc), "--seat") from None
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
        raise PlaySetupError(str(exc), "--seat") from None
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
        try:
            config = game.make_config(players, seed, game_opts)
            session = Session(config, infos, game, source)
        except ConfigError as exc:
            raise PlaySetupError(str(exc)) from None
    organisers = session.seed_source == SeedSource.ORGANISER
    warning = guessable_seed_warning(
        config.seed if organisers else None, programs_play=any(s.kind == "bot" for s in seat_specs)
    )
    if warning:
        warn(warning)

    match_options = None
    if any(s.kind == "bot" for s in seat_specs):
        try:
            from ..referee import MatchOptions
            from ..referee.sandbox import SandboxPolicy, SandboxUnavailable, isolation_for, refusal
        except ImportError as exc:
            raise PlaySetupError(
                f"bot seats need the referee (altay_cli.referee), which cannot be loaded: {exc}; "
                "use --seat N=policy:greedy for an in-process player"
            ) from None
        # A failing bot does not end a game a person is playing: its move is the first legal one.
        sandbox = options.sandbox or SandboxPolicy()
        try:
            isolation = isolation_for(sandbox)
        except SandboxUnavailable as exc:
            raise PlaySetupError(str(exc)) from None
        if not isolation.sandboxed:  # said when bots will not be sandboxed
            warn(f"warning: {isolation.describe()}")
        for spec in seat_specs:
            if spec.bot is not None:
                why = refusal(list(spec.bot.resolved().argv), sandbox)
                if why is not None:
                    raise PlaySetupError(f"bot {spec.name}: {why}")
        match_options = MatchOptions(
            move_ms=options.move_ms,
            no_timeout=options.no_timeout,
            on_failure="default",
            sandbox=sandbox.with_hidden(log_path, load_path, signer.path if signer else None),
        )
    controllers: dict[int, Controller] = {}  # one controller per player, under each of its seats
    for group in player_groups(seat_specs):
        lead = group[0]
        if lead.kind == HUMAN:
            continue
        try:
            controller = make_controller(lead, game, config, match_options, [s.seat for s in group])
        except (ValueError, OSError) as exc:
            raise PlaySetupError(f"seat {lead.seat}: {exc}", "--seat") from None
        for spec in group:
            controllers[spec.seat] = controller
    return PlaySession(
        session,
        seat_specs,
        controllers,
        json_mode=options.json_mode,
        tty=options.tty,
        log_path=Path(log_path) if log_path else None,
        loaded_from=Path(load_path) if load_path else None,
        signer=signer,
        printer=printer,
    )


def _ignore(text: str) -> None:
    """A warning nobody asked to see."""


def _player_range(game: Game, options: dict[str, Any]) -> tuple[int, int]:
    try:
        return game.deals.player_range(options)
    except ConfigError as exc:
        raise PlaySetupError(str(exc)) from None


__all__ = ["PlayOptions", "PlaySetupError", "PlaySession", "open_play"]
