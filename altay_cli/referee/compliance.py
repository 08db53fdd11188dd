"""`altay check-bot`: does a bot follow the protocol? One check per line, PASS or FAIL.

The bot plays several short real games (setup choices included), one at each player count
the game allows (or the one asked for), from a different seat each time, against in-process
players that put it under pressure where the game knows how (in Altay they attack it, so it
must defend). In a cooperative game it then plays every seat of one more game as one program
(one player leading every clan). A bot that says `many_games` at `ready` plays its second game in
the process of its first (a new `hello`, at another seat). Every request it sees is a real one;
`dump` keeps them as fixtures, among them one asked in the middle of an effect
(`game.checkbot.mid_effect`: a defence, a card's choice during a dogma, a step of a move), playing
more games until one was.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from altay_cli.engine import Game, State, load_game

from .botcmd import BotCommand, BotCommandError
from .limits import MEMORY_LIMIT
from .process import TransportError
from .sandbox import SandboxPolicy
from .seat import QUIT_GRACE_S, BotSeat
from .types import BotFailure, MatchOptions

CHECK_NAMES = ("command", "start", "handshake", "ping", "unknown message", "game", "quit", "stderr")
#: extra games played (at --players, else at the most players; full length) while the bot has not yet
#: had to answer out of turn. A random bot meets a defence in about 37% of 2-player Altay games and
#: 70% of 4-player ones (measured over 100 and 40 seeded games), so 30 games leave a correct bot
#: failing this check about once in a million runs at 2 players (12 left it failing 1 in 250)
EXTRA_PRESSURE_GAMES = 30


@dataclass
class Check:
    name: str
    passed: bool
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Played:
    """What one test game showed."""

    decisions: int = 0
    interrupts: int = 0  # decisions outside the bot's own turn (Altay: defences)
    mid_effects: int = 0  # decisions in the middle of an effect (`Game.checkbot.mid_effect`)
    times: list[float] = field(default_factory=list)


#: the name of the fixture of a request asked in the middle of an effect (`Game.checkbot.mid_effect`)
MID_EFFECT = "request-mid-effect"


class _Dumper:
    """Writes the lines the bot was sent, as fixtures: `hello`, the first request of each
    phase (or of each kind of decision) of every game, and the first one asked in the middle of
    an effect (`gameN-request-mid-effect.json`; `mid_effect` says whether the request being sent
    is one)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.seen: set[tuple[int, str]] = set()
        self.written = 0
        self.mid_effect = False
        self.mid_effect_saved = False
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    def summary(self) -> str:
        """What was saved, for the summary check's line."""
        games = sorted(n for n, label in self.seen if label == MID_EFFECT)
        mid = (
            f", one asked in the middle of an effect: game{games[0]}-{MID_EFFECT}.json"
            if games
            else ", none asked in the middle of an effect"
        )
        return f"; {self.written} requests saved{mid}"

    def hook(self, game_no: int) -> Callable[[str, bytes], None] | None:
        if self.folder is None:
            return None

        def save(kind: str, line: bytes) -> None:
            assert self.folder is not None
            labels = [kind]
            if kind == "request":
                import orjson

                observation = orjson.loads(line).get("observation")
                phase = observation.get("phase") if isinstance(observation, dict) else None
                labels = [f"request-{phase}" if isinstance(phase, str) else "request"]
                if self.mid_effect:
                    labels.append(MID_EFFECT)
            for label in labels:
                if (game_no, label) in self.seen:
                    continue
                self.seen.add((game_no, label))
                (self.folder / f"game{game_no}-{label}.json").write_bytes(line)
                self.written += 1
                self.mid_effect_saved = self.mid_effect_saved or label == MID_EFFECT

        return save


def check_bot(
    command: str,
    move_ms: int = 1000,
    startup_ms: int = 10000,
    seed: int = 1,
    players: int | None = None,
    sandbox: SandboxPolicy = SandboxPolicy(),  # noqa: B008 (frozen)
    game: Game | None = None,
    game_options: Mapping[str, Any] | None = None,
    dump: Path | None = None,
) -> list[Check]:
    """Run every check in order; a failed check skips the ones that depend on it.

    The game is `game` (Altay by default) with `game_options` and, unless they say otherwise,
    its short-game options (Altay: 10 rounds), at `players`, or at every player count it allows
    (from 2 up). When no game made the bot answer out of turn, full-length games follow until
    one does (at most EXTRA_PRESSURE_GAMES).
    `dump`: a folder for the requests the bot received. ConfigError for invalid options."""
    game = game or load_game()
    full_options = dict(game_options or {})
    game_options = {**game.checkbot.quick_game_options, **full_options}
    low, high = game.deals.player_range(game_options)
    counts = [players] if players else list(range(max(2, low), high + 1)) or [high]
    for n in counts:
        game.make_config(n, seed, game_options)  # ConfigError now, before anything runs
    checks: list[Check] = []

    def skip_rest(reason: str) -> list[Check]:
        done = {c.name for c in checks}
        checks.extend(Check(n, False, f"not run: {reason}") for n in CHECK_NAMES if n not in done)
        return checks

    try:
        bot = BotCommand.parse(command, "candidate")
    except BotCommandError as exc:
        checks.append(Check("command", False, str(exc)))
        return skip_rest("the command cannot run")
    checks.append(Check("command", True, "runs " + " ".join(bot.argv)))

    options = MatchOptions(move_ms=move_ms, startup_ms=startup_ms, on_failure="lose", sandbox=sandbox)
    runner = _Runner(bot, game, game_options, options, seed, _Dumper(dump))
    runner.full_options = full_options
    runner.most = high
    try:
        return _name_the_jvm(bot.argv, runner.run(counts, checks, skip_rest, move_ms), sandbox.memory_mb)
    finally:
        runner.close()


class _Runner:
    def __init__(
        self,
        bot: BotCommand,
        game: Game,
        game_options: Mapping[str, Any] | None,
        options: MatchOptions,
        seed: int,
        dumper: _Dumper,
    ) -> None:
        self.bot, self.game, self.game_options = bot, game, game_options
        self.options, self.seed, self.dumper = options, seed, dumper
        self.seat: BotSeat | None = None
        self.full_options: Mapping[str, Any] | None = None  # for the extra, full-length games
        self.most = game.kind.max_players  # the most players of a game with these options
        self.exits: list[tuple[bool, str]] = []  # (exited cleanly, how) per game
        self.stderr_bytes = 0
        self.stderr_truncated = False

    def new_seat(self, game_no: int, players: int, full: bool = False) -> tuple[BotSeat, Any]:
        options = self.full_options if full else self.game_options
        config = self.game.make_config(players, self.seed + game_no, options)
        seat = BotSeat(self.bot, (game_no - 1) % players, self.game, config, self.options)
        seat.on_send = self.dumper.hook(game_no)
        self.seat = seat
        return seat, config

    def close(self) -> None:
        if self.seat is not None:
            self.seat.close()

    def finish_seat(self, seat: BotSeat) -> None:
        t0 = time.monotonic()
        seat.close()
        waited = (time.monotonic() - t0) * 1000
        how = f"{waited:.0f} ms after game_over + quit ({seat.exit_note})"
        self.exits.append((bool(seat.exited_cleanly), how))
        self.stderr_bytes = max(self.stderr_bytes, seat.stderr_bytes)
        self.stderr_truncated = self.stderr_truncated or seat.stderr_truncated

    def run(
        self, counts: list[int], checks: list[Check], skip_rest: Callable[[str], list[Check]], move_ms: int
    ) -> list[Check]:
        seat, config = self.new_seat(1, counts[0])
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
        if ready.omit_static:
            fields = ", ".join(self.game.static_observation_fields)
            who += (
                f"; asks for requests without what hello said: its games leave out {fields}"
                if fields
                else f"; asks for requests without what hello said ({self.game.kind.title} has nothing "
                "to leave out)"
            )
        if ready.many_games:
            who += "; can play several games in one process (many_games): its second game will test it"
            seat.keep = True  # game_over without quit: the next game's hello follows
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
            notice = b'{"type":"x_future_notice","text":"ignore me","id":0}\n'
            seat.process.send(notice, time.monotonic() + 1)
            seat.ping(move_ms)
            checks.append(Check("unknown message", True, "ignored a message of an unknown type"))
        except BotFailure as exc:
            checks.append(
                Check(
                    "unknown message", False, f"after a message of unknown type: {exc.status}: {exc.detail}"
                )
            )
            return skip_rest("the bot fails on unknown messages")
        except TransportError as exc:
            checks.append(Check("unknown message", False, f"could not send a message: {exc}"))
            return skip_rest("the bot stopped reading")

        played: list[_Played] = []
        plan = list(counts)
        if seat.keep and len(plan) == 1:
            plan.append(plan[0])  # a second game, in the same process
        # the extra games keep to --players when it was given (counts is then that one count)
        pressure = counts[0] if len(counts) == 1 else self.most
        game_no = 0
        while game_no < len(plan):
            game_no += 1
            players = plan[game_no - 1]
            name = "game" if game_no == 1 else f"game {game_no}"
            kept = seat if game_no > 1 and seat.keep else None
            if game_no > 1:
                seat, config = self.new_seat(game_no, players, full=game_no > len(counts))
                try:
                    if kept is not None:
                        self.adopt(kept, seat)
                    else:
                        seat.start()
                except BotFailure as exc:
                    if kept is not None:
                        checks.append(self.kept_failed(exc, "its second `hello`"))
                        return skip_rest("it cannot play a second game in its process")
                    checks.append(Check(name, False, f"starting it again: {exc.status}: {exc.detail}"))
                    return skip_rest(f"{name} failed")
            check, result = self.play(seat, config, name)
            checks.append(check)
            if not check.passed:
                if kept is not None:
                    checks.append(self.kept_failed(None, f"{name}: {check.detail}"))
                    return skip_rest("it cannot play a second game in its process")
                return skip_rest(f"{name} failed")
            played.append(result)
            if kept is not None:
                checks.append(
                    Check(
                        "many games",
                        True,
                        f"played {name} in the process of game {game_no - 1} (said many_games): `ready` "
                        f"{seat.handshake_ms:.0f} ms after its new hello (seat {seat.seat} of "
                        f"{config.players}), every answer legal and in time",
                    )
                )
            if seat.keep and kept is None and game_no < len(plan):
                continue  # game_over was sent without quit: the next game goes to this process
            seat.keep = False
            self.finish_seat(seat)
            no_pressure_yet = self.game.checkbot.can_interrupt and not any(p.interrupts for p in played)
            # a fixture asked in the middle of an effect is wanted too
            no_mid_effect_yet = self.dumper.folder is not None and not self.dumper.mid_effect_saved
            extra = len(plan) - len(counts)
            if (
                game_no == len(plan)
                and (no_pressure_yet or no_mid_effect_yet)
                and extra < EXTRA_PRESSURE_GAMES
            ):
                plan.append(pressure)  # one more game, until it had to answer out of turn
        if self.game.kind.cooperative and self.most > 1:
            game_no += 1  # several seats: at --players when that is more than one, else at the most
            plan.append(counts[0] if len(counts) == 1 and counts[0] > 1 else self.most)
            check, result = self.play_every_seat(game_no, plan[-1])
            checks.append(check)
            if not check.passed:
                return skip_rest("it cannot play several seats")
            played.append(result)
        if self.game.checkbot.can_interrupt:
            defences = sum(p.interrupts for p in played)
            what = self.game.checkbot.interrupt_name
            checks.append(
                Check(
                    what,
                    defences > 0,
                    f"answered {defences} {what} decision(s) out of turn"
                    if defences
                    else f"never had to answer a {what} decision in {len(played)} games",
                )
            )
        times = [t for p in played for t in p.times]
        checks.append(
            Check(
                "summary",
                True,
                f"{len(played)} games ({', '.join(str(n) for n in plan)} players), "
                f"{sum(p.decisions for p in played)} decisions, all legal and in time "
                f"(median {statistics.median(times):.1f} ms, max {max(times):.1f} ms)"
                + (self.dumper.summary() if self.dumper.folder is not None else ""),
            )
        )
        clean = [ok for ok, _ in self.exits]
        if all(clean):
            checks.append(
                Check("quit", True, f"exited with status 0 after game_over + quit, all {len(clean)} times")
            )
        else:
            bad = next(how for ok, how in self.exits if not ok)
            checks.append(
                Check(
                    "quit",
                    False,
                    f"after game_over + quit the bot did not exit with status 0 within "
                    f"{QUIT_GRACE_S * 1000:.0f} ms ({bad}); on `quit`, exit",
                )
            )
        cap = self.options.stderr_cap_bytes
        if self.stderr_truncated:
            checks.append(
                Check(
                    "stderr", False, f"{self.stderr_bytes} bytes on stderr, over the {cap}-byte cap: log less"
                )
            )
        else:
            checks.append(
                Check("stderr", True, f"at most {self.stderr_bytes} bytes on stderr a game (cap {cap})")
            )
        return checks

    def adopt(self, kept: BotSeat, seat: BotSeat) -> None:
        """Hand the process of `kept` (which ended its game without quit) to `seat`: its hello."""
        self.stderr_bytes = max(self.stderr_bytes, kept.stderr_bytes)
        self.stderr_truncated = self.stderr_truncated or kept.stderr_truncated
        process = kept.detach()
        if process.stderr is not None:
            process.stderr.reset()
        seat.adopt(process, kept.isolation)
        self.seat = seat
        seat.greet()
        seat.handshake()

    @staticmethod
    def kept_failed(exc: BotFailure | None, what: str) -> Check:
        why = f"{exc.status}: {exc.detail}" if exc is not None else ""
        return Check(
            "many games",
            False,
            f"it said many_games at `ready`, but in the same process {what} failed"
            + (f" ({why})" if why else "")
            + ": after game_over, answer the next hello with ready and play that game afresh, or "
            "leave many_games out",
        )

    def play_every_seat(self, game_no: int, players: int) -> tuple[Check, _Played]:
        """Cooperative games: one process for every seat, as a player of several clans."""
        name = "several seats"
        config = self.game.make_config(players, self.seed + game_no, self.full_options)
        seat = BotSeat(self.bot, tuple(range(players)), self.game, config, self.options)
        seat.on_send = self.dumper.hook(game_no)
        self.seat = seat
        try:
            seat.start()
        except BotFailure as exc:
            return Check(
                name, False, f"starting it for seats 0-{players - 1}: {exc.status}: {exc.detail}"
            ), _Played()
        check, result = self.play(seat, config, name)
        if check.passed:
            self.finish_seat(seat)
        return check, result

    def play(self, seat: BotSeat, config: Any, name: str) -> tuple[Check, _Played]:
        """The candidate at its seat against pressing random players; every answer legal and in time."""
        game = self.game
        state = game.new_state(config)
        rng = random.Random(f"{config.seed}/{seat.seat}")
        result = _Played()
        n = 0
        try:
            while not state.is_terminal:
                mover = state.to_move
                assert mover is not None
                if mover in seat.seats:
                    if game.checkbot.is_interrupt(state):
                        result.interrupts += 1
                    mid_effect = game.checkbot.mid_effect(state)
                    result.mid_effects += mid_effect
                    self.dumper.mid_effect = mid_effect
                    action, answer = seat.decide(state, n=n)
                    result.times.append(answer.time_ms or 0.0)
                    result.decisions += 1
                else:
                    action = _pressing_choice(game, state, seat.seat, rng)
                state.apply(action)
                seat.note_action(state, mover, action)
                n += 1
        except BotFailure as exc:
            detail = f"decision {n} (request {exc.request_id}): {exc.status}: {exc.detail}"
            return Check(name, False, detail), result
        outcome = game.outcome(state)
        seat.notify_game_over(outcome)
        if not result.times:
            return Check(name, False, "the game ended without asking the bot anything"), result
        out_of_turn = f", {result.interrupts} out of turn" if game.checkbot.can_interrupt else ""
        who = f"seat {seat.seat}" if len(seat.seats) == 1 else f"all {len(seat.seats)} seats as one program"
        detail = (
            f"{config.players} players, {who}: {result.decisions} decisions{out_of_turn} "
            f"({game.text.length_text(outcome.rounds, outcome.turns)}, setup included; ended: "
            f"{game.text.end_reason_text(outcome.end_reason)}), all legal and in time "
            f"(median {statistics.median(result.times):.1f} ms, max {max(result.times):.1f} ms)"
        )
        return Check(name, True, detail), result


def _pressing_choice(game: Game, state: State, target: int, rng: random.Random) -> Any:
    """A random legal action, but one that makes `target` answer out of turn when there is one."""
    legal = state.legal_actions()
    pressing = game.checkbot.pressure(state, target)
    if pressing and rng.random() < 0.9:
        return legal[rng.choice(pressing)]
    return legal[rng.randrange(len(legal))]


#: JVM flags that start a small bot within the default --bot-memory (bots/starters/java/README.md)
SMALL_JVM = (
    "env MALLOC_ARENA_MAX=2 java -Xmx128m -Xss512k -XX:ReservedCodeCacheSize=32m -XX:+UseSerialGC "
    "-XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=96m -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1"
)


def _runs_a_jvm(argv: tuple[str, ...]) -> bool:
    """Is the program (after an `env VAR=VALUE ...` prefix) a Java virtual machine?"""
    rest = list(argv)
    if rest and Path(rest[0]).name == "env":
        rest = rest[1:]
        while rest and ("=" in rest[0] or rest[0].startswith("-")):
            rest = rest[1:]
    return bool(rest) and (Path(rest[0]).name == "java" or "-jar" in rest)


def _name_the_jvm(argv: tuple[str, ...], checks: list[Check], memory_mb: int) -> list[Check]:
    """A JVM sizes its heap, code cache and class space by the machine, not by the bot's limit,
    and then fails to start (or is killed at the limit) in a way that does not say so: when a
    Java bot fails at start-up or at the memory limit, the failing check names the JVM and the
    flags that start it small."""
    if not _runs_a_jvm(argv):
        return checks
    for check in checks:
        if check.passed or check.detail.startswith("not run"):
            continue
        if check.name in ("start", "handshake") or MEMORY_LIMIT in check.detail:
            limit = f"--bot-memory {memory_mb} MiB" if memory_mb else "its memory limit"
            check.detail += (
                f"; this is a Java virtual machine, which reserves memory by the machine's size, not by "
                f"{limit}: start it small, e.g. `{SMALL_JVM} -cp DIR Main` (see "
                "bots/starters/java/README.md), or raise --bot-memory"
            )
        break
    return checks
