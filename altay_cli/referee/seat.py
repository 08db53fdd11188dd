"""`BotSeat`: one bot process playing one seat (or several seats of a cooperative game, as one
player who controls them all), driven one decision at a time.

`run_match` uses it for every program; `altay play` uses it for the bots facing a human. Every
message a bot receives is built from the seat's observation (`Game.player_observation`: for a
program of one seat, `state.observation(seat)`), the legal actions and what the game says that
seat learned from each step (`Game.event_for`), nothing else: a program playing several seats
gets in each request the events a program of that seat alone would get, and an observation that
holds what its seats know together (in Mammothodus, the hands of every clan it leads), which is
what the rules give a player of several seats.
It works for every game through the seam in altay_cli/engine/api.py.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

import msgspec

from altay_cli.engine import Game, Outcome, State
from altay_cli.gamelog import Answer, Failure
from altay_cli.records import (
    LIMIT_STATUSES,
    RECOVERABLE,
    ClockKind,
    Consequence,
    DecisionStatus,
    FailureStatus,
)
from protocol import (
    PROTOCOL_VERSION,
    ActionAnswer,
    BotDecoder,
    ClockSettings,
    Error,
    Event,
    GameKindInfo,
    GameOver,
    GameResult,
    Hello,
    Ping,
    Pong,
    ProtocolError,
    Quit,
    Ready,
    Request,
    decode_bot_message,
    encode_line,
)

from . import types as st
from .botcmd import BotCommandError
from .cgroups import CgroupError
from .clock import Clock, Deadline
from .process import (
    BotProcess,
    EndOfOutput,
    LineTooLong,
    ReadTimeout,
    WriteBlocked,
    WriteClosed,
    describe_returncode,
)
from .sandbox import Isolation, SandboxUnavailable, plan_launch
from .signals import signals_deferred
from .types import BotCommand, BotFailure, MatchOptions

INFO_CAP_CHARS = 1000
#: Lines a bot may send while one request is pending besides its answer (late answers to
#: earlier requests, pongs): more is the failure `flood`. Late answers are recorded in the log up
#: to LATE_ANSWERS_LOGGED per seat, then only counted, so neither memory nor the log can grow
#: without bound whatever a bot writes.
MAX_UNSOLICITED_LINES = 100
LATE_ANSWERS_LOGGED = 10
QUIT_GRACE_S = 1.0  # time a bot has to exit by itself after `quit`
TERM_GRACE_S = 0.5  # time between SIGTERM and SIGKILL
NOTIFY_TIMEOUT_S = 0.5  # longest wait to deliver game_over / quit / error notes
STDERR_SETTLE_S = 0.1  # longest wait for a kept bot's stderr to be captured before game_over


_DECODERS: dict[str, BotDecoder] = {}


def bot_decoder(game: Game) -> BotDecoder:
    """The decoder of bot lines for `game` (one per game: building it costs more than a decision)."""
    decoder = _DECODERS.get(game.kind.name)
    if decoder is None:
        decoder = _DECODERS[game.kind.name] = BotDecoder(game.action_type)
    return decoder


def without_static(
    observation: Any,
    fields: Mapping[str, tuple[str, ...]],
    memo: dict[str, list[tuple[Any, dict[str, Any]]]] | None = None,
) -> dict[str, Any]:
    """The observation (a msgspec Struct or a dict) as a dict without the fields that repeat
    `hello` (`Game.static_observation_fields`), for a bot that asked for that at `ready`.

    Shallow copies of the observation's own values (not through to_builtins, which costs several
    times the encoding): only the lists named in `fields` are copied element by element, and
    with a `memo` (one per bot, kept between its requests) an element equal to the one at its
    place in the previous request reuses that copy (most of a board does not change in a move).
    """
    out = _as_dict(observation)
    for name, drop in fields.items():
        if not drop:
            out.pop(name, None)
            continue
        items = out.get(name)
        if items is None:
            continue
        before = memo.get(name, []) if memo is not None else []
        now: list[tuple[Any, dict[str, Any]]] = []
        for i, item in enumerate(items):
            if i < len(before) and before[i][0] == item:
                now.append(before[i])
                continue
            entry = _as_dict(item)
            for key in drop:
                entry.pop(key, None)
            now.append((item, entry))
        out[name] = [entry for _, entry in now]
        if memo is not None:
            memo[name] = now
    return out


def _as_dict(value: Any) -> dict[str, Any]:
    """A new dict of a Struct's fields (in order) or a dict's items."""
    return dict(value) if isinstance(value, dict) else msgspec.structs.asdict(value)


class _Fail(Exception):
    """Internal: one failed attempt at a decision (status + detail)."""

    def __init__(self, status: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


class BotSeat:
    """One bot process for one seat, or for several seats played by one program (`seat` a
    sequence: each seat keeps its own clock and events). `start()`, then `decide()` per
    decision of any of its seats, then `close()`."""

    def __init__(
        self, spec: BotCommand, seat: int | Sequence[int], game: Game, config: Any, options: MatchOptions
    ) -> None:
        options.validate()
        seats = (seat,) if isinstance(seat, int) else tuple(seat)
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"a bot plays one or more distinct seats, not {list(seats)}")
        self.spec = spec
        self.seats = seats
        self.seat = seats[0]  # the first of its seats: the one a single-seat program plays
        self.game = game
        self.decoder = bot_decoder(game)
        self.config = config
        self.options = options
        o = options
        self.clocks = {s: Clock(o.move_ms, o.bank_ms, o.increment_ms, o.no_timeout, o.clock) for s in seats}
        #: Read the bot's cgroup CPU time around each decision (Answer.cpu_ms). A `cpu` clock
        #: always does; `altay bench protocol` turns it off to measure what the reads cost.
        self.read_cpu = True
        # The cores the bot's processes may use at once: its quota, else the machine's. Asked
        # once: os.cpu_count() reads a sysfs file, a few µs on every decision otherwise.
        self._cores = options.sandbox.cpus or float(os.cpu_count() or 1)
        self.process: BotProcess | None = None
        self.ready: Ready | None = None
        self.failures: list[Failure] = []
        self.pending_events: dict[int, list[Event[Any]]] = {s: [] for s in seats}
        self.think_ms = 0.0
        self.think_ms_by_seat = dict.fromkeys(seats, 0.0)
        self.decisions = 0
        self._deciding = self.seat  # the seat of the request in progress (failures name it)
        self.handshake_ms: float | None = None
        self.isolation: Isolation | None = None  # how the bot process was isolated, once launched
        self.exit_note: str | None = None  # how the process ended, set by close()
        self.on_send: Any = None  # on_send(kind, line): sees every hello and request sent (check-bot --dump)
        self.exited_cleanly: bool | None = None  # exited with status 0 after `quit`
        self._next_id = 1
        self._request_bytes = 0
        self._hello_error: Exception | None = None
        self._static_fields: Mapping[str, tuple[str, ...]] | None = None  # left out of requests
        self._static_memo: dict[str, list[tuple[Any, dict[str, Any]]]] = {}  # see without_static
        self._owed: set[int] = set()  # requests that timed out: their answers may still come
        self._ping_ids: set[int] = set()
        self.late_answers = 0  # all of them; the first LATE_ANSWERS_LOGGED are in `failures`
        self._launched_at = 0.0
        self._dead = False  # no further message can reach the bot (crash, stall, forfeit)
        self._quit_sent = False
        self._closed = False
        #: The referee means to keep the process for another game (it said `many_games` and a
        #: KeptBots pool plays the match): game_over is not followed by `quit`, closing leaves it
        #: running until the pool takes it (`detach`) or the flag is cleared.
        self.keep = False

    # ------------------------------------------------------------------ properties
    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def clock(self) -> Clock:
        """The clock of the seat deciding now (a single-seat program's only clock)."""
        return self.clocks[self._deciding]

    @property
    def events(self) -> list[Event[Any]]:
        """What the first seat learned since its last request (a single-seat program's events)."""
        return self.pending_events[self.seat]

    def forget_events(self) -> None:
        """Drop every event not yet sent (after undo: they may describe decisions taken back)."""
        for queue in self.pending_events.values():
            queue.clear()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    @property
    def alive(self) -> bool:
        return self.process is not None and not self._dead and self.process.returncode() is None

    @property
    def stderr_text(self) -> str:
        return self.process.stderr.text() if self.process and self.process.stderr else ""

    @property
    def stderr_bytes(self) -> int:
        return self.process.stderr.total if self.process and self.process.stderr else 0

    @property
    def stderr_truncated(self) -> bool:
        return bool(self.process and self.process.stderr and self.process.stderr.truncated)

    # ------------------------------------------------------------------ start
    def start(self) -> None:
        """Spawn the bot and complete the handshake; raises BotFailure."""
        self.launch()
        self.handshake()

    def launch(self) -> None:
        """Spawn the process (the start-up budget starts now); raises BotFailure(start_failed)."""
        try:
            argv = list(self.spec.resolved().argv)
        except BotCommandError as exc:
            self._fail_hard(st.START_FAILED, str(exc), None)
        try:
            plan = plan_launch(argv, self.options.sandbox)
        except (SandboxUnavailable, CgroupError) as exc:
            self._fail_hard(st.START_FAILED, str(exc), None)
        self.isolation = plan.isolation
        self.process = BotProcess(argv, self.options.max_line_bytes, self.options.stderr_cap_bytes, plan)
        self._launched_at = time.monotonic()
        try:
            self.process.spawn()
        except OSError as exc:
            self.process = None
            self._fail_hard(st.START_FAILED, f"cannot start {argv[0]!r}: {exc.strerror or exc}", None)
        if self.options.clock == ClockKind.CPU and self.process.cgroup_cpu_seconds() is None:
            self._fail_hard(
                st.START_FAILED,
                "--clock cpu needs the bot's CPU time, and its cgroup gives none (see `altay "
                "check-bot` for the limits this machine enforces)",
                None,
            )
        self._send_hello()

    def adopt(self, process: BotProcess, isolation: Isolation | None) -> None:
        """Play this game with a process kept from an earlier one (instead of `launch`; this seat
        now stops it like its own). `greet` then sends it this game's `hello`."""
        self.process = process
        self.isolation = isolation

    def greet(self) -> None:
        """Send an adopted process this game's `hello`; its start-up budget runs from now."""
        self._launched_at = time.monotonic()
        self._send_hello()

    def _send_hello(self) -> None:
        assert self.process is not None
        # Send `hello` now, so bots started together prepare concurrently.
        hello = encode_line(self._hello())
        if self.on_send is not None:
            self.on_send("hello", hello)
        try:
            self.process.send(hello, self._startup_deadline())
        except (WriteClosed, WriteBlocked) as exc:
            self._hello_error = exc

    def _startup_deadline(self) -> float | None:
        o = self.options
        return None if o.no_timeout else self._launched_at + o.startup_ms / 1000

    def _hello(self) -> Hello[Any, Any]:
        o = self.options
        c = self.config
        kind = self.game.kind
        return Hello(
            protocol_version=PROTOCOL_VERSION,
            seat=self.seat,
            seats=list(self.seats),
            num_players=c.players,
            name=self.spec.name,
            game=self.game.public_settings(c),
            kind=GameKindInfo(
                name=kind.name,
                title=kind.title,
                version=kind.version,
                min_players=kind.min_players,
                max_players=kind.max_players,
                cooperative=kind.cooperative,
                role_name=kind.role_name,
            ),
            static=self.game.static_info(c),
            clock=ClockSettings(
                move_ms=None if o.no_timeout else o.move_ms,
                bank_ms=None if o.no_timeout else o.bank_ms,
                increment_ms=0 if o.no_timeout else o.increment_ms,
                startup_ms=None if o.no_timeout else o.startup_ms,
                kind=str(o.clock),
            ),
            max_line_bytes=o.max_line_bytes,
        )

    def handshake(self) -> None:
        """Wait for `ready` (the answer to `hello`) within the start-up budget, counted from launch."""
        assert self.process is not None, "launch() first"
        o = self.options
        deadline = self._startup_deadline()
        try:
            if self._hello_error is not None:
                raise self._hello_error
            line = self.process.read_line(deadline)
        except (WriteClosed, EndOfOutput):
            self._fail_hard(
                st.HANDSHAKE_FAILED,
                f"the bot ended before `ready`: {self._ended()}{self._stderr_hint()}",
                None,
            )
        except (ReadTimeout, WriteBlocked):
            self._fail_hard(
                st.STARTUP_TIMEOUT,
                f"no `ready` within the start-up budget of {o.startup_ms} ms{self._flush_hint()}"
                f"{self._stderr_hint()}",
                None,
            )
        except LineTooLong as exc:
            self._fail_hard(st.HANDSHAKE_FAILED, f"expected `ready`, got {exc}", None)
        try:
            msg = decode_bot_message(line)
        except ProtocolError as exc:
            self._fail_hard(st.HANDSHAKE_FAILED, f"expected a `ready` message: {exc.detail}", None)
        if not isinstance(msg, Ready):
            self._fail_hard(
                st.HANDSHAKE_FAILED, f"expected a `ready` message first, got `{_type_of(msg)}`", None
            )
        if msg.protocol_version is not None and msg.protocol_version != PROTOCOL_VERSION:
            self._fail_hard(
                st.HANDSHAKE_FAILED,
                f"the bot speaks protocol version {msg.protocol_version}; this referee speaks "
                f"version {PROTOCOL_VERSION}",
                None,
            )
        self.ready = msg
        # A bot that asked for requests without what `hello` said gets them, where the game
        # names such fields (for the others the request is the same either way).
        self._static_fields = self.game.static_observation_fields if msg.omit_static else None
        self.handshake_ms = (time.monotonic() - self._launched_at) * 1000

    # ------------------------------------------------------------------ decisions
    def note_action(self, state: State, seat: int, action: Any, viewers: Sequence[int] | None = None) -> None:
        """Tell the bot `seat`'s action was just applied to `state`: what each of its seats (or
        of `viewers` among them) learned from it, as the game decides, reaches the bot with
        that seat's next request."""
        for viewer in self.seats if viewers is None else viewers:
            queue = self.pending_events[viewer]
            seen = self.game.event_for(state, seat, action, viewer)
            if seen is not None:
                queue.append(Event(seat=seat, action=seen))

    def decide(self, state: State, n: int | None = None) -> tuple[Any, Answer]:
        """Ask the bot for the decision of `state` (its seat must be the one to move).

        With several seats, the one to move is the seat decided for (its clock, its events).
        Returns the action (an element of `state.legal_actions()`) and how it came about, an
        `Answer`: index, request_id, time_ms (the bot's wall time), cpu_ms (its cgroup's CPU time
        over the same interval, all of its processes, for every seat it plays; None without a
        cgroup), overhead_us (the referee's own cost), observation_us and legal_us (the engine's
        cost of observation(seat) and legal_actions()), request_bytes, status ("ok", "retry" after
        a retry, "default" when a default action was substituted) and the bot's `info` text.
        The seat's clock is charged the wall time, or with a `cpu` clock the CPU time.
        Recoverable failures follow `options.on_failure`; a failure the policy does not forgive
        raises BotFailure (the bot is then unusable).
        `n` is the decision number, recorded with any failure.
        """
        mover = state.to_move
        if mover not in self.clocks:
            raise ValueError(f"seat {mover} is to move, but this bot plays seats {list(self.seats)}")
        if self._dead or self.process is None:
            raise BotFailure(st.CRASH, "the bot is no longer running")
        self._deciding = mover
        events = self.pending_events[mover]
        t0 = time.perf_counter()
        observation = self.game.player_observation(state, mover, self.seats)
        if self._static_fields:
            observation = without_static(observation, self._static_fields, self._static_memo)
        t1 = time.perf_counter()
        legal = state.legal_actions()
        t_start = t_clock = time.perf_counter()  # the bot's time runs from here, through retries
        observation_us = (t1 - t0) * 1e6
        legal_us = (t_start - t1) * 1e6
        cpu_start = self._cpu_now()
        deadline = self.clock.deadline(self._cpu_now, cpu_start, self._cores)
        clock_msg = self.clock.message()
        attempts = 0
        while True:
            rid = self._next_id
            self._next_id += 1
            try:
                answer, t_line, t_sent = self._exchange(
                    Request(
                        id=rid,
                        seat=mover,
                        clock=clock_msg,
                        events=events,
                        actions=legal,
                        observation=observation,
                    ),
                    rid,
                    deadline,
                    n,
                )
                cpu_end = self._cpu_now()
                action, index = self._validate(answer, legal, state, rid)
            except _Fail as fail:
                status, detail = fail.status, fail.detail
                retry_left = attempts < self.options.retries
                has_time = not deadline.expired()
                policy = self.options.on_failure
                if status in RECOVERABLE and policy == "retry" and retry_left and has_time:
                    attempts += 1
                    self._record(status, detail, n, rid, st.RETRY)
                    self._notify(Error(status=status, message=detail, request_id=rid, retry=True))
                    t_start = time.perf_counter()
                    continue
                if status in RECOVERABLE and policy == "default":
                    self._record(status, detail, n, rid, st.DEFAULT_ACTION)
                    note = f"{detail}; the first legal action was played for you"
                    self._notify(Error(status=status, message=note, request_id=rid, retry=False))
                    if status == st.TIMEOUT:
                        self.clock.exhaust()
                    self.pending_events[mover] = []
                    elapsed_ms = (time.perf_counter() - t_clock) * 1000
                    self._count_time(mover, elapsed_ms)
                    return legal[0], Answer(
                        index=0,
                        request_id=rid,
                        time_ms=elapsed_ms,
                        observation_us=observation_us,
                        legal_us=legal_us,
                        status=DecisionStatus.DEFAULT,
                        request_bytes=self._request_bytes,
                        cpu_ms=self._cpu_ms_since(cpu_start),
                    )
                self._fail_hard(status, detail, rid, n)
            t_done = time.perf_counter()
            break
        time_ms = (t_line - t_clock) * 1000
        cpu_ms = None if cpu_start is None or cpu_end is None else max(0.0, cpu_end - cpu_start) * 1000
        charged = cpu_ms if self.clock.kind == ClockKind.CPU and cpu_ms is not None else time_ms
        self.clock.charge(charged)
        self._count_time(mover, time_ms)
        self.pending_events[mover] = []
        overhead = (t_sent - t_start) + (t_done - t_line)  # build+encode+write, then decode+check
        info = answer.info
        if info is not None and len(info) > INFO_CAP_CHARS:
            info = info[:INFO_CAP_CHARS] + "..."
        return action, Answer(
            index=index,
            request_id=rid,
            time_ms=time_ms,
            overhead_us=overhead * 1e6,
            observation_us=observation_us,
            legal_us=legal_us,
            status=DecisionStatus.RETRY if attempts else DecisionStatus.OK,
            info=info,
            request_bytes=self._request_bytes,
            cpu_ms=cpu_ms,
        )

    def _cpu_now(self) -> float | None:
        """The bot's cgroup CPU seconds so far (None without a cgroup, or when not read)."""
        if self.process is None or not (self.read_cpu or self.clock.kind == ClockKind.CPU):
            return None
        return self.process.cgroup_cpu_seconds()

    def _cpu_ms_since(self, start: float | None) -> float | None:
        """The bot's CPU milliseconds since `start` (None when unknown)."""
        now = self._cpu_now() if start is not None else None
        return None if now is None or start is None else max(0.0, now - start) * 1000

    def _count_time(self, seat: int, time_ms: float) -> None:
        self.think_ms += time_ms
        self.think_ms_by_seat[seat] += time_ms
        self.decisions += 1

    def _exchange(
        self, request: Request[Any, Any, Any], rid: int, deadline: Deadline, n: int | None
    ) -> tuple[ActionAnswer[Any], float, float]:
        """Send one request and read lines until its answer: (answer, t_line, t_sent).

        t_sent is when the request was fully written, t_line when the answer line had been read.
        """
        assert self.process is not None
        data = encode_line(request)
        self._request_bytes = len(data)
        if self.on_send is not None:
            self.on_send("request", data)
        t_begin = time.perf_counter()
        try:
            self._send_by(data, deadline)
        except WriteClosed:
            raise _Fail(st.CRASH, f"the bot exited ({self._ended()}){self._stderr_hint()}") from None
        except WriteBlocked as exc:
            if self._owed or (not self.process.is_stopped() and self.process.busy()):
                self._owed.add(rid)
                raise _Fail(
                    st.TIMEOUT,
                    f"no answer to request {rid}: the bot is still busy (with request "
                    f"{min(self._owed)}) and has not read it ({exc.unsent} bytes not yet written; "
                    f"{deadline.limit_note(self.clock)})",
                ) from None
            raise _Fail(
                st.STALL,
                f"the bot stopped reading its input: request {rid} could not be written before the "
                f"deadline ({exc.unsent} bytes left){self._stopped_note()}",
            ) from None
        t_sent = time.perf_counter()
        unsolicited = 0
        while True:
            try:
                line = self._read_by(deadline)
            except EndOfOutput:
                raise _Fail(st.CRASH, f"the bot exited ({self._ended()}){self._stderr_hint()}") from None
            except ReadTimeout:
                raise self._timeout_or_stall(rid, t_begin, deadline) from None
            except LineTooLong as exc:
                raise _Fail(st.LINE_TOO_LONG, f"answering request {rid}: {exc}") from None
            t_line = time.perf_counter()
            try:
                msg = self.decoder.decode(line)
            except ProtocolError as exc:
                raise _Fail(exc.status, f"answering request {rid}: {exc.detail}") from None
            if isinstance(msg, ActionAnswer) and msg.id == rid:
                return msg, t_line, t_sent
            unsolicited += 1
            if unsolicited > MAX_UNSOLICITED_LINES:
                raise _Fail(
                    st.FLOOD,
                    f"more than {MAX_UNSOLICITED_LINES} lines besides the answer while request {rid} "
                    "was pending (late answers, pongs): answer each request once",
                )
            if isinstance(msg, ActionAnswer):
                if 1 <= msg.id < rid:
                    self._owed.discard(msg.id)
                    self.late_answers += 1
                    if self.late_answers <= LATE_ANSWERS_LOGGED:
                        more = (
                            " (later ones are counted, not logged)"
                            if self.late_answers == LATE_ANSWERS_LOGGED
                            else ""
                        )
                        self._record(
                            st.LATE_ANSWER,
                            f"an answer to request {msg.id} arrived while request {rid} was pending; "
                            f"ignored{more}",
                            n,
                            msg.id,
                            st.DISCARDED,
                        )
                    continue
                raise _Fail(
                    st.WRONG_REQUEST_ID,
                    f"answer for request id {msg.id}, but the pending request is {rid} "
                    f"(ids start at 1 and this bot was never sent {msg.id})",
                )
            if isinstance(msg, Pong) and msg.id in self._ping_ids:
                continue  # a late pong: harmless
            raise _Fail(st.BAD_JSON, f"expected an `action` answer to request {rid}, got `{_type_of(msg)}`")

    def _send_by(self, data: bytes, deadline: Deadline) -> None:
        """Write `data` before the deadline: in slices with a CPU clock, checking it between."""
        assert self.process is not None
        rest = data
        while True:
            try:
                self.process.send(rest, deadline.wait_until())
                return
            except WriteBlocked:
                if deadline.expired():
                    raise
                rest = b""  # the process keeps what it could not write, and writes it first

    def _read_by(self, deadline: Deadline) -> bytes:
        """The next line, read before the deadline: in slices with a CPU clock (see clock.py)."""
        assert self.process is not None
        while True:
            try:
                return self.process.read_line(deadline.wait_until())
            except ReadTimeout:
                if deadline.expired():
                    raise

    def _timeout_or_stall(self, rid: int, t_begin: float, deadline: Deadline) -> _Fail:
        """At the deadline: stall if the bot left the request unread or is stopped, else timeout."""
        assert self.process is not None
        waited = (time.perf_counter() - t_begin) * 1000
        limit = deadline.limit_note(self.clock)
        code = self.process.returncode()
        if code is not None:
            return _Fail(st.CRASH, f"the bot exited ({describe_returncode(code)}){self._stderr_hint()}")
        unread = self.process.unread_input_bytes()
        if self.process.is_stopped():
            return _Fail(
                st.STALL, f"the bot process is stopped (SIGSTOP or traced); request {rid} unanswered"
            )
        if unread and self._owed:
            # Still busy with an earlier request that timed out: slow, not stalled.
            self._owed.add(rid)
            return _Fail(
                st.TIMEOUT,
                f"no answer to request {rid} within {waited:.0f} ms ({limit}): the bot has not read it "
                f"yet, still busy with request {min(self._owed)}",
            )
        if unread and self.process.busy():
            self._owed.add(rid)
            return _Fail(
                st.TIMEOUT,
                f"no answer to request {rid} within {waited:.0f} ms ({limit}): the bot is busy "
                "computing and has not read it yet",
            )
        if unread:
            return _Fail(
                st.STALL,
                f"the bot stopped reading its input: {unread} bytes of request {rid} were still unread "
                f"after {waited:.0f} ms",
            )
        self._owed.add(rid)
        idle = "" if self.process.busy() else self._flush_hint()
        return _Fail(
            st.TIMEOUT,
            f"no answer to request {rid} within {waited:.0f} ms ({limit}){idle}",
        )

    def _validate(
        self, answer: ActionAnswer[Any], legal: list[Any], state: State, rid: int
    ) -> tuple[Any, int]:
        if answer.index is not None:
            if not 0 <= answer.index < len(legal):
                raise _Fail(
                    st.ILLEGAL_ACTION,
                    f"index {answer.index} is out of range: request {rid} listed {len(legal)} legal "
                    f"actions (0 to {len(legal) - 1})",
                )
            action = legal[answer.index]
            if answer.action is not None and self.game.canonical_action(answer.action) != action:
                raise _Fail(
                    st.ILLEGAL_ACTION,
                    f"index {answer.index} is {self._short(action)} but the action given is "
                    f"{self._short(answer.action)}; send one of them",
                )
            return action, answer.index
        if answer.action is not None:
            try:
                index = legal.index(self.game.canonical_action(answer.action))
            except ValueError:
                try:
                    why = self.game.explain_illegal(state, answer.action)
                except Exception:  # the explanation is a courtesy; never let it hide the status
                    why = "not in the list of legal actions"
                raise _Fail(
                    st.ILLEGAL_ACTION, f"{self._short(answer.action)} is not legal in request {rid}: {why}"
                ) from None
            return legal[index], index
        raise _Fail(st.BAD_JSON, f"the answer to request {rid} has neither `index` nor `action`")

    # ------------------------------------------------------------------ other messages
    def ping(self, timeout_ms: float = 1000) -> float:
        """Send `ping`, wait for the matching `pong`; returns the round trip in ms."""
        if self._dead or self.process is None:
            raise BotFailure(st.CRASH, "the bot is no longer running")
        pid = self._next_id
        self._next_id += 1
        self._ping_ids.add(pid)
        t0 = time.perf_counter()
        deadline = time.monotonic() + timeout_ms / 1000
        try:
            self.process.send(encode_line(Ping(id=pid)), deadline)
            while True:
                msg = decode_bot_message(self.process.read_line(deadline))
                if isinstance(msg, Pong) and msg.id == pid:
                    return (time.perf_counter() - t0) * 1000
                if isinstance(msg, Pong):
                    raise BotFailure(st.WRONG_REQUEST_ID, f"pong id {msg.id}, expected {pid}")
                raise BotFailure(st.BAD_JSON, f"expected `pong` with id {pid}, got `{_type_of(msg)}`")
        except (ReadTimeout, WriteBlocked):
            raise BotFailure(st.TIMEOUT, f"no `pong` within {timeout_ms:.0f} ms") from None
        except (EndOfOutput, WriteClosed):
            raise BotFailure(st.CRASH, f"the bot exited ({self._ended()})") from None
        except LineTooLong as exc:
            raise BotFailure(st.LINE_TOO_LONG, str(exc)) from None
        except ProtocolError as exc:
            raise BotFailure(exc.status, exc.detail) from None

    def notify_game_over(self, outcome: Outcome) -> None:
        """Send `game_over` (the outcome as the protocol's GameResult) and then `quit` (not to a
        process the referee keeps for another game)."""
        if self._dead or self.process is None:
            return
        msg = GameOver(
            seat=self.seat,
            seats=list(self.seats),
            result=GameResult(
                completed=outcome.finished,
                end_reason=str(outcome.end_reason),
                rounds=outcome.rounds,
                scores=outcome.scores,
                ranks=outcome.ranks,
                winners=outcome.winners,
                forfeits=outcome.forfeits,
                team=None if outcome.team is None else str(outcome.team),
            ),
        )
        self._notify(msg)
        if not self.keep:
            self.send_quit()

    def send_quit(self) -> None:
        if not self._quit_sent and not self._dead and self.process is not None:
            self._quit_sent = True
            self._notify(Quit())

    def _notify(self, message: Any) -> None:
        """Best-effort message (error, game_over, quit): never blocks long, never raises."""
        if self.process is None or self._dead:
            return
        with contextlib.suppress(WriteClosed, WriteBlocked):
            self.process.send(encode_line(message), time.monotonic() + NOTIFY_TIMEOUT_S)

    # ------------------------------------------------------------------ ending
    def close(self) -> None:
        """Stop the bot: `quit`, a grace period, then SIGTERM/SIGKILL to its process group.

        Always safe and idempotent; after it no process of this bot is left.
        """
        self.begin_close()
        self.finish_close(time.monotonic() + (0 if self._dead else QUIT_GRACE_S))

    def begin_close(self) -> None:
        """First half of close(): ask the bot to quit (used to close many seats in parallel)."""
        if not self._closed and not self.keep:
            self.send_quit()

    def finish_close(self, exit_deadline: float) -> None:
        """Second half: wait for the bot to exit until the deadline, then kill what remains.

        Ctrl-C and SIGTERM are held meanwhile (and re-raised after), so no bot survives them.
        """
        if self._closed or self.keep:
            return
        with signals_deferred():
            self._finish_close(exit_deadline)

    def can_be_kept(self) -> bool:
        """The game ended cleanly for this process and it asked to play more: nothing failed,
        nothing owed or in flight, its stderr within its cap, its process running and quiet."""
        return (
            self.keep
            and self.ready is not None
            and self.ready.many_games
            and not self._dead
            and not self._closed
            and not self.failures
            and not self._owed
            and self.late_answers == 0
            and not self.stderr_truncated
            and self.process is not None
            and self.process.quiet()
            and self.process.stderr is not None
            and self.process.stderr.drained(STDERR_SETTLE_S)
        )

    def detach(self) -> BotProcess:
        """Give up the process (a KeptBots pool keeps it): this seat no longer stops it."""
        process = self.process
        assert process is not None
        self.exit_note = "kept for the next game"
        self.keep = False
        self._closed = True
        return process

    def _finish_close(self, exit_deadline: float) -> None:
        self._closed = True
        proc = self.process
        if proc is None:
            return
        code = proc.wait_exit(exit_deadline - time.monotonic()) if not self._dead else proc.returncode()
        if code is not None:
            self.exit_note = describe_returncode(code)
            self.exited_cleanly = code == 0 and self._quit_sent
        else:
            self.exited_cleanly = False
        proc.kill(TERM_GRACE_S)
        if code is None:
            final = proc.returncode()
            self.exit_note = "killed by the referee" + (
                f" ({describe_returncode(final)})" if final is not None else ""
            )
        self._dead = True

    # ------------------------------------------------------------------ helpers
    def _record(
        self,
        status: str,
        detail: str,
        n: int | None,
        request_id: int | None,
        consequence: str,
        seats: Sequence[int] | None = None,
    ) -> None:
        """Record a failure of the seat deciding now (or of each of `seats`)."""
        for seat in seats if seats is not None else (self._deciding,):
            self.failures.append(
                Failure(
                    seat=seat,
                    status=FailureStatus(status),
                    detail=detail,
                    n=n,
                    request_id=request_id,
                    consequence=Consequence(consequence),
                )
            )

    def _fail_hard(self, status: str, detail: str, request_id: int | None, n: int | None = None) -> NoReturn:
        """Record a failure the bot does not survive, tell it (if it can hear), raise BotFailure.

        A bot that died at a resource limit gets that limit's status (memory_limit, ...), not crash.
        Before the game (no request id), every seat of the bot forfeits: one failure line each.
        """
        if status in (st.CRASH, st.HANDSHAKE_FAILED) and self.process is not None:
            self.process.wait_exit(0.2)
            hit = self.process.limit_hit()
            if hit is not None:
                status, detail = hit.status, f"{hit.detail}; {detail}"
        before_game = request_id is None and n is None
        self._record(status, detail, n, request_id, st.FORFEIT, self.seats if before_game else None)
        if status in (st.CRASH, st.STALL, st.START_FAILED, st.STARTUP_TIMEOUT, *LIMIT_STATUSES):
            self._dead = True
        else:
            self._notify(Error(status=status, message=detail, request_id=request_id, retry=False))
            self._dead = True
        raise BotFailure(status, detail, request_id)

    def _ended(self) -> str:
        assert self.process is not None
        return self.process.exit_description()

    def _stderr_hint(self) -> str:
        if self.process is None or self.process.stderr is None:
            return ""
        # Give the stderr thread a moment to drain what the bot wrote just before failing.
        time.sleep(0.02)
        tail = self.process.stderr.tail(300)
        return f"; stderr ends with: {tail}" if tail else ""

    def _short(self, action: Any) -> str:
        try:
            return self.game.action_to_json(action).decode()
        except Exception:  # a courtesy in a message; never let it hide the status
            return repr(action)[:200]

    def _flush_hint(self) -> str:
        """A bot still running that never answered has most often written its line without
        flushing it (C, C++, Rust and Go block-buffer stdout on a pipe)."""
        if self.process is None or self.process.returncode() is not None:
            return ""
        return (
            " (the bot is running but sent nothing: did you flush stdout after each line? A C, "
            "C++, Rust or Go program's stdout is block-buffered on a pipe)"
        )

    def _stopped_note(self) -> str:
        return " (the process is stopped)" if self.process is not None and self.process.is_stopped() else ""


def _type_of(msg: object) -> str:
    names: dict[type[object], str] = {Ready: "ready", ActionAnswer: "action", Pong: "pong"}
    return names.get(type(msg), type(msg).__name__)
