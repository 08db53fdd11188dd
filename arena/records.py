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
    roles: list[str]  # each seat's role (Game.roles; Altay's factions), "" when the game has none
    ranks: list[int]  # 1 = best, ties share, forfeiting seats last
    scores: list[dict[str, int]]  # per seat, by category, with "total" (the seat's score)
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

    @property
    def totals(self) -> list[int]:
        """Each seat's score (its scores' "total")."""
        return [s["total"] for s in self.scores]

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
        lists = {"roles": self.roles, "ranks": self.ranks, "scores": self.scores}
        for name, value in lists.items():
            if not isinstance(value, list) or len(value) != n:
                raise ValueError(f"{name} must list one entry per seat ({n})")
        if not all(isinstance(s, dict) and type(s.get("total")) is int for s in self.scores):
            raise ValueError("the scores of every seat must have a total, a whole number")
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


#: A record's fields as an altay before schema 4 stored them, by today's name: each seat's role
#: was "factions", and its score was kept twice, in "vp" and as its scores' "total".
OLD_NAMES = {"roles": "factions"}


def upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """A record stored before schema 4 (`factions`, and `vp` beside the scores' totals) in
    today's fields; ValueError when it is no such record, or its `vp` says another score than
    its scores (an edited row: the two were written together)."""
    if not isinstance(data, dict):
        raise ValueError(f"a game record must be a JSON object, not {type(data).__name__}")
    out = {k: v for k, v in data.items() if k not in ("vp", *OLD_NAMES.values())}
    for new, old in OLD_NAMES.items():
        if old in data:
            out[new] = data[old]
    vp, scores = data.get("vp"), data.get("scores")
    if "vp" in data:
        totals = [
            s.get("total") if isinstance(s, dict) else None
            for s in (scores if isinstance(scores, list) else [])
        ]
        if vp != totals:
            raise ValueError(f"vp {vp!r} is not the scores' totals {totals!r}")
    return out


def length_field(game: Game | str) -> str:
    """ "turns" or "rounds": the unit a game's length is counted in (`Game.text.length_unit`:
    Innovation and Mammothodus count turns, Altay rounds), and so the name of a report's
    column of game lengths. A game this installation does not know (by name): rounds."""
    if isinstance(game, str):
        from altay_cli.engine import load_game

        try:
            game = load_game(game)
        except (ValueError, ImportError):
            return "rounds"
    return game.text.length_unit.value
