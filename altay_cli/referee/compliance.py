"""`altay check-bot`: does a bot follow the protocol? One check per line, PASS or FAIL.

The bot plays one short real game (setup choices included) against an in-process random
player, so every request it sees is a real one.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from altay_cli.engine import Game, load_game
from altay_cli.policies import RandomPolicy

from .botcmd import BotCommandError, check_bot_command, resolve_bot_command
from .process import TransportError
from .sandbox import SandboxPolicy
from .seat import QUIT_GRACE_S, BotSeat
from .types import BotFailure, BotSpec, MatchOptions

CHECK_NAMES = ("command", "start", "handshake", "ping", "unknown message", "game", "quit", "stderr")


@dataclass
class Check:
    name: str
    passed: bool
    detail: str

    def to_dict(self) -> dict:
        return asdict(self)


def check_bot(
    command: str,
    move_ms: int = 1000,
    startup_ms: int = 10000,
    seed: int = 1,
    players: int = 2,
    sandbox: SandboxPolicy = SandboxPolicy(),  # noqa: B008 (frozen)
    game: Game | None = None,
    game_options: Mapping[str, Any] | None = None,
) -> list[Check]:
    """Run every check in order; a failed check skips the ones that depend on it.

    The game is `game` (Altay by default) with `game_options` (a short game is kinder: Altay's
    `max_rounds`, for example); ConfigError when they are not valid."""
    game = game or load_game()
    checks: list[Check] = []

    def skip_rest(reason: str) -> list[Check]:
        done = {c.name for c in checks}
        checks.extend(Check(n, False, f"not run: {reason}") for n in CHECK_NAMES if n not in done)
        return checks

    try:
        argv = resolve_bot_command(command)
        check_bot_command(argv)
    except BotCommandError as exc:
        checks.append(Check("command", False, str(exc)))
        return skip_rest("the command cannot run")
    checks.append(Check("command", True, "runs " + " ".join(argv)))

    config = game.make_config(players, seed, game_options)
    options = MatchOptions(move_ms=move_ms, startup_ms=startup_ms, on_failure="lose", sandbox=sandbox)
    seat = BotSeat(BotSpec("candidate", command), 0, game, config, options)
    try:
        return _run_checks(seat, game, config, checks, skip_rest, move_ms)
    finally:
        seat.close()


def _run_checks(
    seat: BotSeat, game: Game, config: Any, checks: list[Check], skip_rest, move_ms: int
) -> list[Check]:
    try:
        seat.launch()
    except BotFailure as exc:
        checks.append(Check("start", False, exc.detail))
        return skip_rest("the bot did not start")
    checks.append(Check("start", True, f"pid {seat.pid}"))

    try:
        seat.handshake()
    except BotFailure as exc:
        checks.append(Check("handshake", False, f"{exc.status}: {exc.detail}"))
        return skip_rest("no handshake")
    ready = seat.ready
    assert ready is not None
    who = f"name {ready.name!r}" + (f", version {ready.version!r}" if ready.version else "")
    checks.append(Check("handshake", True, f"`ready` {seat.handshake_ms:.0f} ms after start ({who})"))

    try:
        rtt = seat.ping(move_ms)
        checks.append(Check("ping", True, f"`pong` with the same id in {rtt:.1f} ms"))
    except BotFailure as exc:
        checks.append(Check("ping", False, f"{exc.status}: {exc.detail}"))
        return skip_rest("the bot does not answer ping")

    # A message type from a later protocol version must be ignored, not answered or fatal.
    assert seat.process is not None
    try:
        seat.process.send(b'{"type":"x_future_notice","text":"ignore me","id":0}\n', time.monotonic() + 1)
        seat.ping(move_ms)
        checks.append(Check("unknown message", True, "ignored a message of an unknown type"))
    except BotFailure as exc:
        checks.append(
            Check("unknown message", False, f"after a message of unknown type: {exc.status}: {exc.detail}")
        )
        return skip_rest("the bot fails on unknown messages")
    except TransportError as exc:
        checks.append(Check("unknown message", False, f"could not send a message: {exc}"))
        return skip_rest("the bot stopped reading")

    played = _play_game(seat, game, config)
    checks.append(played)
    if not played.passed:
        return skip_rest("the game failed")

    t0 = time.monotonic()
    seat.close()
    waited = (time.monotonic() - t0) * 1000
    if seat.exited_cleanly:
        checks.append(Check("quit", True, f"exited with status 0 {waited:.0f} ms after game_over + quit"))
    else:
        checks.append(
            Check(
                "quit",
                False,
                f"after game_over + quit the bot did not exit with status 0 within "
                f"{QUIT_GRACE_S * 1000:.0f} ms ({seat.exit_note}); on `quit`, exit",
            )
        )
    cap = seat.options.stderr_cap_bytes
    if seat.stderr_truncated:
        checks.append(
            Check("stderr", False, f"{seat.stderr_bytes} bytes on stderr, over the {cap}-byte cap: log less")
        )
    else:
        checks.append(Check("stderr", True, f"{seat.stderr_bytes} bytes on stderr (cap {cap})"))
    return checks


def _play_game(seat: BotSeat, game: Game, config: Any) -> Check:
    """The candidate at seat 0 against random players; every answer legal and in time."""
    state = game.new_state(config)
    other = RandomPolicy(config.seed)
    times: list[float] = []
    n = 0
    try:
        while not state.is_terminal:
            mover = state.to_move
            if mover == seat.seat:
                action, answer = seat.decide(state, n=n)
                times.append(answer.time_ms or 0.0)
            else:
                actions = state.legal_actions()
                action = actions[other.choose(state, actions)]
            state.apply(action)
            seat.note_action(state, mover, action)
            n += 1
    except BotFailure as exc:
        return Check("game", False, f"decision {n} (request {exc.request_id}): {exc.status}: {exc.detail}")
    outcome = game.outcome(state)
    seat.notify_game_over(outcome)
    if not times:
        return Check("game", False, "the game ended without asking the bot anything")
    return Check(
        "game",
        True,
        f"{len(times)} decisions in a {config.players}-player game "
        f"({outcome.rounds} rounds, setup included), "
        f"all legal and in time (median {statistics.median(times):.1f} ms, max {max(times):.1f} ms)",
    )
