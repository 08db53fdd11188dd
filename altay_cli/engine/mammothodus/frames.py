"""Mammothodus's frames and decisions on the shared step machine (engine/steps.py): a frame is
the machine's own (a routine's kind, its next step, the clan it is about and its locals); a
decision offers actions. A state is cloned, saved and resumed at any decision."""

from __future__ import annotations

from typing import Any

import msgspec

from .. import steps
from ..steps import locals_from_json
from .actions import AnyAction
from .vocabulary import Purpose, checked_words, is_purpose


class Frame(steps.Frame):
    """One running routine; `me` is the clan (seat) it is about."""

    __slots__ = ()

    def copy(self) -> Frame:
        return Frame(self.kind, self.me, dict(self.v), self.pc)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "me": self.me, "pc": self.pc, "v": self.v}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Frame:
        return Frame(str(d["kind"]), int(d["me"]), locals_from_json(dict(d["v"])), int(d["pc"]))


class Ask(steps.Ask):
    """A pending decision of `seat`: one of `options` (actions), or pass when `can_pass`.
    `purpose` is a short word (the observation's `decision.purpose`), `prompt` a sentence. It is
    pushed only when there is a choice (machine.ask), so the machine always waits for it."""

    __slots__ = ()
    purpose: Purpose

    def __init__(
        self, seat: int, options: tuple[Any, ...], purpose: Purpose, prompt: str, can_pass: bool = False
    ) -> None:
        self.seat = seat
        self.options = options
        self.purpose = purpose
        self.prompt = prompt
        self.can_pass = can_pass
        self.always = True

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
        purpose = checked_words([d["ask"]], is_purpose, "purpose")[0]
        return Ask(int(d["seat"]), options, purpose, str(d["prompt"]), bool(d["can_pass"]))


def entry_from_dict(d: dict[str, Any]) -> Frame | Ask:
    return Ask.from_dict(d) if "ask" in d else Frame.from_dict(d)
