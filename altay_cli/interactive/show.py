"""`altay replay --show`: a verified game told step by step, optionally through one seat's eyes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Game, State
from ..gamelog import Decision, SeatInfo
from ..textsafe import safe_text


class ShowPrinter:
    """A replay step observer that prints each decision in words.

    seat: show the game as that seat saw it (what the game hides from it stays hidden, and its
    own zones are shown when a turn of its begins); without one, every decision is told in full
    (the log holds them all) and the board is the spectator's. board: print the board view (the
    game's "board" view, or its full view) whenever a new turn begins.
    """

    def __init__(
        self,
        game: Game,
        seats: list[SeatInfo],
        say: Callable[[str], None],
        seat: int | None = None,
        board: bool = False,
    ) -> None:
        self.game = game
        self.names = {s.seat: safe_text(s.name, 60) for s in seats}  # a log's names: never escapes
        self.say = say
        self.seat = seat
        self.board = board
        self.turn: tuple[Any, ...] | None = None

    def label(self, g: State, seat: int) -> str:
        name = self.names.get(seat, "?")
        role = self.game.roles(g)[seat]
        you = " (you)" if seat == self.seat else ""
        return f"P{seat} {name}" + (f" [{role}]" if role else "") + you

    def __call__(self, d: Decision, before: State, after: State) -> None:
        game = self.game
        viewer = self.seat if self.seat is not None else d.seat
        turn = game.text.turn_of(before)
        if turn is not None and turn != self.turn:
            self.turn = turn
            when, active = turn
            self.say("")
            self.say(f"-- {when}, turn of {self.label(before, active)} --")
            if self.board:  # without --seat, as a spectator sees it (no seat's hand)
                name = "board" if "board" in game.text.views() else "full"
                for line in game.text.view(before, self.seat, name):
                    self.say(line)
            if self.seat is not None and active == self.seat and "hand" in game.text.views():
                for line in game.text.view(before, viewer, "hand")[1:]:
                    self.say(line)
        action = game.action_from_builtins(d.action)
        if self.seat is None or d.seat == self.seat:
            text = game.text.describe_in(before, action)
        else:
            seen = game.event_for(after, d.seat, action, self.seat)
            text = game.text.describe_in(after, seen) if seen is not None else "(a decision you do not see)"
        status = "" if d.status == "ok" else f" [{safe_text(d.status, 20)}]"
        self.say(f"  {d.n:>4}  {self.label(before, d.seat)}: {text}{status}")
        note = game.text.narrate(after, d.seat, action, self.seat)  # no --seat: in the third person
        for line in (note or "").splitlines():
            self.say(f"        {line}")
        if d.info and (self.seat is None or d.seat == self.seat):
            self.say(f"        info: {safe_text(d.info, 300)}")  # the bot's own debug text
