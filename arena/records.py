"""The outcome of one arena game, as sent by a worker and stored by the parent."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from altay_cli.engine import Game


@dataclass(slots=True)
class GameRecord:
    game_id: int
    deal: int
    group: int
    seating: int
    seed: int
    bots: list[str]  # bot name per seat
    factions: list[str]  # role (Altay: faction) per seat, "" when the game has none
    ranks: list[int]  # 1 = best, ties share, forfeiting seats last
    vp: list[int]  # total victory points per seat
    scores: list[dict[str, int]]  # category breakdown per seat
    end_reason: str | None
    completed: bool
    rounds: int
    decisions: int
    duration_s: float
    #: Turns begun (Outcome.turns: Innovation counts its games in turns, see `length`); None in
    #: a game stored before arenas kept it (schema 3).
    turns: int | None = None
    forfeits: list[int] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)  # each has seat and status
    think_ms: list[float] = field(default_factory=list)  # total thinking time per seat
    log: str = ""  # log path relative to the arena folder
    log_sha256: str = ""  # of the finished log ("" in arenas made before it was kept)
    log_bytes: int = 0
    team: str | None = None  # a cooperative game's shared result: "won" or "lost"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """A stored record; ValueError naming what is wrong when it is not one."""
        if not isinstance(data, dict):
            raise ValueError(f"a game record must be a JSON object, not {type(data).__name__}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown fields {', '.join(unknown)}")
        try:
            record = cls(**data)
        except TypeError as exc:
            raise ValueError(str(exc)) from None
        record.check()
        return record

    def check(self) -> None:
        """ValueError for a record no game could have produced (a damaged or edited row)."""
        n = len(self.bots)
        lists = {"factions": self.factions, "ranks": self.ranks, "vp": self.vp, "scores": self.scores}
        for name, value in lists.items():
            if not isinstance(value, list) or len(value) != n:
                raise ValueError(f"{name} must list one entry per seat ({n})")
        if not 1 <= n <= 16:
            raise ValueError(f"{n} seats; a game has 1 to 16")
        if self.team not in (None, "won", "lost", "unfinished"):
            raise ValueError(f"team result {self.team!r} is not won, lost or unfinished")
        if not all(isinstance(r, int) and 1 <= r <= n for r in self.ranks):
            raise ValueError(f"ranks {self.ranks} are not places 1 to {n}")
        if self.turns is not None and (type(self.turns) is not int or self.turns < 0):
            raise ValueError(f"turns {self.turns!r} is not a count of turns")
        if not all(isinstance(s, int) and 0 <= s < n for s in self.forfeits):
            raise ValueError(f"forfeits {self.forfeits} name seats that do not exist")
        for f in self.failures:
            if not isinstance(f, dict) or not isinstance(f.get("seat"), int) or not 0 <= f["seat"] < n:
                raise ValueError("a failure names a seat that does not exist")


def length_field(game: Game | str) -> str:
    """ "turns" or "rounds": the unit a game's length is counted in (`Game.length_unit`:
    Innovation and Mammothodus count turns, Altay rounds), and so the name of a report's
    column of game lengths. A game this installation does not know (by name): rounds."""
    if isinstance(game, str):
        from altay_cli.engine import load_game

        try:
            game = load_game(game)
        except (ValueError, ImportError):
            return "rounds"
    return game.length_unit.value
