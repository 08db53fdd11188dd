"""The `altay play` game loop: read a line, answer, until the game ends or input does.

It works the same typed at a terminal or piped from a script: no prompt is printed unless
stdin is a terminal, every answer is flushed at once, and end of input ends cleanly. What an
answer looks like is its printer's (`printers.TextPrinter`, or `printers.JsonPrinter` with
`json_mode`: exactly one JSON line per answer, its `type` saying what it is: decide, error,
actions, observation, history, help, saved, result, bye).

From Python, `PlaySession.start()` and `feed(line)` play it a line at a time (see
`interactive.play.open_play`, which sets a session up from typed options).
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import msgspec
import orjson

from ..engine import AmbiguousCommand, Game, IllegalAction, NotationError
from ..gamelog import Answer
from ..userfiles import unwritable_file
from .printers import JsonPrinter, Printer, TextPrinter
from .seats import HUMAN, Controller, SeatSpec, seat_info
from .session import LoadError, Session, Step

if TYPE_CHECKING:
    from ..logsign import Signer

HELP = """\
Choose an action by its number in the list, or type it as a command. Words may be shortened
to any unique prefix and case does not matter; leave out what is obvious.
{game_help}
An action can also be given as JSON, or as {{"index": 3}}.
Other commands:
  actions   list the legal actions again
{views}
  card NAME    what a card (or anything named) is      why ACTION   why it is (not) legal now
  rules        the game's whole rules reference
  history [N]  the last N decisions           undo [N] take back your last N decisions
  save FILE    write the game log (replay it with `altay replay FILE`)
  load FILE    continue the game saved in FILE
  help      this text                         quit     leave (save first to keep the game)"""


def help_text(game: Game) -> str:
    shown = {k: v for k, v in game.text.views().items() if k not in ("compact", "actions")}
    views = "\n".join(f"  {name:<12} {what}" for name, what in shown.items())
    return HELP.format(game_help=game.text.help_text(), views=views)


#: command words that show a view: the game's view names, and these aliases
VIEW_ALIASES = {"state": "full", "map": "board"}
META = {
    "help",
    "?",
    "actions",
    "list",
    "ls",
    "state",
    "map",
    "history",
    "card",
    "why",
    "rules",
    "undo",
    "save",
    "load",
    "quit",
    "exit",
    "q",
}


class PlaySession:
    """One interactive game: `run(lines)` plays it to the end and returns the process exit code;
    `start()` and `feed(line)` play it a line at a time (each returns an exit code once the
    game or the session is over, else None), and `close()` stops its bot programs."""

    def __init__(
        self,
        session: Session,
        specs: list[SeatSpec],
        controllers: dict[int, Controller],
        *,
        json_mode: bool = False,
        tty: bool = False,
        out: IO[str] | None = None,
        log_path: Path | None = None,
        loaded_from: Path | None = None,
        signer: Signer | None = None,
        printer: Printer | None = None,
    ) -> None:
        self.session = session
        self.game: Game = session.game
        self.signer = signer
        self.specs = specs
        self.controllers = controllers  # seat -> its player's controller (one per player)
        self.programs: list[Controller] = list({id(c): c for c in controllers.values()}.values())
        self.humans = {s.seat for s in specs if s.kind == HUMAN}
        #: each person's seats, by the first of them (a person may play several seats)
        self.person = {s.seat: s.seat if s.player is None else s.player for s in specs if s.kind == HUMAN}
        self.people = len(set(self.person.values()))
        self.tty = tty
        self.printer = printer or (JsonPrinter(out) if json_mode else TextPrinter(out, tty))
        self.log_path = log_path
        self.loaded_from = loaded_from
        self.pending: list[Step] = []  # decisions not yet shown to a person
        self.notes: list[str] = []  # messages to show with the next answer (bot failures)
        self.ended: int | None = None  # the exit code, once the game ended or was left

    def error(self, message: str, **extra: Any) -> None:
        self.printer.error(message, **extra)

    # ------------------------------------------------------------------ running
    def run(self, lines: Iterator[str]) -> int:
        """Play until the game ends (0), input ends or `quit` (0), or Ctrl-C (130)."""
        try:
            return self._run(lines)
        except KeyboardInterrupt:
            self.leave("interrupted")
            return 130
        finally:
            self.close()

    def _run(self, lines: Iterator[str]) -> int:
        code = self.start()
        if code is not None:
            return code
        for line in lines:
            code = self.feed(line)
            if code is not None:
                return code
        return self.leave("end of input")

    def close(self) -> None:
        """Stop the bot programs (at the end, or when a Python caller is done feeding lines)."""
        for c in self.programs:
            c.close()

    def start(self) -> int | None:
        """Start the bots and play until a person must decide; the exit code if the game is
        already over."""
        for c in self.programs:
            failure = c.start()
            if failure is not None:
                self.session.record_failure(failure)
                self.notes.append(
                    f"{self.name(c.spec.seat)} could not start ({failure.status}: {failure.detail}); "
                    "the first legal action will be played for it"
                )
        self.printer.started(self)
        self.advance()
        if self.session.state.is_terminal:
            return self.finish()
        self.prompt_view(full=True)
        return None

    def feed(self, line: str) -> int | None:
        """Answer one line; the exit code once the game ends or the person quits, else None
        (a line fed after that is not read: the same exit code again)."""
        if self.ended is not None:
            return self.ended
        line = line.strip()
        if not line:
            return None
        outcome = self.handle(line)
        if outcome == "quit":
            return self.leave("quit")
        if self.session.state.is_terminal:
            return self.finish()
        return None

    def banner(self) -> str:
        seats = ", ".join(f"P{s.seat} {self.kind_text(s)}" for s in self.specs)
        loaded = ""
        if self.loaded_from is not None:
            loaded = f"Continuing {self.loaded_from}: {len(self.session.steps)} decisions replayed.\n"
        return loaded + (
            f"{self.game.text.describe_config(self.session.config)}.\n"
            f"Seats: {seats}. Type `help` for commands."
        )

    def kind_text(self, spec: SeatSpec) -> str:
        if spec.kind == HUMAN:
            return "human" if self.people > 1 else "you"
        return f"{spec.name} ({spec.kind})"

    def name(self, seat: int) -> str:
        spec = self.specs[seat]
        if spec.kind == HUMAN:
            return f"P{seat}" + (" (you)" if self.people == 1 else "")
        return f"P{seat} {spec.name}"

    def lines(self) -> Iterator[str]:
        """Input lines: with a prompt at a terminal, plain reading from a pipe."""
        if not self.tty:
            yield from sys.stdin
            return
        with contextlib.suppress(ImportError):  # line editing and history (arrow keys) at a terminal
            import readline  # noqa: F401
        while True:
            try:
                yield input(self.prompt_text())
            except EOFError:
                return

    def prompt_text(self) -> str:
        return self.printer.prompt_text(self)

    # ------------------------------------------------------------------ the game
    def advance(self) -> None:
        """Let non-human seats decide until a person must (or the game ends)."""
        s = self.session
        while not s.state.is_terminal and s.state.to_move not in self.humans:
            seat = s.state.to_move
            assert seat is not None
            decided = self.controllers[seat].decide(s.state, len(s.steps))
            for failure in decided.failures:
                s.record_failure(failure)
                self.notes.append(
                    f"{self.name(seat)} failed ({failure.status}: {failure.detail}); "
                    "the first legal action was played for it"
                )
            step = self.apply(decided.action, decided.answer)
            self.pending.append(step)
            self.printer.bot_moved(self)
        if s.state.is_terminal:
            outcome = s.outcome()
            for c in self.programs:
                c.game_over(outcome)

    def apply(self, action: Any, answer: Answer | None = None) -> Step:
        """Apply a decision and tell every bot seat what it learned from it (the game decides)."""
        step = self.session.apply(action, answer)
        for c in self.programs:
            c.note(self.session.state, step.seat, step.action)
        return step

    def resync_bots(self) -> None:
        """After undo or load: each bot's next request lists what it learned since its last decision."""
        s = self.session
        for c in self.programs:
            c.forget_events()
            for seat in c.seats:
                last = max((st.n for st in s.steps if st.seat == seat), default=-1)
                for st in s.steps[last + 1 :]:
                    c.note(st.after, st.seat, st.action, [seat])

    def viewer(self) -> int:
        """Whose eyes the output is for: the person to decide now (or the first person)."""
        to_move = self.session.state.to_move
        if to_move in self.humans:
            return to_move
        return min(self.humans) if self.humans else 0

    def event(self, step: Step, viewer: int) -> dict[str, Any]:
        game = self.game
        own = step.seat == viewer or not self.humans or self.same_person(step.seat, viewer)
        if own:
            shown: Any = game.action_to_builtins(step.action)
            text = game.text.describe_in(step.after, step.action)
        else:
            seen = game.event_for(step.after, step.seat, step.action, viewer)
            shown = msgspec.to_builtins(seen) if seen is not None else None
            text = (
                game.text.describe_in(step.after, seen) if seen is not None else "(a decision you do not see)"
            )
        return {"n": step.n, "seat": step.seat, "action": shown, "text": text}

    def led(self, seat: int) -> tuple[int, ...]:
        """The seats the person at `seat` leads (what they know together; `seat` alone when it is
        no person's)."""
        if seat not in self.person:
            return (seat,)
        return tuple(s for s in sorted(self.person) if self.person[s] == self.person[seat])

    def same_person(self, a: int, b: int) -> bool:
        """Seats a and b are played by one person (who saw what either seat saw)."""
        return a in self.person and b in self.person and self.person[a] == self.person[b]

    def prompt_view(self, full: bool = False, undone: int | None = None) -> None:
        """Show the person to move what they need to decide (full: the whole view in text)."""
        self.printer.decide(self, full, undone)

    def action_lines(self) -> list[str]:
        """The legal actions, numbered (the game's own list when it has an "actions" view)."""
        g = self.session.state
        if "actions" in self.game.text.views():
            return self.game.text.player_view(g, self.viewer(), self.led(self.viewer()), "actions")
        legal = g.legal_actions()
        if not legal:
            return []
        head = f"Legal actions ({len(legal)}): type a number or a command (`help` explains)"
        return [head, *(f"{i:>3} {self.game.text.command_text(a)}" for i, a in enumerate(legal))]

    # ------------------------------------------------------------------ commands
    def handle(self, line: str) -> str | None:
        if line.startswith("{"):
            self.json_action(line)
            return None
        tokens = line.replace(",", " ").split()
        if not tokens:  # only separators, e.g. ","
            self.error("type an action, a number from the list, or `help`")
            return None
        word = tokens[0].lower()
        number = ascii_count(word) if len(tokens) == 1 else None
        if number is not None:
            self.take_index(number)
            return None
        if word in META or word in self.game.text.views():
            return self.meta(word, line, tokens[1:])
        self.text_action(line)
        return None

    def take(self, action: Any) -> None:
        """Apply the person's action (legal by construction or checked by the engine)."""
        s = self.session
        step = self.apply(action)
        self.printer.took(self, step)
        self.advance()
        if not s.state.is_terminal:
            self.prompt_view()

    def take_index(self, index: int) -> None:
        legal = self.session.state.legal_actions()
        if not 0 <= index < len(legal):
            self.error(
                f"there is no action {index}: choose 0 to {len(legal) - 1} "
                "(type `actions` to see the list again)",
                legal_count=len(legal),
            )
            return
        self.take(legal[index])

    def json_action(self, line: str) -> None:
        legal = self.session.state.legal_actions()
        try:
            obj = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            self.error(f'not valid JSON ({exc}); send an action object or {{"index": N}}')
            return
        if isinstance(obj, dict) and "index" in obj and "type" not in obj:
            index = obj["index"]
            if not isinstance(index, int) or isinstance(index, bool):
                self.error(f'"index" must be an integer from 0 to {len(legal) - 1}', legal_count=len(legal))
                return
            self.take_index(index)
            return
        try:
            action = self.game.action_from_builtins(obj)
        except ValueError as exc:
            example = orjson.dumps(self.game.action_to_builtins(legal[0])).decode() if legal else "{}"
            self.error(
                f'not a valid action object: {exc}. Example: {example} or {{"index": 0}}',
                legal_count=len(legal),
            )
            return
        try:
            self.take(action)
        except IllegalAction as exc:
            self.error(f"illegal action: {exc.reason}", legal_count=len(legal))

    def text_action(self, line: str) -> None:
        state = self.session.state
        legal = state.legal_actions()
        try:
            index = self.game.text.parse(state, line)
        except AmbiguousCommand as exc:
            self.ambiguous(exc, legal)
            return
        except NotationError as exc:
            self.error(exc.message, legal_count=len(legal))
            return
        self.take(legal[index])

    def ambiguous(self, exc: AmbiguousCommand, legal: list[Any]) -> None:
        game = self.game
        options = [
            {
                "index": i,
                "command": game.text.command_text(legal[i]),
                "text": game.text.describe_in(self.session.state, legal[i]),
            }
            for i in exc.candidates
        ]
        self.printer.ambiguous(exc.message, options)

    def meta(self, word: str, line: str, args: list[str]) -> str | None:
        g = self.session.state
        obs = msgspec.to_builtins(self.game.player_observation(g, self.viewer(), self.led(self.viewer())))
        if word in ("quit", "exit", "q"):
            return "quit"
        if word in ("help", "?"):
            self.printer.help(help_text(self.game))
        elif word in ("actions", "list", "ls"):
            self.printer.actions(self)
        elif word in self.game.text.views():
            self.show(word, obs)  # a game's own view comes before an alias ("map" in Mammothodus)
        elif VIEW_ALIASES.get(word) in self.game.text.views():
            self.show(VIEW_ALIASES[word], obs)
        elif word == "card":
            self.lookup(line.split(None, 1)[1] if args else "")
        elif word == "why":
            self.why(line.split(None, 1)[1] if args else "")
        elif word == "rules":
            text = self.game.text.reference_for(self.session.config)
            self.printer.rules(text)
        elif word == "history":
            count = ascii_count(args[0]) if args else None
            self.history(20 if count is None else count)
        elif word == "undo":
            count = ascii_count(args[0]) if args else None
            self.undo(1 if count is None else count)
        elif word == "save":
            self.save(line.split(None, 1)[1].strip() if len(args) else "")
        elif word == "load":
            self.load(line.split(None, 1)[1].strip() if len(args) else "")
        return None

    def show(self, name: str, obs: Any) -> None:
        self.printer.view(self, name, obs)

    def lookup(self, term: str) -> None:
        if not term.strip():
            self.error("card needs a name: card NAME (e.g. card Merchant, card Masonry)")
            return
        lines = self.game.text.lookup(term)
        if not lines:
            self.error(f"nothing called {term!r}; `rules` prints the whole reference")
        else:
            self.printer.card(term, lines)

    def why(self, text: str) -> None:
        if not text.strip():
            self.error("why needs an action: why ACTION (e.g. why buy Merchant, why attack 6 12 Warrior)")
            return
        state = self.session.state
        number = ascii_count(text.strip())
        if number is not None and number < len(legal := state.legal_actions()):
            text = self.game.text.command_text(legal[number])  # `why 3`: the action numbered 3
        answer = self.game.text.why(state, text)
        self.printer.why(text, answer)

    def history(self, count: int) -> None:
        viewer = self.viewer()
        steps = self.session.steps[-count:] if count else []
        events = [self.event(step, viewer) for step in steps]
        self.printer.history(self, events)

    def undo(self, count: int) -> None:
        s = self.session
        point = s.undo_point(self.humans, count)
        if point is None:
            self.error(
                "nothing to undo: no decision of yours is left to take back"
                if count == 1
                else f"cannot take back {count} of your decisions: there are fewer"
            )
            return
        taken = s.steps[point:]
        s.truncate(point)
        self.pending = []
        self.resync_bots()
        others = sum(1 for st in taken if st.seat not in self.humans)
        what = f"took back {len(taken) - others} decision(s) of yours"
        if others:
            what += f" and {others} decision(s) of other seats made after them"
        self.printer.undone(self, what, len(taken))

    def save(self, path_text: str) -> None:
        if not path_text:
            self.error("save needs a file name: save FILE (e.g. save game.jsonl)")
            return
        path = Path(_unquote(path_text))
        problem = unwritable_file(path)
        if problem:
            self.error(f"cannot save: {problem}")
            return
        self.collect_stderr()
        try:
            self.session.save(path, self.signer)
        except (OSError, ValueError) as exc:
            self.error(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}")
            return
        n = len(self.session.steps)
        self.printer.saved(self, path, n)

    def load(self, path_text: str) -> None:
        if not path_text:
            self.error("load needs a file name: load FILE (a log written by `save` or `altay match`)")
            return
        path = Path(_unquote(path_text))
        try:
            loaded = Session.load(path, [seat_info(s) for s in self.specs])
        except LoadError as exc:
            self.error(str(exc))
            return
        if loaded.game.kind.name != self.game.kind.name:
            self.error(
                f"{path} is a game of {loaded.game.kind.title} and this one is "
                f"{self.game.kind.title}: start `altay play --load {path}` instead"
            )
            return
        if loaded.config.players != self.session.config.players:
            self.error(
                f"{path} is a {loaded.config.players}-player game and this one has "
                f"{self.session.config.players} players: start `altay play --load {path}` instead"
            )
            return
        self.session = loaded
        self.pending = []
        self.resync_bots()
        self.printer.loaded(self, path, len(loaded.steps))
        self.advance()
        if not loaded.state.is_terminal:
            self.prompt_view(full=True)

    # ------------------------------------------------------------------ endings
    def finish(self) -> int:
        s = self.session
        result = msgspec.to_builtins(s.outcome())
        names = [s.name for s in self.specs]
        roles = [r or None for r in self.game.roles(s.state)]
        self.autosave()
        self.printer.result(self, result, names, roles)
        self.ended = 0
        return 0

    def leave(self, why: str) -> int:
        self.autosave()
        self.printer.bye(self, why)
        self.ended = 0
        return 0

    def autosave(self) -> None:
        if self.log_path is not None:
            self.collect_stderr()
            try:
                self.session.save(self.log_path, self.signer)
            except OSError as exc:
                self.error(f"cannot write the log {self.log_path}: {exc.strerror or exc}")

    def collect_stderr(self) -> None:
        """Put what the bots wrote to stderr into the session's log (capped by the referee)."""
        for c in self.programs:
            stderr = c.stderr()
            if stderr is not None:
                self.session.stderr[stderr.seat] = stderr


#: the name this class had before the printers were split from it
PlayApp = PlaySession


def ascii_count(text: str) -> int | None:
    """A number typed in ASCII digits (`3`, not `٣`), or None; one too long to mean anything is
    taken as a large number, so it is said to be out of range rather than misread."""
    if not (text.isascii() and text.isdigit()):
        return None
    return int(text) if len(text) <= 30 else 10**30


def _unquote(text: str) -> str:
    try:
        parts = shlex.split(text)
    except ValueError:
        return text
    return parts[0] if len(parts) == 1 else text
