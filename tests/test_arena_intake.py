"""The coordinator's intake of a game played elsewhere (`arena.intake.RemoteIntake`), without a
cluster: the game is played here by the worker-side function itself (`arena.remote.play_remote`,
real bot processes), its answer decoded as the cluster executor decodes it, then altered as a
dishonest worker would. The honest answer is written, signed and stored so that `altay arena
verify` finds nothing; every lie is refused with a sentence and leaves no log behind, at every
`--verify-sample` rate but a changed decision under a rebuilt chain, which only a re-simulation
catches (so the sample decides it, from the arena's secret salt). A few two-round games
(seconds)."""

from __future__ import annotations

import hashlib
import sys
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
from arena.intake import RemoteIntake, VerifySample
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


def _arena(
    folder: Path, key: Path, sample: float = 1.0, params: ArenaParams = PARAMS
) -> tuple[ArenaStore, RemoteIntake]:
    signer = load_signer(key)
    store, params = open_arena(folder, params, False, None, signer.public_key_hex, "organiser", "arena")
    (folder / "logs").mkdir(exist_ok=True)
    return store, RemoteIntake(store, params, signer, sample)


def _played(store: ArenaStore, game_index: int = 0) -> Played:
    """An honest worker's answer for one scheduled game, as the executor hands it over (played
    as the worker at tcp://w:1, which its log's header names)."""
    params = store.params()
    game = list(store.schedule(params).values())[game_index]
    with mock.patch("arena.remote._worker_address", return_value="tcp://w:1"):
        answer = decode_answer(play_remote(encode_task(params, game, store.arena_id(), store.seed_source())))
    assert answer.error is None, answer.error
    return Played(game, record=decode_record(answer.record), log=answer.log, worker="tcp://w:1")


def _rehashed(played: Played, log: bytes, record: GameRecord | None = None) -> Played:
    record = replace(record or played.record, log_sha256=hashlib.sha256(log).hexdigest(), log_bytes=len(log))  # type: ignore[type-var]
    return replace(played, record=record, log=log)


def test_an_honest_answer_is_written_signed_and_verifies(tmp_path: Path, key: Path) -> None:
    store, intake = _arena(tmp_path / "a", key)
    with store:
        played = _played(store)
        accepted = intake(played)
        record = accepted.record
        assert accepted.resimulated
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


@pytest.mark.parametrize("sample", [1.0, 0.0])
def test_every_lie_is_refused_and_leaves_no_log(tmp_path: Path, key: Path, sample: float) -> None:
    """At a sample rate of 0 too: a broken chain, a hash, a record that is not its log's result,
    another game's log, another worker: the cheap checks catch them all."""
    store, intake = _arena(tmp_path / "a", key, sample)
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


def _changed_decision(played: Played) -> Played:
    """The log with its first decision's action replaced by a later decision's of the same seat
    (its index dropped), and the whole chain rebuilt over it, the record rehashed: a careful
    liar whose every line still follows the one before and whose result is its log's."""
    assert played.log is not None
    lines = [orjson.loads(line) for line in played.log.rstrip(b"\n").split(b"\n")]
    decisions = [line for line in lines if line["type"] == "decision"]
    first = decisions[0]
    other = next(d for d in decisions[1:] if d["seat"] == first["seat"] and d["action"] != first["action"])
    first["action"], first["index"] = other["action"], None
    return _rehashed(
        played, _rechained(b"\n".join(orjson.dumps(line) for line in lines) + b"\n", lambda h: None)
    )


def test_a_changed_decision_under_a_rebuilt_chain_is_caught_when_sampled(tmp_path: Path, key: Path) -> None:
    for sample, caught in ((1.0, True), (0.0, False)):
        store, intake = _arena(tmp_path / str(sample), key, sample)
        with store:
            lie = _changed_decision(_played(store))
            if caught:
                with pytest.raises(Refused, match=r"the log from tcp://w:1 is refused: .*decision 0"):
                    intake(lie)
            else:  # outside the sample, only a re-simulation could tell: the chain mode cannot
                accepted = intake(lie)
                assert not accepted.resimulated and accepted.record.decisions == lie.record.decisions  # type: ignore[union-attr]
    # a rate between: exactly the games the arena's salt chooses are re-simulated, and caught
    store, intake = _arena(tmp_path / "half", key, 0.5)
    with store:
        chosen = VerifySample(0.5, store.verify_salt())
        for index in range(2):
            lie = _changed_decision(_played(store, index))
            if chosen.chosen(lie.game.game_id):
                with pytest.raises(Refused, match="decision 0"):
                    intake(lie)
            else:
                assert not intake(lie).resimulated


def test_a_game_with_a_failure_is_always_re_simulated(tmp_path: Path, key: Path) -> None:
    illegal = f"{sys.executable} {Path(__file__).parent / 'bad_bots' / 'illegal_action.py'}"
    params = replace(PARAMS, bots=(BotEntry("bad", illegal), BotEntry("g", "greedy")))
    store, intake = _arena(tmp_path / "a", key, 0.0, params)
    with store:
        played = _played(store)
        assert played.record is not None and played.record.failures
        assert intake(played).resimulated  # at a rate of 0
        honest = _played(store, 1)
        assert honest.record is not None
        assert intake(honest).resimulated is bool(honest.record.failures or not honest.record.completed)


def test_the_sample_is_the_salt_s_and_about_its_rate(tmp_path: Path, key: Path) -> None:
    salt = bytes(range(32))
    tenth = [g for g in range(10_000) if VerifySample(0.1, salt).chosen(g)]
    assert tenth == [g for g in range(10_000) if VerifySample(0.1, salt).chosen(g)]  # reproducible
    assert 900 <= len(tenth) <= 1100  # (fixed salt: a fixed count)
    other = [g for g in range(10_000) if VerifySample(0.1, bytes(32)).chosen(g)]
    assert other != tenth  # another arena's salt, another sample
    assert all(VerifySample(1.0, salt).chosen(g) for g in range(100))
    assert not any(VerifySample(0.0, salt).chosen(g) for g in range(100))
    store, _ = _arena(tmp_path / "a", key)
    with store:
        salt = store.verify_salt()
        assert len(salt) == 32
    with ArenaStore.open(tmp_path / "a") as again:  # kept in the database: the same sample later
        assert again.verify_salt() == salt
