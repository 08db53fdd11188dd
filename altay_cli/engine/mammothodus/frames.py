"""The data of a routine in progress (as in Innovation): frames on a stack and the decision a
seat is asked. A routine is a table of step functions (machine.routine); its locals live in
`Frame.v` (ints, bools, strings, tuples), so a state is cloned, saved and resumed at any
decision."""

from __future__ import annotations

from typing import Any

import msgspec

from .actions import AnyAction


class Frame:
    __slots__ = ("kind", "me", "pc", "v")

    def __init__(self, kind: str, me: int, v: dict[str, Any] | None = None, pc: int = 0) -> None:
        self.kind = kind
        self.me = me  # the clan (seat) the routine is about
        self.v = v if v is not None else {}
        self.pc = pc

    def copy(self) -> Frame:
        return Frame(self.kind, self.me, dict(self.v), self.pc)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "me": self.me, "pc": self.pc, "v": self.v}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Frame:
        return Frame(
            str(d["kind"]), int(d["me"]), {str(k): _tuples(x) for k, x in dict(d["v"]).items()}, int(d["pc"])
        )


class Ask:
    """A pending decision of `seat`: one of `options` (actions), or pass when `can_pass`.
    `purpose` is a short word (the observation's `decision.purpose`), `prompt` a sentence."""

    __slots__ = ("can_pass", "options", "prompt", "purpose", "seat")

    def __init__(
        self, seat: int, options: tuple[Any, ...], purpose: str, prompt: str, can_pass: bool = False
    ) -> None:
        self.seat = seat
        self.options = options
        self.purpose = purpose
        self.prompt = prompt
        self.can_pass = can_pass

    def copy(self) -> Ask:
        return self  # never mutated once pushed

    def to_dict(self) -> dict[str, Any]:
        return {
            "ask": self.purpose,
            "seat": self.seat,
            "options": [msgspec.to_builtins(o) for o in self.options],
            "prompt": self.prompt,
            "can_pass": self.can_pass,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Ask:
        options = tuple(msgspec.convert(o, AnyAction) for o in d["options"])
        return Ask(int(d["seat"]), options, str(d["ask"]), str(d["prompt"]), bool(d["can_pass"]))


def _tuples(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuples(i) for i in x)
    return x


def entry_from_dict(d: dict[str, Any]) -> Frame | Ask:
    return Ask.from_dict(d) if "ask" in d else Frame.from_dict(d)
