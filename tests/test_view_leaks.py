"""A viewer page holds only what its eyes may see: checked for every registered game.

Anyone can read a page's source, so what is hidden from the eyes must not be in the file at
all. For every registered game (the three games, the toy game without a drawing and the toy
game drawn by tests/view_helpers.py), over every step of one golden log of the game (or a
seeded game of it):

(a) a seat's frame, as the page records it (`web.eyes.frame_of`: the game's `Drawing`, or the
    generic frame), is the same when everything that seat may not see is changed
    (`Game.search.perturb_hidden(state, seat, seed)`);
(b) a spectator's frame is the same under the perturbation for EVERY seat;
(c) the same for each decision's text (`web.eyes.decision_text`) through those eyes;
(d) in the written HTML, text that only the hidden parts hold does not appear: the attested
    parts of a log (info texts, failure details, stderr, the seed of an unfinished game, legal
    actions) for every game, and each game's own hidden texts (HIDDEN_TEXTS below).

A game may add its own hidden texts to HIDDEN_TEXTS: a function (game, log, state at the end,
seat or None for a spectator) -> the texts that state holds only where that seat (or a
spectator) may not look. The test checks that none of them is in that eyes' page and that each
is in the page of all eyes (so the texts are real: the page would show them if it leaked). The
three games' pages carry their card catalogues (public rules data, in `Drawing.static`), so a
card's name is in every page: their hidden-card checks are made on the frames and decision
texts, step by step, in their own tests (test_altay_drawing.py, test_innovation_drawing.py,
test_mammothodus_drawing.py: cards that never became public reach no spectator or other seat).

Time: about 5 s for the five games together (the perturbation tests replay 4 golden logs and
perturb every step's state about 10,000 times).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import Game, State, game_names, load_game
from altay_cli.engine.api import Drawing, Eyes
from altay_cli.replay import replay_log
from altay_cli.web.eyes import ALL, SPECTATOR, decision_text, frame_of, seat_eyes
from altay_cli.web.view import build_page
from tests.view_helpers import TOY_DRAWN, goldens_of, marked_log, marker, page_data_of

GAMES = game_names()  # tests.conftest registered the toy game, tests.view_helpers the drawn one
PERTURB_SEEDS = (1, 2)


def _toy_drawn_hidden(game: Game, log: Path, state: State, seat: int | None) -> list[str]:
    """The toy drawing's private texts: each seat's hand after it played (its decision text for
    its own eyes), and the deck's order (all eyes' frames)."""
    seats = range(state.config.players)
    return [f"P{s}'s hand now" for s in seats if s != seat] + ['"deck":[']


#: game name -> the texts its final state holds only where `seat` (None: a spectator) may not
#: look (see the module docstring); a game's helper adds its own.
HIDDEN_TEXTS: dict[str, Callable[[Game, Path, State, int | None], list[str]]] = {
    TOY_DRAWN: _toy_drawn_hidden,
}


def _log_of(game_name: str, tmp: Path) -> Path:
    """The game's smallest golden log, or a seeded game of it (the toy games have none)."""
    goldens = sorted(goldens_of(game_name), key=lambda p: p.stat().st_size)
    if goldens:
        return goldens[0]
    longer = {"bonus": 10} if any(o.field == "bonus" for o in load_game(game_name).options) else {}
    return marked_log(tmp / f"{game_name}.jsonl", game_name, 3, 2024, options=longer)


def _steps(log: Path) -> tuple[Game, list[tuple[State, int, Any, State]]]:
    """(state, seat, action, state after) for every step: the start, then every decision."""
    out: list[tuple[State, int, Any, State]] = []
    holder: dict[str, Game] = {}

    def on_step(d, before, after) -> None:
        game = holder["game"]
        out.append((before, d.seat, game.action_from_builtins(d.action), after.clone()))

    from altay_cli.gamelog import read_header

    holder["game"] = load_game(read_header(log).game)
    verdict = replay_log(log, on_step=on_step)
    assert verdict.ok, verdict.message
    return holder["game"], out


def leaks(game: Game, drawing: Drawing | None, steps: list[tuple[State, int, Any, State]]) -> list[str]:
    """(a), (b) and (c) over `steps`: what changes with what the eyes may not see ([]: nothing)."""
    problems: list[str] = []
    players = steps[0][0].config.players
    states = [before for before, _, _, _ in steps] + [steps[-1][3]]
    for i, state in enumerate(states):
        for s in range(players):
            for seed in PERTURB_SEEDS:
                other = game.search.perturb_hidden(state, s, seed + i)
                if other is None:
                    continue  # the game hides nothing from this seat
                for eyes in (seat_eyes(s), SPECTATOR):  # (a), and (b) for every seat s
                    if frame_of(game, drawing, state, eyes) != frame_of(game, drawing, other, eyes):
                        problems.append(
                            f"step {i}: {eyes.label} eyes' frame changes with what seat {s} may not see"
                        )
    for n, (_, seat, action, after) in enumerate(steps):  # (c): the decision just taken
        for s in range(players):
            for seed in PERTURB_SEEDS:
                other = game.search.perturb_hidden(after, s, seed + n)
                if other is None:
                    continue
                for eyes in (seat_eyes(s), SPECTATOR):
                    said = decision_text(game, drawing, after, seat, action, eyes)
                    if said != decision_text(game, drawing, other, seat, action, eyes):
                        problems.append(
                            f"decision {n}: its text for {eyes.label} eyes changes with seat {s}'s secrets"
                        )
    return problems


@pytest.mark.parametrize("game_name", GAMES)
def test_frames_and_decision_texts_ignore_what_the_eyes_may_not_see(game_name: str, tmp_path: Path) -> None:
    game, steps = _steps(_log_of(game_name, tmp_path))
    problems = leaks(game, game.drawing, steps)
    assert not problems, "\n".join(problems[:10])


def _pages(log: Path, players: int) -> dict[str, str]:
    pages = {"spectator": build_page(log, SPECTATOR)[0], "all": build_page(log, ALL)[0]}
    for s in range(players):
        pages[f"seat {s}"] = build_page(log, seat_eyes(s))[0]
    return pages


@pytest.mark.parametrize("game_name", GAMES)
def test_a_page_holds_no_info_text_detail_stderr_or_seed_its_eyes_may_not_see(
    game_name: str, tmp_path: Path
) -> None:
    """(d), the attested parts, for every game: a game saved unfinished (its seed would tell
    every hidden card to come) with an info text on every decision, a timeout's detail and
    every seat's stderr, each marked with its seat."""
    game = load_game(game_name)
    players = min(3, game.kind.max_players)
    seed = 918_273_645_546_372_819
    longer = {"bonus": 10} if any(o.field == "bonus" for o in game.options) else {}  # (the toy games)
    log = marked_log(
        tmp_path / "g.jsonl", game_name, players, seed, options=longer, finish=False, timeout_at=3
    )
    state = replay_log(log).state
    assert state is not None and not state.is_terminal
    pages = _pages(log, players)
    assert pages["all"].count("SECRET-info") >= 5 and pages["all"].count("SECRET-stderr") == players
    assert str(seed) in pages["all"]
    assert "SECRET-" not in pages["spectator"] and str(seed) not in pages["spectator"]
    for s in range(players):
        page = pages[f"seat {s}"]
        assert str(seed) not in page
        assert marker("stderr", s) in page
        for other in range(players):
            if other != s:
                assert f"SECRET-info-of-seat-{other}" not in page and marker("stderr", other) not in page
                assert f"SECRET-detail-of-seat-{other}" not in page
        for d in page_data_of(page)["decisions"]:
            assert ("legal" in d) == (d["seat"] == s), "legal actions are the deciding seat's alone"
    timeout = page_data_of(pages["all"])["decisions"][3]
    assert marker("detail", timeout["seat"], 3) in pages[f"seat {timeout['seat']}"]
    assert all("legal" not in d for d in page_data_of(pages["spectator"])["decisions"])


@pytest.mark.parametrize("game_name", [g for g in GAMES if g in HIDDEN_TEXTS])
def test_a_page_holds_no_text_that_only_hidden_parts_hold(game_name: str, tmp_path: Path) -> None:
    """(d), each game's own hidden texts (HIDDEN_TEXTS), through every eyes but all."""
    log = _log_of(game_name, tmp_path)
    verdict = replay_log(log)
    game, state = verdict.game, verdict.state
    assert game is not None and state is not None
    players = state.config.players
    pages = _pages(log, players)
    for name, page in pages.items():
        if name == "all":
            continue
        seat = None if name == "spectator" else int(name.split()[1])
        hidden = HIDDEN_TEXTS[game_name](game, log, state, seat)
        assert hidden, f"{game_name} names no hidden text for {name} eyes"
        for text in hidden:
            assert text in pages["all"], f"{text!r} is not even in the page of all eyes: not a hidden text"
            assert text not in page, f"{name} eyes' page holds {text!r}, which only hidden parts hold"


def test_the_checks_see_a_leak(tmp_path: Path) -> None:
    """A drawing that shows a spectator the hands, or names a seat's draw to everyone, is caught."""
    from tests.view_helpers import ToyDrawing

    class Leaky(ToyDrawing):
        def frame(self, state: Any, eyes: Eyes) -> dict[str, Any]:
            return {**super().frame(state, eyes), "hands": [list(h) for h in state.hands]}

        def decision_text(self, state: Any, seat: int, action: Any, eyes: Eyes) -> str:
            return super().decision_text(state, seat, action, ALL)

    game, steps = _steps(_log_of(TOY_DRAWN, tmp_path))
    problems = leaks(game, Leaky(game), steps)
    assert any("spectator eyes' frame" in p for p in problems)
    assert any("seat 1 eyes' frame changes with what seat 1 may not see" in p for p in problems)
    assert any("its text for spectator eyes" in p for p in problems)
