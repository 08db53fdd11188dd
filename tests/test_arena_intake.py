"""The coordinator's intake of a game played elsewhere (`arena.intake.RemoteIntake`), without a
cluster: the game is played here by the worker-side function itself (`arena.remote.play_remote`,
real bot processes), its answer decoded as the cluster executor decodes it, then altered as a
dishonest worker would. The honest answer is written, signed and stored so that `altay arena
verify` finds nothing; every lie is refused with a sentence and leaves no log behind. A few
two-round games (seconds)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from unittest import mock

import msgspec
import orjson
import pytest

from altay_cli.logsign import generate, load_signer
from altay_cli.referee import MatchOptions
from arena.executors import Played, Refused
from arena.intake import RemoteIntake
from arena.params import ArenaParams, BotEntry
from arena.records import GameRecord
from arena.remote import decode_answer, decode_record, encode_task, play_remote
from arena.session import open_arena
from arena.store import ArenaStore
from arena.verify import verify

PARAMS = ArenaParams(
    bots=(BotEntry("r", "random"), BotEntry("g", "greedy")),
    players=2,
    games=1,
    seed=5,
    game_options={"max_rounds": 2},
    match=MatchOptions(move_ms=5000),
)


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("key") / "organiser.key"
    generate(path)
    return path


def _arena(folder: Path, key: Path) -> tuple[ArenaStore, RemoteIntake]:
    signer = load_signer(key)
    store, params = open_arena(folder, PARAMS, False, None, signer.public_key_hex, "organiser", "arena")
    (folder / "logs").mkdir(exist_ok=True)
    return store, RemoteIntake(store, params, signer)


def _played(store: ArenaStore, game_index: int = 0) -> Played:
    """An honest worker's answer for one scheduled game, as the executor hands it over (played
    as the worker at tcp://w:1, which its log's header names)."""
    game = list(store.schedule(PARAMS).values())[game_index]
    with mock.patch("arena.remote._worker_address", return_value="tcp://w:1"):
        answer = decode_answer(play_remote(encode_task(PARAMS, game, store.arena_id(), store.seed_source())))
    assert answer.error is None, answer.error
    return Played(game, record=decode_record(answer.record), log=answer.log, worker="tcp://w:1")


def _rehashed(played: Played, log: bytes, record: GameRecord | None = None) -> Played:
    record = replace(record or played.record, log_sha256=hashlib.sha256(log).hexdigest(), log_bytes=len(log))  # type: ignore[type-var]
    return replace(played, record=record, log=log)


def test_an_honest_answer_is_written_signed_and_verifies(tmp_path: Path, key: Path) -> None:
    store, intake = _arena(tmp_path / "a", key)
    with store:
        played = _played(store)
        record = intake(played)
        store.record(record)
        log = (tmp_path / "a" / record.log).read_bytes()
        assert log.startswith(played.log or b"x") and b'"type":"signature"' in log.splitlines()[-1]
        assert record.log_sha256 == hashlib.sha256(log).hexdigest() and record.log_bytes == len(log)
    found = verify(tmp_path / "a")
    assert not found.problems and len(found.records) == 1
    assert found.key == load_signer(key).public_key_hex


def _rechained(log: bytes, edit_header: Callable[[dict], None]) -> bytes:
    """The log with its header edited and the whole chain rebuilt over it (a worker can: it
    signs nothing)."""
    from altay_cli.gamelog import line_hash

    lines = log.rstrip(b"\n").split(b"\n")
    header = orjson.loads(lines[0])
    edit_header(header)
    lines[0] = orjson.dumps(header)
    for i in range(1, len(lines)):
        line = orjson.loads(lines[i])
        line["prev"] = line_hash(lines[i - 1])
        lines[i] = orjson.dumps(line)
    return b"\n".join(lines) + b"\n"


def _lies(played: Played) -> list[tuple[Played, str]]:
    assert played.record is not None and played.log is not None
    log, record = played.log, played.record
    lines = log.split(b"\n")
    first = next(i for i, line in enumerate(lines) if b'"type":"decision"' in line)
    edited = [*lines[:first], lines[first].replace(b'"n":', b'"n": ', 1), *lines[first + 1 :]]
    signed_elsewhere = (
        log + b'{"type":"signature","algorithm":"ed25519","public_key":"00","signature":"00"}\n'
    )
    stuffed = [{**f, "extra": "x" * 100} for f in record.failures] or [
        {"seat": 0, "status": "timeout", "detail": "", "n": 1, "request_id": 1, "consequence": "", "x": 1}
    ]
    return [
        (_rehashed(played, b"\n".join(edited)), "the log from tcp://w:1 is refused"),
        (_rehashed(played, log, replace(record, ranks=record.ranks[::-1])), "the row's ranks is"),
        (_rehashed(played, log, replace(record, scores=[{"total": 9}] * 2)), "the row's scores is"),
        (replace(played, log=log + b"\n"), "its log hash is not the hash of the log"),
        (_rehashed(played, signed_elsewhere), "its log is signed already"),
        (_rehashed(played, log, replace(record, game_id=record.game_id + 1)), "it is game 1's, not game 0's"),
        (_rehashed(played, log, replace(record, seed=record.seed + 1)), "the row's seed is"),
        (_rehashed(played, log, replace(record, failures=stuffed)), "a failure has fields"),
        (replace(played, log=None), "has no record or no log"),
        (
            _rehashed(played, _rechained(log, lambda h: h["meta"].pop("worker"))),
            "its log does not say which worker played it",
        ),
        (
            _rehashed(played, _rechained(log, lambda h: h["meta"]["worker"].update(address="tcp://w:2"))),
            "its log says it was played on tcp://w:2, but the scheduler says tcp://w:1 held it",
        ),
    ]


def test_every_lie_is_refused_and_leaves_no_log(tmp_path: Path, key: Path) -> None:
    store, intake = _arena(tmp_path / "a", key)
    with store:
        played = _played(store)
        for lie, why in _lies(played):
            with pytest.raises(Refused, match=why):
                intake(lie)
            assert not list((tmp_path / "a" / "logs").iterdir()), why
        # a log of the other scheduled game sent as this game's: its header names game 1
        other = _played(store, 1)
        assert other.record is not None and played.record is not None
        swapped = replace(
            other,
            game=played.game,
            record=replace(other.record, game_id=0, seating=played.record.seating, bots=played.record.bots),
        )
        with pytest.raises(Refused, match="refused"):
            intake(swapped)
        assert store.done_ids() == set()


def test_a_record_is_decoded_strictly() -> None:
    with pytest.raises(ValueError, match="not a game record"):
        decode_record(msgspec.msgpack.encode({"game_id": "zero"}))
    with pytest.raises(ValueError, match="not the bytes of an answer"):
        decode_answer({"game_id": 0})
    with pytest.raises(ValueError, match="not an answer"):
        decode_answer(msgspec.msgpack.encode({"game_id": 0, "pickle": b"..."}))
