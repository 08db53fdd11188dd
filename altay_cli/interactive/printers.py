"""How `altay play` answers, one printer per mode: `TextPrinter` for a person (views, numbered
actions, sentences; control characters shown as visible escapes), `JsonPrinter` for scripts
(exactly one JSON object per answer, its `type` saying what it is: decide, error, actions,
observation, card, why, rules, history, help, saved, result, bye).

The game loop (`PlaySession`) says what happened (a bot moved, a person took an action, an
error, a view asked for...) and the printer decides what that looks like. A printer reads the
session it is given (its seats, its pending decisions, the game's text) but never changes the
game; `JsonPrinter(sink=...)` hands each answer to a Python callable instead of printing it.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import msgspec
import orjson

from ..textsafe import safe_text
from .seats import HUMAN, seat_info

if TYPE_CHECKING:
    from .app import PlaySession
    from .session import Step


class Printer:
    """What the game loop tells its printer; a subclass shows it (this one shows nothing)."""

    def prompt_text(self, play: PlaySession) -> str:
        """The prompt at a terminal before each line is read."""
        return ""

    def started(self, play: PlaySession) -> None:
        """The game is about to begin (or go on, loaded)."""

    def bot_moved(self, play: PlaySession) -> None:
        """A seat that is no person's decided (`play.pending` holds it, `play.notes` its failures)."""

    def took(self, play: PlaySession, step: Step) -> None:
        """The person to move took an action."""

    def decide(self, play: PlaySession, full: bool = False, undone: int | None = None) -> None:
        """A person must decide: what they need to (full: the whole view)."""

    def error(self, message: str, **extra: Any) -> None:
        """A line that could not be used: why, and what would be right."""

    def ambiguous(self, message: str, options: list[dict[str, Any]]) -> None:
        """A command that matches several actions: the candidates."""

    def help(self, text: str) -> None: ...

    def actions(self, play: PlaySession) -> None:
        """The legal actions again."""

    def view(self, play: PlaySession, name: str, obs: Any) -> None:
        """One of the game's views (or the observation) for the person to move."""

    def card(self, term: str, lines: list[str]) -> None: ...

    def why(self, action: str, answer: str) -> None: ...

    def rules(self, text: str) -> None: ...

    def history(self, play: PlaySession, events: list[dict[str, Any]]) -> None: ...

    def undone(self, play: PlaySession, what: str, count: int) -> None:
        """Decisions were taken back (`what` says which); the person to move decides again."""

    def saved(self, play: PlaySession, path: Path, decisions: int) -> None: ...

    def loaded(self, play: PlaySession, path: Path, decisions: int) -> None: ...

    def result(self, play: PlaySession, result: dict[str, Any], names: list[str], roles: list[Any]) -> None:
        """The game ended."""

    def bye(self, play: PlaySession, why: str) -> None:
        """The person left before the game ended."""


class TextPrinter(Printer):
    """Text for a person at a terminal (or a script reading text)."""

    def __init__(self, out: IO[str] | None = None, tty: bool = False) -> None:
        self.out = out or sys.stdout
        self.tty = tty
        self.shown_key: tuple[Any, ...] | None = None  # what the last full view showed

    def say(self, *lines: str) -> None:
        """Text for a person. What bots wrote (names, failure details) and what was typed may hold
        control characters: they are shown as visible escapes, never sent to the terminal."""
        self.out.write("".join(safe_text(line, keep_newlines=True) + "\n" for line in lines))
        self.out.flush()

    def prompt_text(self, play: PlaySession) -> str:
        seat = play.session.state.to_move
        return f"P{seat}> " if seat is not None else "> "

    def started(self, play: PlaySession) -> None:
        self.say(play.banner())

    def bot_moved(self, play: PlaySession) -> None:
        self.show_steps(play)

    def show_steps(self, play: PlaySession) -> None:
        """Print the decisions made since the last time, as the viewer may see them."""
        viewer = play.viewer()
        for failure in play.notes:  # failures come before the default action they caused
            self.say(f"  ! {failure}")
        play.notes = []
        for step in play.pending:
            e = play.event(step, viewer)
            default = " [default action]" if step.status == "default" else ""
            self.say(f"  {play.name(step.seat)}: {e['text']}{default}")
            note = play.game.text.narrate(step.after, step.seat, step.action, viewer)
            for line in (note or "").splitlines():
                self.say(f"    {line}")
        play.pending = []

    def took(self, play: PlaySession, step: Step) -> None:
        e = play.event(step, step.seat)
        self.say(f"  {play.name(step.seat)}: {e['text']}")
        note = play.game.text.narrate(play.session.state, step.seat, step.action, step.seat)
        for line in (note or "").splitlines():
            self.say(f"    {line}")

    def decide(self, play: PlaySession, full: bool = False, undone: int | None = None) -> None:
        g = play.session.state
        game = play.game
        seat = play.viewer()
        self.show_steps(play)
        key = (seat, *game.text.turn_key(g))
        if play.people > 1 and self.shown_key is not None and not play.same_person(self.shown_key[0], seat):
            if self.tty:  # hot seat: the previous player's screen goes before the next one's view
                self.out.write("\033[2J\033[3J\033[H")
            self.say(f"--- {game.text.seat_label(g, seat)} must decide now: pass the keyboard to P{seat} ---")
        if full:
            self.say("", *game.text.player_view(g, seat, play.led(seat), "full"))
        else:  # each turn the compact view; `state` shows everything on demand
            new_turn = " (type `state` for everything you may see)" if key != self.shown_key else ""
            self.say("", *game.text.player_view(g, seat, play.led(seat), "compact"))
            if new_turn:
                self.say(new_turn.strip(" ()").capitalize())
        self.shown_key = key
        self.say(*play.action_lines())

    def error(self, message: str, **extra: Any) -> None:
        self.say(message)

    def ambiguous(self, message: str, options: list[dict[str, Any]]) -> None:
        self.say(message)
        for o in options:
            self.say(f"  {o['index']:>3}  {o['command']:<28} {o['text']}")

    def help(self, text: str) -> None:
        self.say(text)

    def actions(self, play: PlaySession) -> None:
        self.say(*play.action_lines())

    def view(self, play: PlaySession, name: str, obs: Any) -> None:
        seat = play.viewer()
        self.say(*play.game.text.player_view(play.session.state, seat, play.led(seat), name))

    def card(self, term: str, lines: list[str]) -> None:
        self.say(*lines)

    def why(self, action: str, answer: str) -> None:
        self.say(answer)

    def rules(self, text: str) -> None:
        self.say(text.rstrip("\n"))

    def history(self, play: PlaySession, events: list[dict[str, Any]]) -> None:
        if not events:
            self.say("no decisions yet")
        for e in events:
            self.say(f"  {e['n']:>4}  {play.name(e['seat'])}: {e['text']}")

    def undone(self, play: PlaySession, what: str, count: int) -> None:
        self.say(f"Undo: {what}.")
        play.prompt_view(full=True)

    def saved(self, play: PlaySession, path: Path, decisions: int) -> None:
        others = [f"P{s.seat} {s.name}" for s in play.specs if s.kind != HUMAN]
        played = f" ({', '.join(others)} will play as before)" if others else ""
        self.say(
            f"Saved {decisions} decisions to {path}. Continue later with `altay play --load {path}`"
            f"{played}; check it with `altay replay {path}`."
        )

    def loaded(self, play: PlaySession, path: Path, decisions: int) -> None:
        self.say(f"Loaded {path}: {decisions} decisions replayed.")

    def result(self, play: PlaySession, result: dict[str, Any], names: list[str], roles: list[Any]) -> None:
        from ..render import print_result

        s = play.session
        self.show_steps(play)
        reason = play.game.text.end_reason_text(result["end_reason"])
        length = play.game.text.length_text(result["rounds"], result["turns"])
        self.say("", f"Game over after {length}: {reason}.")
        title = f"{play.game.kind.title}: seed {s.config.seed}"
        with contextlib.redirect_stdout(self.out):  # (the table is printed by rich, to stdout)
            print_result(play.game, result, names, roles, title=title)
        if result.get("team") is not None:
            self.say(f"The team {result['team']}.")
        elif result["winners"]:
            self.say(f"Winner: {' and '.join(play.name(w) for w in result['winners'])}.")
        else:
            self.say("No winner.")
        if play.log_path:
            self.say(f"Game log: {play.log_path} (check it with `altay replay {play.log_path}`)")

    def bye(self, play: PlaySession, why: str) -> None:
        s = play.session
        outcome = s.outcome()
        where = f"{play.game.text.length_text(outcome.rounds, outcome.turns)} and {len(s.steps)} decisions"
        self.say(
            f"Left the game ({why}) after {where}; it is not finished."
            + (f" Log saved to {play.log_path}." if play.log_path else " Use `save FILE` to keep a game.")
        )


class JsonPrinter(Printer):
    """One JSON object per answer: written as a line to `out`, or given to `sink`."""

    def __init__(
        self, out: IO[str] | None = None, sink: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        self.out = out or sys.stdout
        self.sink = sink
        self.first_answer = True

    def emit(self, obj: dict[str, Any]) -> None:
        if self.sink is not None:
            self.sink(obj)
            return
        self.out.write(orjson.dumps(obj).decode() + "\n")
        self.out.flush()

    def took(self, play: PlaySession, step: Step) -> None:
        play.pending.append(step)  # shown with the next answer, as the viewer then may see it

    def decide(self, play: PlaySession, full: bool = False, undone: int | None = None) -> None:
        g = play.session.state
        game = play.game
        seat = play.viewer()
        obs = msgspec.to_builtins(game.player_observation(g, seat, play.led(seat)))
        legal = [game.action_to_builtins(a) for a in g.legal_actions()]
        so_far = game.outcome(g)  # a game counts its length in rounds or in turns (Innovation)
        msg: dict[str, Any] = {
            "type": "decide",
            "seat": seat,
            "round": so_far.rounds,
            "turn": so_far.turns,
            "phase": obs.get("phase") if isinstance(obs, dict) else None,
            "events": [play.event(s, seat) for s in play.pending],
            "notes": play.notes,
            "observation": obs,
            "legal": legal,
        }
        if undone is not None:
            msg["undone"] = undone
        if self.first_answer:
            # the seed stays secret until the game ends (it reveals every hidden card)
            msg["game"] = game.kind.name
            msg["config"] = game.config_to_builtins(play.session.config)
            msg["seats"] = [msgspec.to_builtins(seat_info(s)) for s in play.specs]
            self.first_answer = False
        play.pending, play.notes = [], []
        self.emit(msg)

    def error(self, message: str, **extra: Any) -> None:
        self.emit({"type": "error", "error": message, **extra})

    def ambiguous(self, message: str, options: list[dict[str, Any]]) -> None:
        self.error(message, candidates=options)

    def help(self, text: str) -> None:
        self.emit({"type": "help", "text": text})

    def actions(self, play: PlaySession) -> None:
        g = play.session.state
        actions = g.legal_actions()
        legal = [play.game.action_to_builtins(a) for a in actions]
        commands = [play.game.text.command_text(a) for a in actions]
        self.emit({"type": "actions", "seat": g.to_move, "legal": legal, "commands": commands})

    def view(self, play: PlaySession, name: str, obs: Any) -> None:
        self.emit({"type": "observation", "seat": play.viewer(), "observation": obs})

    def card(self, term: str, lines: list[str]) -> None:
        self.emit({"type": "card", "term": term, "lines": lines})

    def why(self, action: str, answer: str) -> None:
        self.emit({"type": "why", "action": action, "answer": answer})

    def rules(self, text: str) -> None:
        self.emit({"type": "rules", "text": text})

    def history(self, play: PlaySession, events: list[dict[str, Any]]) -> None:
        self.emit({"type": "history", "events": events})

    def undone(self, play: PlaySession, what: str, count: int) -> None:
        play.notes.append(f"undo: {what}")
        play.prompt_view(undone=count)

    def saved(self, play: PlaySession, path: Path, decisions: int) -> None:
        self.emit({"type": "saved", "path": str(path), "decisions": decisions})

    def result(self, play: PlaySession, result: dict[str, Any], names: list[str], roles: list[Any]) -> None:
        s = play.session
        events = [play.event(st, play.viewer()) for st in play.pending]
        self.emit(
            {
                "type": "result",
                "events": events,
                **result,
                "decisions": len(s.steps),
                "seed": s.config.seed,
                "names": names,
                "roles": roles,
                "factions": roles,  # the old name of "roles", kept for scripts that read it
                "log": str(play.log_path) if play.log_path else None,
            }
        )

    def bye(self, play: PlaySession, why: str) -> None:
        self.emit({"type": "bye", "reason": why, "decisions": len(play.session.steps), "finished": False})
