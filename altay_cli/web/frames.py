"""Frames stored compactly: keyframes every K steps and, between them, patches of the frame
before (decoded by the page's frames.js, and by `decode` here for the tests).

A patch is one operation on a JSON value:

    null              unchanged
    [1, value]        replaced by value
    [2, {key: op}]    an object, changed key by key (op [0]: the key is removed)
    [3, n, {i: op}]   an array cut or padded to length n, changed index by index

Objects are patched key by key at every depth, so a frame changes by what changed in it, not
by whole top-level keys; an array whose items mostly changed is replaced whole (cheaper than
index by index). The stored frames are a list, one entry per step: {"k": frame} or {"d": op}.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

#: A keyframe every this many steps: going back to step i decodes at most K - 1 patches.
KEYFRAME_EVERY = 40
#: Operation codes.
REMOVE, SET, OBJECT, ARRAY = 0, 1, 2, 3


def as_json(value: Any) -> Any:
    """`value` as JSON gives it back (tuples become lists, Structs objects, keys strings)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def patch(old: Any, new: Any) -> list[Any] | None:
    """The operation that turns `old` into `new` (both JSON values); None when they are equal."""
    if old == new and repr(old) == repr(new):  # (repr tells true from 1 and 1 from 1.0)
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        ops: dict[str, Any] = {}
        for key, value in new.items():
            if key not in old:
                ops[key] = [SET, value]
            else:
                op = patch(old[key], value)
                if op is not None:
                    ops[key] = op
        for key in old:
            if key not in new:
                ops[key] = [REMOVE]
        return [OBJECT, ops]
    if isinstance(old, list) and isinstance(new, list) and old and new:
        items: dict[str, Any] = {}
        for i, value in enumerate(new):
            if i >= len(old):
                items[str(i)] = [SET, value]
            else:
                op = patch(old[i], value)
                if op is not None:
                    items[str(i)] = op
        if 2 * len(items) > len(new):  # most items changed: the array itself is shorter
            return [SET, new]
        return [ARRAY, len(new), items]
    return [SET, new]


def apply(value: Any, op: list[Any] | None) -> Any:
    """`value` changed by `op` (a new value; `value` itself is not modified)."""
    if op is None:
        return value
    code = op[0]
    if code == SET:
        return op[1]
    if code == OBJECT:
        out = dict(value)
        for key, sub in op[1].items():
            if sub[0] == REMOVE:
                out.pop(key, None)
            else:
                out[key] = apply(out.get(key), sub)
        return out
    if code == ARRAY:
        n = op[1]
        out_list = list(value[:n]) + [None] * max(0, n - len(value))
        for index, sub in op[2].items():
            out_list[int(index)] = apply(out_list[int(index)], sub)
        return out_list
    raise ValueError(f"unknown frame operation {code!r}")


def encode(frames: Iterable[Any], every: int = KEYFRAME_EVERY) -> list[dict[str, Any]]:
    """The stored form of a sequence of JSON frames (see the module docstring)."""
    out: list[dict[str, Any]] = []
    previous: Any = None
    for i, frame in enumerate(frames):
        out.append({"k": frame} if i % every == 0 else {"d": patch(previous, frame)})
        previous = frame
    return out


class Encoder:
    """`encode` one frame at a time, as the replay produces them."""

    def __init__(self, every: int = KEYFRAME_EVERY) -> None:
        self.every = every
        self.stored: list[dict[str, Any]] = []
        self._previous: Any = None

    def add(self, frame: Any) -> None:
        i = len(self.stored)
        self.stored.append({"k": frame} if i % self.every == 0 else {"d": patch(self._previous, frame)})
        self._previous = frame


def decode(stored: list[dict[str, Any]]) -> Iterator[Any]:
    """Every frame, in order, from its stored form."""
    frame: Any = None
    for entry in stored:
        frame = entry["k"] if "k" in entry else apply(frame, entry["d"])
        yield frame
