"""`altay replay --show`: a verified game told step by step, optionally through one seat's eyes."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import GameState, action_from_builtins, action_to_builtins, public_action
from ..gamelog import Decision, SeatInfo
from ..textsafe import safe_text
from . import view
from .describe import describe

COMBAT_TYPES = ("attack", "fight", "surrender")


class ShowPrinter:
    """A replay step observer that prints each decision in words.

    seat: show the game as that seat saw it (others' hidden cards redacted, that seat's hand
    at each of its turns). board: print the board at the start of every turn.
    """

    def __init__(
        self,
        seats: list[SeatInfo],
        say: Callable[[str], None],
        seat: int | None = None,
        board: bool = False,
    ) -> None:
        self.names = {s.seat: safe_text(s.name, 60) for s in seats}  # a log's names: never escapes
        self.say = say
        self.seat = seat
        self.board = board
        self.turn: tuple[int, int] | None = None

    def label(self, g: GameState, seat: int) -> str:
        obs_player = g.observation(seat)["players"][seat]
        faction = obs_player["faction"]
        name = self.names.get(seat, "?")
        you = " (you)" if seat == self.seat else ""
        return f"P{seat} {name}" + (f" [{faction}]" if faction else "") + you

    def __call__(self, d: Decision, before: GameState, after: GameState) -> None:
        viewer = self.seat if self.seat is not None else d.seat
        turn = (before.round, before.active)
        if turn != self.turn and before.phase not in ("choose_faction", "choose_start"):
            self.turn = turn
            obs = before.observation(viewer)
            self.say("")
            self.say(f"-- round {before.round}, turn of {self.label(before, before.active)} --")
            if self.board:
                for line in view.board_lines(obs):
                    self.say(line)
            if self.seat is not None and before.active == self.seat:
                for line in view.you_lines(obs)[1:]:
                    self.say(line)
        action = action_from_builtins(d.action)
        shown = (
            action_to_builtins(action) if self.seat is None or d.seat == self.seat else public_action(action)
        )
        status = "" if d.status == "ok" else f" [{safe_text(d.status, 20)}]"
        self.say(f"  {d.n:>4}  {self.label(before, d.seat)}: {describe(shown)}{status}")
        if shown["type"] in COMBAT_TYPES:
            obs = after.observation(viewer)
            outcome = view.combat_text(obs["last_combat"], obs)
            if outcome:
                self.say(f"        {outcome}")
