"""Worker-side functions of dishonest or broken cluster workers, for tests/test_arena_cluster.py.

The Dask workers the tests start import this module by name (the repository is on their
PYTHONPATH), so the coordinator's `arena.cluster.TASK` can be replaced by one of these: each
plays the game honestly with `arena.remote.play_remote`, then lies about it.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Any

import msgspec
import orjson

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


def make_certificates(folder: Path) -> dict[str, Path]:
    """A CA and a certificate (with its key) for each of scheduler, worker and coordinator, all
    Ed25519, written into `folder`: {"ca": ca.pem, "scheduler": ..., "scheduler.key": ...}."""
    import datetime as dt

    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.x509.oid import NameOID

    def name(cn: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])

    now = dt.datetime.now(dt.UTC)
    ca_key = Ed25519PrivateKey.generate()

    def certificate(cn: str, key: Ed25519PrivateKey, ca: bool) -> x509.Certificate:
        builder = (
            x509.CertificateBuilder()
            .subject_name(name(cn))
            .issuer_name(name("altay-test-ca"))
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=2))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        )
        return builder.sign(ca_key, None)

    out = {"ca": folder / "ca.pem"}
    out["ca"].write_bytes(certificate("altay-test-ca", ca_key, True).public_bytes(serialization.Encoding.PEM))
    for who in ("scheduler", "worker", "coordinator"):
        key = Ed25519PrivateKey.generate()
        out[who] = folder / f"{who}.pem"
        out[f"{who}.key"] = folder / f"{who}.key"
        out[who].write_bytes(certificate(who, key, False).public_bytes(serialization.Encoding.PEM))
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        out[f"{who}.key"].write_bytes(pem)
    return out


def other_version(task: bytes) -> bytes:
    """Says what the worker is honestly, but for another altay version."""
    from arena.units import _encoder, decode_inspection, inspect_worker

    there = decode_inspection(inspect_worker(task))
    return _encoder.encode(msgspec.structs.replace(there, version="0.0.1-other"))


def one_core(task: bytes) -> bytes:
    """Says what the worker is honestly, but that it has one core."""
    from arena.units import _encoder, decode_inspection, inspect_worker

    there = decode_inspection(inspect_worker(task))
    return _encoder.encode(msgspec.structs.replace(there, cores=1))


_running = 0
_lock = threading.Lock()


def counting(task: bytes) -> bytes:
    """Plays the game honestly; meanwhile counts the games this worker plays at once, and writes
    the most it saw into ALTAY_TEST_MARKER's folder (`most-<pid>`)."""
    global _running
    with _lock:
        _running += 1
        path = Path(os.environ["ALTAY_TEST_MARKER"]).parent / f"most-{os.getpid()}"
        most = max(_running, int(path.read_text()) if path.exists() else 0)
        path.write_text(str(most))
    try:
        return play_remote(task)
    finally:
        with _lock:
            _running -= 1


def other_address(task: bytes) -> bytes:
    """Plays the game honestly, and says another worker played it."""
    answer = decode_answer(play_remote(task))
    return encode_answer(msgspec.structs.replace(answer, worker="tcp://192.0.2.1:9999"))


def forged_worker(task: bytes) -> bytes:
    """Plays the game, then writes another worker's address into its log's header (meta.worker)
    and rebuilds the whole chain over the edited header (a worker can: it does not sign), with
    the record rehashed: only the scheduler's word on where the game ran can catch it."""
    from altay_cli.gamelog import line_hash

    answer = decode_answer(play_remote(task))
    lines = answer.log.rstrip(b"\n").split(b"\n")
    header = orjson.loads(lines[0])
    header["meta"]["worker"]["address"] = "tcp://192.0.2.1:9999"
    lines[0] = orjson.dumps(header)
    for i in range(1, len(lines)):
        line = orjson.loads(lines[i])
        line["prev"] = line_hash(lines[i - 1])
        lines[i] = orjson.dumps(line)
    return _rehash(answer, b"\n".join(lines) + b"\n", decode_record(answer.record))


def changed_decision(task: bytes) -> bytes:
    """Plays the game, then makes its first decision's action a later one of the same seat's
    (its index dropped) and rebuilds the whole chain over it, the record rehashed: every line
    still follows the one before and the result is still its log's; only a re-simulation can
    tell that the action was not the one played."""
    from altay_cli.gamelog import line_hash

    answer = decode_answer(play_remote(task))
    lines = [orjson.loads(raw) for raw in answer.log.rstrip(b"\n").split(b"\n")]
    decisions = [line for line in lines if line["type"] == "decision"]
    first = decisions[0]
    other = next(d for d in decisions[1:] if d["seat"] == first["seat"] and d["action"] != first["action"])
    first["action"], first["index"] = other["action"], None
    out = [orjson.dumps(lines[0])]
    for line in lines[1:]:
        line["prev"] = line_hash(out[-1])
        out.append(orjson.dumps(line))
    return _rehash(answer, b"\n".join(out) + b"\n", decode_record(answer.record))


def other_interpreter(task: bytes) -> bytes:
    """Says what it is honestly, but with another hash for the Python that runs the bots (as a
    worker with another interpreter at the same path would)."""
    import sys

    from arena.units import BotUnit, decode_inspection, inspect_worker

    said = decode_inspection(inspect_worker(task))
    python = os.path.realpath(sys.executable)
    units = [
        BotUnit(u.bot, {p: "sha256:" + "0" * 64 if p == python else h for p, h in u.paths.items()}, u.problem)
        for u in said.units
    ]
    return msgspec.msgpack.encode(msgspec.structs.replace(said, units=units))
