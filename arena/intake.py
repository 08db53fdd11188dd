"""The coordinator's intake of a game played on another machine: trust nothing, then store.

A remote worker's answer is a record and the log's bytes. Before the runner stores the record,
`RemoteIntake` checks that the record is the scheduled game's (its id, deal, group, seating,
seed, bots and log name) and that its hash is its log's, writes the log into the arena's logs
folder itself, and replays it with the engine (`integrity.check_game`: the chain, every
decision re-simulated, every field of the record against what the log proves, the header
naming this arena and this game, the deal's configuration and seed). Only then, in a signed
arena, does it append the signature line with the coordinator's key (the key never leaves this
machine) and give the runner the record with the signed file's hash. Anything wrong raises
`executors.Refused`: the log is removed, nothing is stored, and the runner plays the game again
once (then reports it; `--resume` plays it later).

With `--verify-sample RATE` below 1, only a sample of the games is re-simulated
(`VerifySample`: an HMAC of the game's id under the arena's secret salt, which never leaves the
coordinator, so no worker knows beforehand which of its games will be); every other game gets
every check but the engine's (replay's chain mode: the chain, the result against the log's own
lines, the record against the result line, the header's arena, game, deal and seed, meta.worker).
A game with any failure (a failure line, a forfeit, a game not completed) is always
re-simulated, whatever the sample says.

    intake = RemoteIntake(store, params, signer, sample=1.0)
    accepted = intake(played)        # executors.Played with record and log; or Refused
    accepted.record, accepted.resimulated
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from .executors import Accepted, Played, Refused
from .integrity import Expected, check_game, schedule_differences
from .records import GameRecord
from .worker import FAILURE_DETAIL_CAP, clear_log_path, log_name

#: The fields of a failure in a record (`gamelog.Failure.as_entry`).
FAILURE_KEYS = frozenset({"seat", "status", "detail", "n", "request_id", "consequence"})

if TYPE_CHECKING:
    from altay_cli.logsign import Signer

    from .params import ArenaParams
    from .schedule import ScheduledGame
    from .store import ArenaStore


class VerifySample:
    """Which games the coordinator re-simulates at a sample `rate` (0 to 1): game g is chosen
    when HMAC-SHA256(salt, "altay-verify-sample:" + g), read as a fraction, is below the rate.
    The same salt chooses the same games (the coordinator can say afterwards why a game was or
    was not), and a worker, which never sees the salt, cannot tell which games will be."""

    def __init__(self, rate: float, salt: bytes) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"a sample rate is between 0 and 1, not {rate}")
        self.rate, self._salt = rate, salt

    def chosen(self, game_id: int) -> bool:
        if self.rate >= 1.0:
            return True
        mac = hmac.new(self._salt, f"altay-verify-sample:{game_id}".encode(), hashlib.sha256).digest()
        return int.from_bytes(mac[:8], "big") < self.rate * (1 << 64)


def has_failure(record: GameRecord) -> bool:
    """A game a worker's failure could hide in: a failure line, a forfeit, not completed."""
    return bool(record.failures or record.forfeits) or not record.completed


class RemoteIntake:
    """Checks, writes and signs the games a cluster sends back (see the module docstring)."""

    def __init__(
        self, store: ArenaStore, params: ArenaParams, signer: Signer | None, sample: float = 1.0
    ) -> None:
        self.sample = VerifySample(sample, store.verify_salt() if sample < 1.0 else b"")
        self.folder = Path(store.folder)
        self.params = params
        self.signer = signer
        self.names = [b.name for b in params.bots]
        self.arena_id = store.arena_id()
        self.seed_source = store.seed_source()
        self.rules = params.rules()

    def __call__(self, played: Played) -> Accepted:
        game, record, log = played.game, played.record, played.log
        where = f"from {played.worker}" if played.worker else "from the cluster"
        if record is None or log is None:
            raise Refused(f"the answer {where} has no record or no log")
        problem = self._record_problem(game, record, log) or _worker_problem(log, played.worker)
        if problem is not None:
            raise Refused(f"the record {where} is refused: {problem}")
        path = self._write(game.game_id, log)
        resimulate = has_failure(record) or self.sample.chosen(game.game_id)
        try:
            found = check_game(self.folder, record, self._expected(game), simulate=resimulate)
            if found:
                details = "; ".join(p.detail for p in found[:3])
                raise Refused(f"the log {where} is refused: {details}")
            if self.signer is not None:
                self._sign(path, log)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(path)
            raise
        sha, size = _digest(path)
        return Accepted(replace(record, log_sha256=sha, log_bytes=size), resimulate)

    def _record_problem(self, game: ScheduledGame, record: GameRecord, log: bytes) -> str | None:
        if record.game_id != game.game_id:
            return f"it is game {record.game_id}'s, not game {game.game_id}'s"
        found = schedule_differences(record, game, self.names)
        if found:
            return found[0]
        for f in record.failures:  # the row keeps them: exactly what a local worker keeps
            extra = set(f) - FAILURE_KEYS
            if extra:
                return f"a failure has fields a game's failure does not have ({', '.join(sorted(extra))})"
            if len(str(f.get("detail", ""))) > FAILURE_DETAIL_CAP + 3:
                return "a failure's detail is longer than the arena keeps"
        if (hashlib.sha256(log).hexdigest(), len(log)) != (record.log_sha256, record.log_bytes):
            return "its log hash is not the hash of the log sent with it"
        if _last_line_type(log) == "signature":
            return "its log is signed already (workers never sign: the coordinator does)"
        return None

    def _write(self, game_id: int, log: bytes) -> Path:
        """The log written where a local worker would have, created anew (never through a link)."""
        try:
            path = clear_log_path(self.folder, game_id)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
            fd = os.open(path, flags, 0o644)
            with os.fdopen(fd, "wb") as fh:
                fh.write(log)
        except OSError as exc:
            raise Refused(f"{log_name(game_id)} cannot be written: {exc.strerror or exc}") from None
        return path

    def _expected(self, game: ScheduledGame) -> Expected:
        """What the log of `game` must show beyond its row (as `integrity.expectations`)."""
        import msgspec

        config = self.rules.deals.deal(game.seed, self.params.players, self.params.options_for(self.rules))
        data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(self.rules.config_to_builtins(config)))
        data.pop("seed", None)
        identity = {"id": self.arena_id, "game": game.game_id} if self.arena_id else None
        return Expected(self.params.game, game.seed, data, identity, self.seed_source)

    def _sign(self, path: Path, log: bytes) -> None:
        """Append the signature line over the chain's last link, as a local signed log ends."""
        from altay_cli.gamelog import Signature, line_hash

        assert self.signer is not None
        prev = line_hash(log.rstrip(b"\n").rsplit(b"\n", 1)[-1])
        line = Signature(
            algorithm="ed25519",
            public_key=self.signer.public_key_hex,
            signature=self.signer.sign_chain(prev),
            prev=prev,
        )
        import msgspec

        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC)
        with os.fdopen(fd, "ab") as fh:
            fh.write(msgspec.json.encode(line) + b"\n")


def _last_line_type(log: bytes) -> object:
    try:
        last = orjson.loads(log.rstrip(b"\n").rsplit(b"\n", 1)[-1])
    except orjson.JSONDecodeError:
        return None
    return last.get("type") if isinstance(last, dict) else None


def _digest(path: Path) -> tuple[str, int]:
    data = path.read_bytes()
    return hashlib.sha256(data).hexdigest(), len(data)


__all__ = ["RemoteIntake", "VerifySample", "has_failure"]


def _worker_problem(log: bytes, worker: str | None) -> str | None:
    """A cluster game's log names the worker that played it (`meta.worker`: address, cores and
    load at the game's start; attested, and signed with the rest by the coordinator): it must be
    there, and its address the one the scheduler says held the game."""
    try:
        header = orjson.loads(log.split(b"\n", 1)[0])
    except orjson.JSONDecodeError:
        return "its log's first line is not a header"
    meta = header.get("meta") if isinstance(header, dict) else None
    said = meta.get("worker") if isinstance(meta, dict) else None
    if not (
        isinstance(said, dict)
        and isinstance(said.get("address"), str)
        and type(said.get("cores")) is int
        and type(said.get("load")) in (int, float)
    ):
        return "its log does not say which worker played it (meta.worker: address, cores and load)"
    if worker and said["address"] != worker:
        return f"its log says it was played on {said['address']}, but the scheduler says {worker} held it"
    return None
