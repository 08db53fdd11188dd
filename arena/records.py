"""The outcome of one arena game, as sent by a worker and stored by the parent."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(slots=True)
class GameRecord:
    game_id: int
    deal: int
    group: int
    seating: int
    seed: int
    bots: list[str]  # bot name per seat
    factions: list[str]  # faction per seat
    ranks: list[int]  # 1 = best, ties share, forfeiting seats last
    vp: list[int]  # total victory points per seat
    scores: list[dict[str, int]]  # category breakdown per seat
    end_reason: str | None
    completed: bool
    rounds: int
    decisions: int
    duration_s: float
    forfeits: list[int] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)  # each has seat and status
    think_ms: list[float] = field(default_factory=list)  # total thinking time per seat
    log: str = ""  # log path relative to the arena folder

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        return cls(**data)
