"""Worker-side functions of dishonest or broken cluster workers, for tests/test_arena_cluster.py.

The Dask workers the tests start import this module by name (the repository is on their
PYTHONPATH), so the coordinator's `arena.cluster.TASK` can be replaced by one of these: each
plays the game honestly with `arena.remote.play_remote`, then lies about it.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

import msgspec

from arena.remote import Answer, decode_answer, decode_record, encode_answer, play_remote


def _rehash(answer: Answer, log: bytes, record: Any) -> bytes:
    """The answer with `log` and `record`, the record's log hash made to match (a careful liar)."""
    record.log_sha256, record.log_bytes = hashlib.sha256(log).hexdigest(), len(log)
    return encode_answer(msgspec.structs.replace(answer, log=log, record=msgspec.msgpack.encode(record)))


def tampered_log(task: bytes) -> bytes:
    """Plays the game, then edits its log's first decision line (says the other seat made it)
    and rehashes the record to match the edited bytes."""
    answer = decode_answer(play_remote(task))
    lines = answer.log.split(b"\n")
    at = next(i for i, line in enumerate(lines) if b'"type":"decision"' in line)
    seat, other = (b'"seat":0', b'"seat":1') if b'"seat":0' in lines[at] else (b'"seat":1', b'"seat":0')
    lines[at] = lines[at].replace(seat, other, 1)
    return _rehash(answer, b"\n".join(lines), decode_record(answer.record))


def lying_record(task: bytes) -> bytes:
    """Plays the game, keeps its log intact, and claims the other result (ranks reversed)."""
    answer = decode_answer(play_remote(task))
    record = decode_record(answer.record)
    record.ranks = [len(record.ranks) + 1 - r for r in record.ranks]
    return _rehash(answer, answer.log, record)


class Marker:
    """Unpickling it creates the file at `path`: proof that someone unpickled it."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.mkdir, (self.path,))


def pickle_answer(task: bytes) -> Any:
    """Answers with an object only pickle can carry, which would create a marker folder named by
    the environment variable ALTAY_TEST_MARKER (set by the test, inherited by the workers)
    wherever it is unpickled."""
    return Marker(os.environ["ALTAY_TEST_MARKER"])
