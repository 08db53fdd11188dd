"""One step machine for the games whose effects stop for decisions half-way (Innovation and
Mammothodus): frames, asks, a registry of routines, the interpreter and the end of the game.

An effect that needs a choice cannot wait inside a Python call: the state must be cloned for
search, saved to JSON and perturbed in the middle of it. So execution is plain data on a stack.
A `Frame` is one running routine: `kind` names the routine, `pc` its next step, `me` the seat
it is about and `v` its locals (ints, bools, strings, None and tuples of them). An `Ask` on top
of the stack is a pending decision of a seat. Each game subclasses both to add its own fields
and keeps its own serialised form (the logs' digests hash it).

A routine is a list of steps declared in order: `Routines.add(kind, *functions)`, or
`Routines.add_class(kind, cls)` with a class whose static methods are its steps in the order
they are written. A step `step(g, frame)` returns None (go on to the next step), WAIT after
pushing a child (a decision, or another routine; the frame resumes at its next step and reads
the child's result in `g.ret`) or END (the frame is done). A step jumps by naming the step to
run next, `frame.goto(Cls.step)`; the position is a number only in the data (`pc`, or a local
that keeps where to come back to, from `position(Cls.step)`), so inserting a step renumbers
nothing in the code.

>>> from types import SimpleNamespace
>>> class Count:
...     @staticmethod
...     def tick(g, f):
...         f.v["n"] += 1
...
...     @staticmethod
...     def again(g, f):
...         if f.v["n"] < 3:
...             f.goto(Count.tick)
...         else:
...             g.ret = f.v["n"]
>>> routines = Routines()
>>> routines.add_class("count", Count)
>>> g = SimpleNamespace(stack=[Frame("count", 0, {"n": 0})], ret=None)
>>> run(g, routines), g.ret, g.stack
(True, 3, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any, ClassVar, Final, Protocol


class Flow(Enum):
    """What a step tells the machine besides "go on" (None)."""

    WAIT = "wait"  # a child was pushed: run it, then resume this frame at its next step
    END = "end"  # this frame is done


WAIT: Final = Flow.WAIT
END: Final = Flow.END

#: a step of a routine: step(state, frame) -> None | WAIT | END
Step = Callable[[Any, Any], "Flow | None"]

#: each step's place in its routine (what `goto` jumps to)
_POSITION: dict[Callable[..., Any], int] = {}
#: steps written once and used at different places of several routines: never jumped to
_SHARED: set[Callable[..., Any]] = set()


class GameEnded(Exception):
    """The game is over (its outcome is already recorded in the state): the machine drops
    whatever was running."""


class Frame:
    """One running routine: `kind` names it, `pc` is its next step, `me` the seat it is about,
    `v` its locals."""

    __slots__ = ("kind", "me", "pc", "v")
    asks: ClassVar[bool] = False  # the interpreter's test (cheaper than isinstance)

    def __init__(self, kind: str, me: int, v: dict[str, Any] | None = None, pc: int = 0) -> None:
        self.kind = kind
        self.me = me
        self.v: dict[str, Any] = v if v is not None else {}
        self.pc = pc

    def goto(self, step: Callable[..., Any]) -> None:
        """Run `step` (a step of this frame's routine) next."""
        self.pc = _POSITION[step]


class Ask:
    """A pending decision of `seat`: one of `options`, or pass when `can_pass`. The machine
    waits for an answer when `always` or when more than one answer is possible; otherwise it
    answers alone (the only option, or the pass) and goes on."""

    __slots__ = ("always", "can_pass", "options", "prompt", "purpose", "seat")
    asks: ClassVar[bool] = True

    def __init__(
        self,
        seat: int,
        options: tuple[Any, ...],
        purpose: str,
        prompt: str,
        *,
        can_pass: bool = False,
        always: bool = False,
    ) -> None:
        self.seat = seat
        self.options = options
        self.purpose = purpose
        self.prompt = prompt
        self.can_pass = can_pass
        self.always = always

    @property
    def count(self) -> int:
        """How many answers there are (a pass included)."""
        return len(self.options) + (1 if self.can_pass else 0)

    def waits(self) -> bool:
        return self.always or self.count > 1


class Machine(Protocol):
    """What the machine needs of a game state: the stack of frames and asks, and `ret`, the
    result a finished child leaves to the frame below it."""

    stack: list[Any]
    ret: Any


def position(step: Callable[..., Any]) -> int:
    """The place of `step` in its routine (what a local keeps to come back to it)."""
    return _POSITION[step]


def steps_of(cls: type) -> tuple[Step, ...]:
    """The steps of a class declaring a routine: its static methods (and plain functions) in
    the order they are written; a name starting with an underscore is not a step."""
    out: list[Step] = []
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, staticmethod) or callable(member):
            out.append(getattr(cls, name))
    return tuple(out)


class Routines(dict[str, tuple[Step, ...]]):
    """A game's routines: kind -> its steps, in order."""

    def add(self, kind: str, *steps: Step) -> None:
        """Register routine `kind` with its steps in order."""
        if kind in self:
            raise ValueError(f"routine {kind!r} registered twice")
        if not steps:
            raise ValueError(f"routine {kind!r} has no step")
        for i, step in enumerate(steps):
            if step not in _SHARED and _POSITION.setdefault(step, i) != i:
                del _POSITION[step]  # no single place to jump to
                _SHARED.add(step)
        self[kind] = steps

    def add_class(self, kind: str, cls: type) -> None:
        """Register routine `kind` whose steps are the static methods of `cls` (steps_of)."""
        self.add(kind, *steps_of(cls))

    def check(self, entries: Iterable[object], game: str) -> None:
        """ValueError unless every frame among `entries` names a routine of these and a step
        of it (or its end), and the top of a stack in progress is a decision."""
        last: object = None
        for e in entries:
            last = e
            if isinstance(e, Frame):
                if e.kind not in self:
                    raise ValueError(f"not {game} state: no routine {e.kind!r}")
                if not 0 <= e.pc <= len(self[e.kind]):
                    raise ValueError(f"not {game} state: step {e.pc} of {e.kind!r}")
        if last is not None and not isinstance(last, Ask):
            raise ValueError(f"not {game} state: an effect in progress must wait for a decision")


def run(g: Machine, routines: Routines) -> bool:
    """Run the routines on g's stack until a seat must decide (False), the game ends (False,
    the stack emptied) or nothing is left to run (True)."""
    stack = g.stack
    try:
        while stack:
            f = stack[-1]
            if f.asks:
                if f.always or len(f.options) + f.can_pass > 1:
                    return False
                stack.pop()
                g.ret = f.options[0] if f.options else None
                continue
            steps = routines[f.kind]
            n = len(steps)
            while True:
                pc = f.pc
                if pc >= n:
                    stack.pop()
                    break
                f.pc = pc + 1
                r = steps[pc](g, f)
                if r is WAIT:
                    break
                if r is END:
                    stack.pop()
                    break
    except GameEnded:
        stack.clear()
        return False
    return True


def locals_from_json(v: dict[str, Any]) -> dict[str, Any]:
    """A frame's locals read back from JSON: lists are the tuples the engine kept."""
    return {str(k): tuples(x) for k, x in v.items()}


def tuples(x: Any) -> Any:
    """JSON lists back to the tuples the engine keeps in frames, all the way down."""
    if isinstance(x, list):
        return tuple(tuples(i) for i in x)
    return x
