"""The viewer page draws each game with the game's own drawing, step by step, as the engine has it.

For each game, from a committed golden log: the page is written through spectator and all eyes,
opened from file:// in Chromium at chosen steps (`#step=N`), and what is drawn there is read
with the game's own test reader (each drawing test's READ_DRAWN) and compared with the engine's
state at that step by that game's own check (settlements and territories, pile tops and splays,
figurines and what they carry...). The drawings' own tests draw single frames on a bare page;
this proves the viewer gives them the right frame, statics and seats at every step.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine.api import Eyes
from altay_cli.web.eyes import ALL, SPECTATOR
from altay_cli.web.view import build_page
from tests import test_altay_drawing as altay_t
from tests import test_innovation_drawing as innovation_t
from tests import test_mammothodus_drawing as mammothodus_t
from tests.browser import chromium

GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Case:
    game: str
    log: str
    states: Callable[[], list[Any]]  # the engine's state at page step 0, 1, 2...
    read: str  # JavaScript returning what is drawn (the game's drawing test's reader)
    check: Callable[[dict[str, Any], Any, Eyes], None]
    steps: tuple[int, ...]  # page steps to look at (-1: the last)


def _after_each(steps: Any) -> list[Any]:
    """A list of states after each decision, as page steps 1, 2...: step 0 is unused here."""
    return [None, *(s.state for s in steps)]


CASES = (
    Case(
        "altay",
        "4p_mixed_choose.jsonl",
        lambda: _after_each(altay_t.steps_of("4p_mixed_choose.jsonl")),
        altay_t.READ_DRAWN,
        lambda drawn, g, eyes: altay_t.check_drawn(drawn, g, eyes, "viewer page"),
        (1, 107, 301, -1),
    ),
    Case(
        "innovation",
        "innovation_3p_1e_mixed.jsonl",
        lambda: [s.state for s in innovation_t.golden("innovation_3p_1e_mixed.jsonl")],
        innovation_t.READ_DRAWN,
        lambda drawn, g, eyes: innovation_t.check_drawn(g, eyes, drawn),
        (0, 40, 80, -1),
    ),
    Case(
        "mammothodus",
        "mammothodus_4p_talents_discoveries.jsonl",
        lambda: _after_each(mammothodus_t.steps(GOLDEN / "mammothodus_4p_talents_discoveries.jsonl")),
        mammothodus_t.READ_DRAWN,
        mammothodus_t.check_drawn,
        (1, 150, 250, -1),
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_the_page_draws_every_chosen_step_as_the_engine_has_it(case: Case, tmp_path: Path) -> None:
    states = case.states()
    with chromium() as browser:
        for eyes in (SPECTATOR, ALL):
            page = tmp_path / f"{case.game}-{eyes.kind}.html"
            page.write_text(build_page(GOLDEN / case.log, eyes)[0], encoding="utf-8")
            for step in case.steps:
                n = len(states) - 1 if step < 0 else step
                browser.open(page, f"step={n}")
                drawn = _drawn(browser, case.read, n)
                case.check(drawn, states[n], eyes)
            assert browser.console_errors() == [], (case.game, eyes.label)
        assert browser.network_requests() == []


def _drawn(browser: Any, read: str, step: int) -> dict[str, Any]:
    """What is drawn once the page shows `step` (it draws just after loading)."""
    deadline = time.monotonic() + 20  # only a bound on waiting: a loaded machine is slower
    while True:
        shown = browser.run("return window.location.hash")
        try:
            if shown == f"#step={step}":
                return browser.run(read)
        except Exception:  # the board is not drawn yet: the reader finds nothing
            if time.monotonic() > deadline:
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not show step {step} (at {shown})")
        time.sleep(0.05)
