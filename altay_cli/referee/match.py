"""`run_match`: one game between bot processes, refereed and logged.

The loop is the engine's: ask the seat to move, apply its action, tell every seat. Bots are
started together (the start-up budgets overlap), and closed together on every exit path,
Ctrl-C and SIGTERM included, so no bot process outlives the match. In a cooperative game one
program may play several seats (`players`), as one player of several clans.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from altay_cli.engine import Game, State, game_of_config
from altay_cli.gamelog import (
    Decision,
    Failure,
    Header,
    LogWriteError,
    LogWriter,
    Result,
    SeatInfo,
    Stderr,
    now_iso,
)
from altay_cli.records import Consequence, SeedSource
from protocol import PROTOCOL_VERSION

from .sandbox import isolation_for
from .seat import QUIT_GRACE_S, BotSeat
from .signals import holding_signals_cheaply, signals_deferred, sigterm_as_interrupt
from .types import BotFailure, BotSpec, MatchOptions, MatchResult

if TYPE_CHECKING:
    from altay_cli.logsign import Signer

    from .kept import KeptBots, KeptProcess

#: on_decision(state, decision): called after every applied action with its log record.
DecisionCallback = Callable[[State, Decision], None]


class _MatchLog:
    """Writes the game log (when there is one) and keeps the one order of failures.

    `failures` are every failure in the order of their log lines, which is the order they
    happened in: the result line and MatchResult list them in exactly that order (PROTOCOL.md,
    "Failures"). `decisions` counts the decision lines written. A line is written with Ctrl-C
    and SIGTERM held, so an interruption never cuts one in half or splits a failure from its
    place in that order. A write that fails (disk full, file removed) stops the game: the error
    is kept in `error` and raised again by `run_match` once every bot is stopped.
    """

    def __init__(
        self, path: str | Path | None, signer: Signer | None = None, exclusive: bool = False
    ) -> None:
        self.writer = LogWriter(path, signer=signer, exclusive=exclusive) if path is not None else None
        self.path = Path(path) if path is not None else None
        self._written: dict[int, int] = {}
        self.failures: list[Failure] = []
        self.decisions = 0
        self.error: LogWriteError | None = None

    def write(self, line: Any) -> None:
        if self.writer is None or self.error is not None:
            return
        try:
            self.writer.write(line)
        except LogWriteError as exc:
            self.error = exc
            raise

    def flush_failures(self, seat: BotSeat) -> None:
        """Write the failures the seat recorded since the last call (called right after each
        exchange with a bot, so the lines come in the order the failures happened)."""
        if len(seat.failures) == self._written.get(seat.seat, 0):
            return  # the common case, after every decision: nothing to write, no signals to hold
        with signals_deferred():
            done = self._written.get(seat.seat, 0)
            for f in seat.failures[done:]:
                done += 1
                self._written[seat.seat] = done
                self.failures.append(f)
                self.write(f)

    def write_decision(self, record: Decision) -> None:
        self.write(record)
        self.decisions += 1

    def close(self) -> None:
        if self.writer is None:
            return
        try:
            self.writer.close()
        except LogWriteError as exc:
            self.error = self.error or exc


def options_summary(options: MatchOptions) -> dict[str, Any]:
    return {
        "move_ms": options.move_ms,
        "bank_ms": options.bank_ms,
        "increment_ms": options.increment_ms,
        "startup_ms": options.startup_ms,
        "no_timeout": options.no_timeout,
        "on_failure": options.on_failure,
        "retries": options.retries,
        "max_line_bytes": options.max_line_bytes,
        "stderr_cap_bytes": options.stderr_cap_bytes,
        "sandbox": options.sandbox.conditions(),
        "clock": str(options.clock),
    }


def seat_groups(bots: Sequence[BotSpec]) -> list[tuple[int, ...]]:
    """Seats by bot name, in order of their first seat: the players of bots named uniquely per
    program (as `parse_bot_args` names them). ValueError when a name stands for two commands."""
    first: dict[str, int] = {}
    groups: dict[int, list[int]] = {}
    for seat, bot in enumerate(bots):
        lead = first.setdefault(bot.name, seat)
        if bots[lead].command != bot.command:
            raise ValueError(
                f"the name {bot.name!r} is given to two different bots ({bots[lead].command!r} in seat "
                f"{lead}, {bot.command!r} in seat {seat}); a name is one program"
            )
        groups.setdefault(lead, []).append(seat)
    return [tuple(g) for g in groups.values()]


def _player_groups(bots: Sequence[BotSpec], players: Sequence[Sequence[int]] | None) -> list[tuple[int, ...]]:
    """Every seat in exactly one group (a seat not named in `players` is a player of its own), the
    groups in order of their first seat; ValueError for a seat out of range or named twice, or a
    group whose seats were given different bots."""
    n = len(bots)
    groups = [tuple(sorted(g)) for g in players or () if g]
    named = [s for g in groups for s in g]
    if any(not 0 <= s < n for s in named) or len(set(named)) != len(named):
        raise ValueError(f"players {[list(g) for g in groups]}: each of seats 0 to {n - 1} at most once")
    for g in groups:
        if any(bots[s] != bots[g[0]] for s in g):
            raise ValueError(f"seats {list(g)} are one player but were given different bots")
    groups += [(s,) for s in range(n) if s not in named]
    return sorted(groups)


def check_seat_groups(game: Game, groups: Sequence[Sequence[int]], names: Sequence[str]) -> None:
    """One program in several seats only where the rules let one player control several (a
    cooperative game); in a competitive game it would see several players' hidden information."""
    if game.kind.cooperative:
        return
    for g in groups:
        if len(g) > 1:
            raise ValueError(
                f"{names[g[0]]!r} is given seats {', '.join(map(str, g))}: in {game.kind.name}, a "
                "competitive game, every seat needs a program of its own (one program in several seats "
                "would see their hidden cards); give each seat a bot of its own name"
            )


def run_match(
    bots: list[BotSpec],
    config: Any,
    options: MatchOptions = MatchOptions(),  # noqa: B008 (frozen, so a shared default is safe)
    log_path: str | Path | None = None,
    source: str = "match",
    on_decision: DecisionCallback | None = None,
    signer: Signer | None = None,
    game: Game | None = None,
    seat_options: Sequence[MatchOptions | None] | None = None,
    players: Sequence[Sequence[int]] | None = None,
    seed_source: SeedSource | None = None,
    log_meta: dict[str, Any] | None = None,
    exclusive_log: bool = False,
    kept: KeptBots | None = None,
) -> MatchResult:
    """Play one game between bot processes (one bot per seat, in seat order); never leaves one running.

    `players`: seats played by one program each (one process, given every request of those
    seats; the same bot in each), which only a cooperative game allows (ValueError otherwise);
    every other seat has a program of its own.

    A failure the policy does not forgive ends the game: end_reason "forfeit", the failed
    seat ranked last. Ctrl-C (or SIGTERM) ends it with end_reason "aborted" after every bot
    has been stopped. Raises ValueError for a bad configuration or options, and
    SandboxUnavailable when `options.sandbox.mode` is "on" but bots cannot be sandboxed here.
    The log file is hidden from the bots (masked inside their sandbox); with a `signer`, the
    log ends with its signature. A log that cannot be written raises LogWriteError (at once
    when it cannot be created; when a write fails mid-game, after every bot was stopped).
    `config` is a configuration of `game` (found from its type when not given).
    `seat_options[i]`, when given and not None, are seat i's own conditions (its clock and
    sandbox limits: time odds, a bigger memory for one bot); the log header records them.
    `seed_source`: where the configuration's seed came from (the organiser, or the operating
    system), recorded in the log header so that a guessable seed can be flagged later.
    `log_meta`: more entries for the header's `meta` (the arena names its game there).
    `exclusive_log`: the log file must not exist yet (it is never written through a link).
    `kept`: a pool of processes kept between games (kept.py): a bot that said `many_games` at
    `ready` plays with a process from it when one fits, and goes back to it after a clean end;
    the header names such a seat's process (`process_since`, `process_games`).
    """
    game = game or game_of_config(config)
    game.validate_config(config)
    options.validate()
    if len(bots) != config.players:
        raise ValueError(f"{config.players} players but {len(bots)} bots; give one bot per seat")
    own = list(seat_options) if seat_options is not None else [None] * len(bots)
    if len(own) != len(bots):
        raise ValueError(f"{len(own)} seat options for {len(bots)} bots")
    for o in own:
        if o is not None:
            o.validate()
    groups = _player_groups(bots, players)
    check_seat_groups(game, groups, [b.name for b in bots])
    for g in groups:
        if any(own[s] != own[g[0]] for s in g):
            raise ValueError(
                f"seats {list(g)} are played by one program {bots[g[0]].name!r}: give them one clock"
            )
    hidden_paths = (log_path, signer.path if signer else None)
    options = replace(options, sandbox=options.sandbox.with_hidden(*hidden_paths))
    per_seat = [
        options if o is None else replace(o, sandbox=o.sandbox.with_hidden(*hidden_paths)) for o in own
    ]
    isolation = isolation_for(options.sandbox)
    t0 = time.perf_counter()
    state = game.new_state(config)
    log = _MatchLog(log_path, signer, exclusive=exclusive_log)
    seats = [BotSeat(bots[g[0]], g, game, config, per_seat[g[0]]) for g in groups]
    shared = {s: g[0] for g in groups if len(g) > 1 for s in g}
    taken: dict[int, KeptProcess] = {}  # by a program's first seat: the process it was given
    if kept is not None:
        kept.begin_game()
        for seat in seats:
            old = kept.take(seat.spec, seat.options)
            if old is not None:
                seat.adopt(old.process, old.isolation)
                taken[seat.seat] = old
    since = {s: taken[g[0]] for g in groups if g[0] in taken for s in g}
    meta: dict[str, Any] = {**(log_meta or {}), "options": options_summary(options)}
    if any(o is not None for o in own):
        meta["seat_options"] = {str(i): options_summary(o) for i, o in enumerate(own) if o is not None}
    forfeits: list[int] = []
    aborted = False
    try:
        log.write(
            Header.of(
                game,
                config,
                seats=[
                    SeatInfo(
                        seat=i,
                        name=b.name,
                        command=b.command,
                        player=shared.get(i, msgspec.UNSET),
                        process_since=since[i].since if i in since else msgspec.UNSET,
                        process_games=since[i].games if i in since else msgspec.UNSET,
                    )
                    for i, b in enumerate(bots)
                ],
                initial_digest=state.digest(),
                protocol_version=PROTOCOL_VERSION,
                source=source,
                created=now_iso(),
                meta={**meta, "isolation": isolation.to_dict()},
                seed_source=None if seed_source is None else str(seed_source),
            )
        )
        with sigterm_as_interrupt(), holding_signals_cheaply():
            try:
                _start_all(seats, log, forfeits, kept is not None)
                if not forfeits:
                    _play(game, state, seats, log, forfeits, on_decision)
            except KeyboardInterrupt:
                aborted = True
        with signals_deferred():
            result = _finish(game, state, seats, log, forfeits, aborted, t0)
            result.isolation = isolation.to_dict()
            result.seed = config.seed
            if kept is not None:
                result.reused = len(taken)
                result.kept = _hand_back(seats, kept, taken)
    except LogWriteError:
        pass  # raised again below, once every bot is stopped
    finally:
        with signals_deferred():
            for seat in seats:
                seat.keep = False  # whatever was not handed back is stopped now
            _close_all(seats)
            log.close()
    if log.error is not None:
        raise log.error
    result.duration_s = time.perf_counter() - t0
    return result


def _start_all(seats: list[BotSeat], log: _MatchLog, forfeits: list[int], keeping: bool = False) -> None:
    """Spawn every bot (or greet the process kept for it), then complete each handshake (start-up
    budgets run concurrently). `keeping`: a bot that says `many_games` is kept after the game."""
    for seat in seats:
        try:
            if seat.process is None:
                seat.launch()
            else:
                seat.greet()
        except BotFailure:
            forfeits.extend(seat.seats)
        log.flush_failures(seat)
    for seat in seats:
        if seat.seat in forfeits:
            continue
        try:
            seat.handshake()
            seat.keep = keeping and seat.ready is not None and seat.ready.many_games
        except BotFailure:
            forfeits.extend(seat.seats)
        log.flush_failures(seat)


def _hand_back(seats: list[BotSeat], kept: KeptBots, taken: dict[int, KeptProcess]) -> int:
    """Give the pool every process that ended the game cleanly; the number given back."""
    given = 0
    for seat in seats:
        if seat.keep and kept.give_back(seat, taken.get(seat.seat)):
            given += 1
        seat.keep = False
    return given


def _play(
    game: Game,
    state: State,
    seats: list[BotSeat],
    log: _MatchLog,
    forfeits: list[int],
    on_decision: DecisionCallback | None,
) -> None:
    """Play until the game ends or a seat forfeits (`log.decisions` counts the decisions)."""
    program = {s: seat for seat in seats for s in seat.seats}
    while not state.is_terminal:
        mover = state.to_move
        assert mover is not None
        seat = program[mover]
        n = log.decisions
        try:
            action, answer = seat.decide(state, n=n)
        except BotFailure:
            log.flush_failures(seat)
            forfeits.append(mover)
            return
        log.flush_failures(seat)
        # Applied and logged as one step: an interruption lands before it or after it, so the
        # log always holds exactly the decisions the state has seen.
        with signals_deferred():
            state.apply(action)
            for other in seats:
                other.note_action(state, mover, action)
            record = Decision.of(n, mover, game.action_to_builtins(action), state.digest(), answer)
            log.write_decision(record)
        if on_decision is not None:
            on_decision(state, record)


def _finish(
    game: Game,
    state: State,
    seats: list[BotSeat],
    log: _MatchLog,
    forfeits: list[int],
    aborted: bool,
    t0: float,
) -> MatchResult:
    """Result, game_over to the bots still playing, stderr and result lines in the log.

    The result is what replay derives from the log: the failures in the order of their lines,
    the forfeits those lines name, and "aborted" only for a game that was stopped before its
    end without a forfeit (a game the engine finished is finished, whenever Ctrl-C came).
    """
    for seat in seats:  # failures recorded but not yet written (an interrupted exchange)
        log.flush_failures(seat)
    failures = list(log.failures)
    forfeits = sorted(set(forfeits) | {f.seat for f in failures if f.consequence == Consequence.FORFEIT})
    aborted = aborted and not forfeits and not state.is_terminal
    decisions = log.decisions
    outcome = game.outcome(state, forfeits, aborted)
    for seat in seats:  # only a process that ended this game cleanly is kept for the next
        seat.keep = seat.keep and not aborted and seat.can_be_kept()
    if not aborted:
        for seat in seats:
            seat.notify_game_over(outcome)
    _close_all(seats)
    for seat in seats:
        if seat.stderr_bytes:
            log.write(
                Stderr(
                    seat=seat.seat,
                    text=seat.stderr_text,
                    truncated=seat.stderr_truncated,
                    bytes_total=seat.stderr_bytes,
                )
            )
    entries = [f.as_entry() for f in failures]
    log.write(Result.of(outcome, final_digest=state.digest(), decisions=decisions, failures=entries))
    return MatchResult(
        completed=outcome.finished,
        end_reason=outcome.end_reason,
        scores=outcome.scores,
        ranks=outcome.ranks,
        forfeits=outcome.forfeits,
        failures=failures,
        decisions=decisions,
        rounds=outcome.rounds,
        turns=outcome.turns,
        roles=game.roles(state),
        log_path=log.path,
        duration_s=time.perf_counter() - t0,
        think_ms=[t for _, t in sorted((s, t) for seat in seats for s, t in seat.think_ms_by_seat.items())],
        names=[n for _, n in sorted((s, seat.name) for seat in seats for s in seat.seats)],
        winners=outcome.winners,
        game=game.kind.name,
        team=None if outcome.team is None else str(outcome.team),
    )


def _close_all(seats: list[BotSeat]) -> None:
    """Ask every bot to quit, give them a shared grace period, then kill what is left."""
    for seat in seats:
        seat.begin_close()
    deadline = time.monotonic() + QUIT_GRACE_S
    for seat in seats:
        seat.finish_close(deadline)
