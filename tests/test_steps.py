"""The shared step machine (altay_cli/engine/steps.py): routines declared in order, jumps by the
step's name, the interpreter, decisions answered alone, the end of the game, and both games on
it with no jump by number left (a second)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from altay_cli.engine import steps
from altay_cli.engine.innovation import machine as innovation
from altay_cli.engine.mammothodus import machine as mammothodus
from altay_cli.engine.steps import END, WAIT, Ask, Frame, GameEnded, Routines

ENGINE = Path(steps.__file__).parent


def state(*stack: Any) -> SimpleNamespace:
    return SimpleNamespace(stack=list(stack), ret=None, trace=[])


def test_the_module_example_runs() -> None:
    result = doctest.testmod(steps, report=False)
    assert result.attempted > 0 and result.failed == 0


class Loop:
    """Count up to v["to"], then hand the count back."""

    @staticmethod
    def start(g: Any, f: Frame) -> None:
        g.trace.append("start")
        f.v["n"] = 0

    @staticmethod
    def tick(g: Any, f: Frame) -> None:
        g.trace.append("tick")
        f.v["n"] += 1

    @staticmethod
    def check(g: Any, f: Frame) -> steps.Flow | None:
        if f.v["n"] < f.v["to"]:
            f.goto(Loop.tick)
            return None
        g.ret = f.v["n"]
        return END


class LoopWithAStepInserted:
    """Loop with a step inserted before `tick`: the jump to `tick` still lands on it."""

    @staticmethod
    def start(g: Any, f: Frame) -> None:
        g.trace.append("start")
        f.v["n"] = 0

    @staticmethod
    def inserted(g: Any, f: Frame) -> None:
        g.trace.append("inserted")

    @staticmethod
    def tick(g: Any, f: Frame) -> None:
        g.trace.append("tick")
        f.v["n"] += 1

    @staticmethod
    def check(g: Any, f: Frame) -> steps.Flow | None:
        if f.v["n"] < f.v["to"]:
            f.goto(LoopWithAStepInserted.tick)
            return None
        g.ret = f.v["n"]
        return END

    @staticmethod
    def _helper(g: Any, f: Frame) -> None:  # an underscore: not a step
        raise AssertionError("never run")


def test_steps_run_in_the_order_written_and_jumps_land_on_the_named_step() -> None:
    routines = Routines()
    routines.add_class("loop", Loop)
    routines.add_class("loop2", LoopWithAStepInserted)
    assert [s.__name__ for s in routines["loop2"]] == ["start", "inserted", "tick", "check"]
    for kind, trace in (("loop", ["start"]), ("loop2", ["start", "inserted"])):
        g = state(Frame(kind, 0, {"to": 3}))
        assert steps.run(g, routines) is True
        assert g.ret == 3 and g.stack == []
        assert g.trace == [*trace, "tick", "tick", "tick"]
    assert steps.position(Loop.tick) == 1 and steps.position(LoopWithAStepInserted.tick) == 2


def _call_loop(g: Any, f: Frame) -> steps.Flow:
    g.stack.append(Frame("loop", f.me, {"to": 2}))
    return WAIT


def _read_and_ask(g: Any, f: Frame) -> steps.Flow:
    g.trace.append(("child said", g.ret))
    g.stack.append(Ask(f.me, ("a", "b"), "choose", "a or b"))
    return WAIT


def _answered(g: Any, f: Frame) -> None:
    g.trace.append(("answer", g.ret))


def test_a_parent_waits_for_its_child_and_a_decision_stops_the_machine() -> None:
    routines = Routines()
    routines.add_class("loop", Loop)
    routines.add("parent", _call_loop, _read_and_ask, _answered)
    g = state(Frame("parent", 1))
    assert steps.run(g, routines) is False  # a seat must decide
    top = g.stack[-1]
    assert isinstance(top, Ask) and top.seat == 1 and top.waits()
    assert ("child said", 2) in g.trace
    g.stack.pop()
    g.ret = "b"
    assert steps.run(g, routines) is True
    assert g.trace[-1] == ("answer", "b") and g.stack == []


@pytest.mark.parametrize(
    ("ask", "answer"),
    [(Ask(0, ("only",), "p", "q"), "only"), (Ask(0, (), "p", "q", can_pass=True), None)],
)
def test_a_decision_with_one_answer_is_taken_alone_unless_always(ask: Ask, answer: Any) -> None:
    routines = Routines()
    routines.add("after", _answered)
    g = state(Frame("after", 0), ask)
    g.ret = "stale"
    assert steps.run(g, routines) is True
    assert g.trace == [("answer", answer)]
    always = Ask(0, ask.options, "p", "q", can_pass=ask.can_pass, always=True)
    g = state(Frame("after", 0), always)
    assert steps.run(g, routines) is False and g.stack[-1] is always


def _ends_the_game(g: Any, f: Frame) -> None:
    raise GameEnded


def test_the_end_of_the_game_drops_everything_running() -> None:
    routines = Routines()
    routines.add("loop", *[Loop.start])  # not a class: a list of steps
    routines.add("end", _ends_the_game)
    g = state(Frame("loop", 0), Frame("end", 0))
    assert steps.run(g, routines) is False and g.stack == []


def test_a_routine_is_registered_once_and_has_steps() -> None:
    routines = Routines()
    routines.add("one", _answered)
    with pytest.raises(ValueError, match="twice"):
        routines.add("one", _answered)
    with pytest.raises(ValueError, match="no step"):
        routines.add("none")


def _shared(g: Any, f: Frame) -> None:
    pass


def test_a_step_used_at_two_places_cannot_be_jumped_to() -> None:
    routines = Routines()
    routines.add("first", _shared)
    routines.add("second", _answered, _shared)
    with pytest.raises(KeyError):
        Frame("second", 0).goto(_shared)


def test_check_refuses_unknown_routines_steps_past_the_end_and_a_stack_not_waiting() -> None:
    routines = Routines()
    routines.add_class("loop", Loop)
    ask = Ask(0, ("a", "b"), "p", "q")
    routines.check([Frame("loop", 0, pc=3), ask], "a test")
    for stack, words in (
        ([Frame("nope", 0), ask], "no routine 'nope'"),
        ([Frame("loop", 0, pc=4), ask], "step 4 of 'loop'"),
        ([Frame("loop", 0)], "must wait for a decision"),
    ):
        with pytest.raises(ValueError, match=words):
            routines.check(stack, "a test")


def test_frame_locals_come_back_from_json_as_tuples() -> None:
    assert steps.locals_from_json({"a": [1, [2, 3]], "b": None}) == {"a": (1, (2, 3)), "b": None}


def test_both_games_run_on_the_machine_with_every_routine_registered() -> None:
    mammothodus.load_rules()
    for game in (innovation, mammothodus):
        assert isinstance(game.STEPS, Routines) and game.STEPS
        assert all(game.STEPS.values())
    assert {"dogma", "self", "pick"} <= set(innovation.STEPS)
    assert {"turn", "humans", "ancients", "end_turn", "draw", "generation"} <= set(mammothodus.STEPS)
    assert innovation.ops.GameEnded is mammothodus.ops.GameEnded is GameEnded


# a jump by number: `f.pc = 3`, `f.pc = DISPATCH`, `f.pc += 1`; a saved place (`f.pc = f.v[...]`,
# `f.pc = back`) is data, not a jump by number
JUMP_BY_NUMBER = re.compile(r"\.pc\s*(?:[+-]=|=\s*(?:\d|[A-Z_]{2,}\b))")


def test_no_routine_jumps_by_number() -> None:
    found = [
        f"{path.relative_to(ENGINE)}:{n}: {line.strip()}"
        for game in ("innovation", "mammothodus")
        for path in sorted((ENGINE / game).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if JUMP_BY_NUMBER.search(line)
    ]
    assert found == [], "jump by naming the step (frame.goto(Cls.step)):\n" + "\n".join(found)
