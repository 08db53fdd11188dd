"""Where an arena's games are played: the seam between the runner (which hands out the scheduled
games one at a time and stores each result) and what plays them.

Two executors implement it: the local pool of forked worker processes (`runner.ForkPool`, the
default) and a Dask cluster (`cluster.DaskExecutor`, `--cluster`). A local worker writes its
game's log straight into the arena's logs folder; a remote one sends the log's bytes back, and
the coordinator checks them, writes the file itself and signs it (`intake.RemoteIntake`) before
the runner stores the record. Either way the runner sees one `Played` per game:

    executor.start(4)             # slots: games played at once
    executor.submit(game)         # while executor.free() > 0
    for played in executor.wait(0.5): ...
    executor.close(interrupted=False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .records import GameRecord
from .schedule import ScheduledGame


@dataclass(frozen=True, slots=True)
class Played:
    """One game back from an executor: a record, a referee error, or a lost game."""

    game: ScheduledGame
    record: GameRecord | None = None  # the game was played
    #: The log's bytes, when the game was played on another machine (the coordinator writes
    #: the file); None: a local worker wrote it into the arena's logs folder already.
    log: bytes | None = None
    error: str | None = None  # the referee raised: reported, left for --resume
    #: The game is not played: its worker died, or its answer was refused. The runner plays it
    #: again (once), then reports it.
    lost: str | None = None
    refused: bool = False  # lost because its answer was refused (a broken or dishonest worker)
    worker: str = ""  # where it was played (a cluster worker's address; "" locally)
    cores: int = 0  # that worker's cores and its machine's load, as it said (0: not said)
    load: float = 0.0


class GameExecutor(Protocol):
    """Plays scheduled games somewhere, at most its slots at once."""

    def start(self, slots: int) -> int:
        """Get ready to play up to `slots` games at once; the number it will really play."""
        ...

    def free(self) -> int:
        """How many more games it takes now."""
        ...

    def busy(self) -> int:
        """Games given and not yet returned by `wait`."""
        ...

    def submit(self, game: ScheduledGame) -> None:
        """Start playing `game` (only while `free()` > 0)."""
        ...

    def wait(self, timeout: float) -> list[Played]:
        """The games finished (or lost) within `timeout` seconds, possibly none."""
        ...

    def in_flight(self) -> dict[str, int]:
        """Games running now on each worker of a cluster ({}: local, or not known)."""
        ...

    def close(self, interrupted: bool) -> None:
        """Stop: after an interruption, games in flight are stopped and their bots reaped."""
        ...


class ExecutorLost(Exception):
    """The executor cannot go on (a cluster's scheduler is gone): the run stops as if
    interrupted, and --resume plays what is missing. The message says what was lost."""


class Refused(Exception):
    """A game that came back and is not stored (its log or record is not to be trusted); the
    message says why in one sentence."""


@dataclass(frozen=True, slots=True)
class Accepted:
    """A remote game the coordinator checked: the record to store, and whether its decisions
    were re-simulated (False: its chain and result only, `--verify-sample`)."""

    record: GameRecord
    resimulated: bool


#: Turns a played game into the record to store (a remote game: check its log, write the file,
#: sign it); raises `Refused`. None: the record is stored as it came (local workers).
Intake = Callable[[Played], Accepted]

__all__ = ["Accepted", "ExecutorLost", "GameExecutor", "Intake", "Played", "Refused"]
