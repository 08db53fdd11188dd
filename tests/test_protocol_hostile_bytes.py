"""No byte sequence from a bot crashes the referee: the decoder is total (fuzzed), and real
bots that write invalid UTF-8, deep nesting, NULs, huge numbers or garbage get a named status
in `match`, `check-bot` and `play`, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import ProtocolError, decode_bot_message
from protocol.codec import MAX_NESTING
from protocol.messages import BOT_MESSAGES

from .referee_helpers import bad_bot

KINDS = ["utf8", "deep", "nul", "bigint", "bom", "garbage"]


def _total(line: bytes) -> None:
    try:
        message = decode_bot_message(line)
    except ProtocolError as exc:
        assert exc.status in ("bad_json", "illegal_action") and exc.detail
    else:
        assert isinstance(message, BOT_MESSAGES)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_decode_to_a_message_or_a_named_status(line: bytes) -> None:
    _total(line)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(
    kind=st.sampled_from(["ready", "action", "pong", "x", ""]),
    fields=st.dictionaries(st.sampled_from(["id", "index", "action", "info", "name", "type"]), json_values),
    noise=st.binary(max_size=3),
)
def test_near_valid_messages_decode_or_name_their_fault(kind: str, fields: dict, noise: bytes) -> None:
    line = json.dumps({"type": kind, **fields}).encode()
    _total(line)
    _total(line + noise)
    _total(noise + line)


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_deep_nesting_is_bad_json(depth: int) -> None:
    with pytest.raises(ProtocolError) as err:
        decode_bot_message(b'{"type":"ready","x":' + b"[" * depth + b"]" * depth + b"}")
    assert err.value.status == "bad_json"


def test_nesting_is_refused_the_same_whatever_the_recursion_limit() -> None:
    """The refusal is the codec's own limit, not the interpreter's recursion limit (which other
    code in the process may have raised: a CI run once decoded 1000 levels)."""
    deep = MAX_NESTING + 1
    line = b'{"type":"ready","name":"[{","x":' + b"[" * deep + b"]" * deep + b"}"
    old = sys.getrecursionlimit()
    try:
        for limit in (old, 100_000):
            sys.setrecursionlimit(limit)
            with pytest.raises(ProtocolError) as err:
                decode_bot_message(line)
            assert err.value.status == "bad_json" and "nested" in err.value.detail
            shallow = b'{"type":"ready","name":"[[[[","x":' + b"[" * (deep - 2) + b"]" * (deep - 2) + b"}"
            assert decode_bot_message(shallow).name == "[[[["  # brackets in strings do not count
    finally:
        sys.setrecursionlimit(old)


def altay(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("kind", KINDS)
def test_match_names_the_status_of_hostile_bytes(kind: str) -> None:
    res = altay("match", bad_bot("raw_bytes.py", kind), "random", "--max-rounds", "2", "--json")
    assert "Traceback" not in res.stderr and res.returncode == 1, res.stderr
    result = json.loads(res.stdout)
    (failure,) = [f for f in result["failures"] if f["consequence"] == "forfeit"]
    assert failure["seat"] == 0 and failure["status"] in ("bad_json", "line_too_long", "wrong_request_id")


@pytest.mark.parametrize("kind", ["utf8", "deep"])
def test_check_bot_and_play_name_the_status_of_hostile_bytes(kind: str) -> None:
    res = altay("check-bot", bad_bot("raw_bytes.py", kind), "--json")
    assert res.returncode == 1 and "Traceback" not in res.stderr
    game = next(c for c in json.loads(res.stdout)["checks"] if c["name"] == "game")
    assert not game["passed"] and "bad_json" in game["detail"]
    # In play a failing bot's move is the first legal one, and the game goes on.
    res = altay(
        "play", "--max-rounds", "1", "--seat", f"1={bad_bot('raw_bytes.py', kind)}", stdin="end\n" * 30
    )
    assert res.returncode == 0 and "Traceback" not in res.stderr + res.stdout
