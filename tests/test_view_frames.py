"""Frames stored as keyframes and patches decode to exactly the frames recorded (a property test
over random JSON values and random edits of them: 200 examples each, a few seconds)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from altay_cli.web import frames

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from([0.0, 1.0, 2.5]), st.text(max_size=3)
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text("abc", max_size=2), inner, max_size=4)
    ),
    max_leaves=25,
)


def same(a: object, b: object) -> bool:
    """Equal as JSON, types included (1 is not true, 1 is not 1.0), key order aside."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def edited(value: object, rng: random.Random) -> object:
    """`value` with a few random changes deep inside (what one step does to a frame)."""
    if isinstance(value, dict):
        out = {k: (edited(v, rng) if rng.random() < 0.4 else v) for k, v in value.items()}
        if rng.random() < 0.2:
            out[rng.choice("abcxyz")] = rng.choice([1, True, None, "q", [1], {"z": 0}])
        if out and rng.random() < 0.2:
            out.pop(rng.choice(list(out)))
        return out
    if isinstance(value, list):
        out_list = [edited(v, rng) if rng.random() < 0.3 else v for v in value]
        if rng.random() < 0.2:
            out_list.append(rng.choice([0, 1.0, False, "s"]))
        if out_list and rng.random() < 0.2:
            out_list.pop()
        return out_list
    return rng.choice([value, 1, True, 1.0, None, "x"])


@settings(max_examples=200, deadline=None)
@given(values, values)
def test_a_patch_turns_any_value_into_any_other(old: object, new: object) -> None:
    assert same(frames.apply(old, frames.patch(old, new)), new)


@settings(max_examples=200, deadline=None)
@given(values, st.integers(0, 2**32), st.integers(1, 5))
def test_a_sequence_of_frames_decodes_to_itself(first: object, seed: int, every: int) -> None:
    rng = random.Random(seed)
    sequence = [first]
    for _ in range(12):
        sequence.append(edited(sequence[-1], rng))
    stored = frames.encode(sequence, every=every)
    assert all(("k" in entry) == (i % every == 0) for i, entry in enumerate(stored))
    decoded = list(frames.decode(stored))
    assert len(decoded) == len(sequence) and all(same(a, b) for a, b in zip(decoded, sequence))


def test_an_unchanged_frame_is_a_null_patch_and_a_small_change_a_small_patch() -> None:
    frame = {"map": {"owner": [0, 1, None, 2] * 10}, "players": [{"gold": 3}, {"gold": 4}]}
    assert frames.patch(frame, frame) is None
    changed = {**frame, "players": [{"gold": 3}, {"gold": 5}]}
    assert frames.patch(frame, changed) == [
        frames.OBJECT,
        {"players": [frames.ARRAY, 2, {"1": [2, {"gold": [1, 5]}]}]},
    ]
    assert frames.patch({"a": 1}, {"a": True}) == [frames.OBJECT, {"a": [frames.SET, True]}]
