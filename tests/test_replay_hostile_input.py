"""`altay replay` fed anything: special files, binary garbage, hostile JSON, mutated logs. Every
input ends as a verdict with exit code 1 or 2 and a sentence, never a traceback or a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from altay_cli.gamelog import LogError, read_log
from altay_cli.replay import INVALID, UNREADABLE, VALID, replay_log

from .play_helpers import GOLDEN

BASE = GOLDEN / "2p_greedy_choose.jsonl"
BASE_BYTES = BASE.read_bytes()


def altay_replay(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", "replay", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/full", "/dev/null", "/", "/proc/self/status"])
def test_special_files_are_refused_with_a_sentence(path: str) -> None:
    for extra in ([], ["--json"]):
        res = altay_replay(path, *extra)
        assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
        assert (res.stdout + res.stderr).strip()


def test_a_fifo_does_not_block(tmp_path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    res = altay_replay(str(fifo), timeout=10)
    assert res.returncode == 2 and "not a regular file" in res.stdout


@pytest.mark.parametrize(
    "content",
    [
        b"\x00" * 1000,
        bytes(range(256)) * 4,
        b'{"type":"header","config":{"players":2,"seed":' + b"9" * 5000 + b"}}\n",
        b'{"type":"header","x":' + b"[" * 200_000 + b"]" * 200_000 + b"}\n",
        b'{"type":"header","format":"\xff\xfe"}\n',
        BASE_BYTES.replace(b'"n":3,', b'"n":' + b"9" * 40 + b",", 1),
        BASE_BYTES.replace(b'"seed":11', b'"seed":-' + b"9" * 40, 1),
        BASE_BYTES.replace(b"\n", b"\r\n"),
        BASE_BYTES[: len(BASE_BYTES) // 3],
    ],
    ids=["nul", "binary", "huge-int", "deep", "utf8", "huge-n", "huge-seed", "crlf", "cut"],
)
def test_hostile_content_gives_a_verdict(tmp_path, content: bytes) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(content)
    verdict = replay_log(path)
    assert verdict.status in (VALID, INVALID, UNREADABLE) and verdict.message
    json.dumps(verdict.to_dict(), default=str)  # the JSON verdict can always be written
    for extra in ([], ["--json"]):
        res = altay_replay(str(path), *extra)
        assert res.returncode in (0, 1, 2) and "Traceback" not in res.stderr, res.stderr


def test_crlf_line_endings_still_verify(tmp_path) -> None:
    path = tmp_path / "crlf.jsonl"
    path.write_bytes(BASE_BYTES.replace(b"\n", b"\r\n"))
    assert replay_log(path).status == VALID


def test_oversized_logs_are_refused_before_reading(tmp_path, monkeypatch) -> None:
    import altay_cli.gamelog as gamelog

    monkeypatch.setattr(gamelog, "MAX_LOG_BYTES", 1000)
    with pytest.raises(LogError, match="over the"):
        read_log(BASE)


MUTATIONS = st.sampled_from(["flip", "drop", "dup", "swap", "edit-field"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=MUTATIONS, where=st.integers(0, 10**6), byte=st.integers(0, 255), data=st.data())
def test_no_mutation_of_a_chained_log_passes_or_crashes(
    tmp_path, kind: str, where: int, byte: int, data
) -> None:
    lines = BASE_BYTES.splitlines()
    i = where % len(lines)
    if kind == "flip":
        raw = bytearray(BASE_BYTES)
        k = where % len(raw)
        if raw[k] == byte or (raw[k] in b" \t\r\n" and byte in b" \t\r\n"):
            return  # no change, or only whitespace, which JSON ignores
        raw[k] = byte
        mutated = bytes(raw)
    elif kind == "drop":
        mutated = b"\n".join(lines[:i] + lines[i + 1 :]) + b"\n"
    elif kind == "dup":
        mutated = b"\n".join(lines[: i + 1] + lines[i:]) + b"\n"
    elif kind == "swap":
        j = (i + 1) % len(lines)
        if lines[i] == lines[j]:
            return
        lines[i], lines[j] = lines[j], lines[i]
        mutated = b"\n".join(lines) + b"\n"
    else:
        line = json.loads(lines[i])
        keys = [k for k in line if k != "type"]
        key = data.draw(st.sampled_from(keys))
        value = data.draw(
            st.one_of(st.none(), st.integers(), st.text(max_size=5), st.floats(allow_nan=False))
        )
        if line[key] == value:
            return
        line[key] = value
        lines[i] = json.dumps(line, separators=(",", ":")).encode()
        mutated = b"\n".join(lines) + b"\n"
    if mutated == BASE_BYTES:
        return
    path = tmp_path / "mutated.jsonl"
    path.write_bytes(mutated)
    verdict = replay_log(path)
    assert verdict.status != VALID, (kind, i)
    assert verdict.message
