"""Innovation's screen teaches the game: every line `play` and `replay --show` print is words.

The property test plays 300 seeded random games (2 to 4 players, both editions, a quarter of
them whole, the others stopped by the turn limit after 8, 20 or 40 turns: about 30,000
decisions)
and, at every decision, scans every view of the seat to move and of a spectator, every line
narrated to every seat, and `why` answers for legal and illegal commands with a strict pattern
for Python values (None, True/False, lists, tuples, dicts, enum reprs) and the engine's field
names; it also checks that `why` names the rule or card effect behind every decision kind and
purpose, and that the numbered list marks who would share each dogma and whom its demand
would reach, from the icon counts. About 40 s on the reference machine. Then `play` and
`replay --show` are run as a person runs them.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

from altay_cli.engine import load_game
from altay_cli.engine.innovation.actions import Dogma
from altay_cli.engine.innovation.explain import effect_name
from altay_cli.engine.innovation.frames import AskKind, Purpose
from altay_cli.engine.innovation.state import GameState, Phase
from altay_cli.engine.innovation.tables import FEATURED, ICON_NAMES, NAME
from altay_cli.engine.innovation.texts import effect_is_demand
from tests.play_helpers import GOLDEN, run_altay

GAME = load_game("innovation")
GAMES = 300
#: the engine's own names: state and frame fields, decision internals, snake_case identifiers
ENGINE_NAMES = r"\b(?:vul|eff|pc|src|dem|c0|can_pass|to_dict|kind|purpose)\b|\b[a-z]+_[a-z0-9_]+\b"
#: what a Python value looks like when printed: None, booleans, lists, tuples, dicts, reprs
PYTHON_VALUES = (
    r"\bNone\b|\bTrue\b|\bFalse\b"
    r"|\[\s*\]|\[[^\]\[]*,[^\]\[]*\]"  # [] or [1, 2] (a lone "[castle]" or "[3]" is a label)
    r"|\(\s*-?\d+\s*,\s*(?:-?\d+\s*,?\s*)*\)|\(\s*'"  # (0,) (1, 2) ('a'
    r"|\['|'\]|': |\": |[{}]"  # quoted items, dict entries
    r"|<\w+(?:\.\w+)+:|object at 0x|\bP-\d"  # enum and object reprs, a seat of -1
)
FORBIDDEN = re.compile(f"{PYTHON_VALUES}|{ENGINE_NAMES}")


def offences(lines: dict[str, str]) -> list[str]:
    return [f"{where}: {line!r}" for line, where in lines.items() if FORBIDDEN.search(line)]


def config(i: int) -> Any:
    caps = (8, 20, 40, None)
    options = {"max_turns": caps[i % 4], "edition": "1e" if i % 5 == 4 else "3e"}
    return GAME.make_config(2 + i % 3, 9000 + i, options)


#: commands that are illegal most of the time, tried with `why` at every decision
ILLEGAL_TRIES = (
    "meld Oars",
    "dogma Archery",
    "achieve 9",
    "achieve 10",
    "pass",
    "yes",
    "red",
    "card The Wheel",
    "player 3",
    "value 11",
    "draw",
    "first Tools",
    "colors red blue",
    "blind 1 3",
    "option c",
)


@cache
def survey() -> tuple[dict[str, str], dict[str, Any], list[tuple[GameState, str]]]:
    """Every distinct line shown in GAMES random games (with where it was first seen), the
    `why` answers by the decision they were asked at, and states at a turn's action."""
    lines: dict[str, str] = {}
    whys: dict[str, Any] = {"legal": {}, "illegal": {}}
    turn_states: list[tuple[GameState, str]] = []

    def show(found: list[str], where: str) -> None:
        for line in found:
            lines.setdefault(line, where)

    for i in range(GAMES):
        state = GAME.new_state(config(i))
        rng = random.Random(i)
        n = 0
        while not state.is_terminal:
            where = f"game {i}, decision {n}"
            seat = state.to_move
            legal = state.legal_actions()
            ask = state.pending
            # what `play` shows at every decision; everything else at one in three and at each
            # decision a card asks
            for name in GAME.text.views() if ask is not None or n % 3 == 0 else ("compact", "actions"):
                show(GAME.text.view(state, seat, name), f"{where}, view {name}")
            if ask is not None or n % 3 == 0:
                show(GAME.text.view(state, None, "full"), f"{where}, spectator")
            action = rng.choice(legal)
            key = (ask.kind, ask.purpose) if ask is not None else type(action).__name__
            text = GAME.text.command_text(action)
            answer = GAME.text.why(state, text)
            show([answer], f"{where}, why {text}")
            if key not in whys["legal"]:
                whys["legal"][key] = (state.clone(), action, answer)
            if ask is not None or n % 2 == 0:
                tried = rng.choice(ILLEGAL_TRIES)
                answer = GAME.text.why(state, tried)
                show([answer], f"{where}, why {tried}")
                if "not legal now" in answer and (key, tried.split()[0]) not in whys["illegal"]:
                    whys["illegal"][key, tried.split()[0]] = (state.clone(), tried, answer)
            if ask is None and state.phase is Phase.PLAY and n % 7 == 0:
                turn_states.append((state.clone(), where))
            state.apply(action)
            for viewer in range(state.n):
                seen = GAME.event_for(state, seat, action, viewer)
                show([GAME.text.describe(seen)], f"{where}, event for seat {viewer}")
                note = GAME.text.narrate(state, seat, action, viewer)
                show((note or "").splitlines(), f"{where}, narrated to seat {viewer}")
            n += 1
        for viewer in (*range(state.n), None):
            show(GAME.text.view(state, viewer, "full"), f"game {i}, the end")
    return lines, whys, turn_states


def test_the_pattern_catches_python_values_and_engine_names() -> None:
    for bad in (
        "P1: None",
        "optional True",
        "ages [1, 2]",
        "picked (0,)",
        "order (3, 4)",
        "{'a': 1}",
        "<Purpose.RETURN: 'return'>",
        "phase first_meld",
        "why: turn_limit",
        "score_pile 3",
        "P-1 decides",
        "purpose transfer",
    ):
        assert FORBIDDEN.search(bad), bad
    for good in (
        "  P0 (you): score 12, ach 2/6 (ages 1, 2; Monument), hand 3; tops: Oars, Sailing",
        "    red    Archery (1) [castle] [bulb] [-] [castle] over Oars",
        "you execute the dogma of Archery (featured icon castle): its demand reaches P1 and P2",
        "  7 dogma Archery              castle: you 5; demand reaches P1 (3); nobody shares",
    ):
        assert not FORBIDDEN.search(good), good


def test_every_line_on_the_screen_is_words() -> None:
    lines, _, _ = survey()
    assert len(lines) > 20_000, "the games showed too little to prove anything"
    bad = offences(lines)
    assert not bad, f"{len(bad)} lines show Python values or engine names, e.g.:\n" + "\n".join(bad[:15])


def test_why_names_the_rule_or_effect_behind_every_decision() -> None:
    _, whys, _ = survey()
    legal, illegal = whys["legal"], whys["illegal"]
    kinds = {key[0] for key in legal if isinstance(key, tuple)}
    purposes = {key[1] for key in legal if isinstance(key, tuple)}
    assert kinds == set(AskKind), f"no decision of kinds {set(AskKind) - kinds}"
    assert purposes == set(Purpose), f"no decision for {set(Purpose) - purposes}"
    for key, (state, action, answer) in legal.items():
        assert answer.startswith(f"`{GAME.text.command_text(action)}` is legal now"), answer
        if isinstance(key, tuple):
            ask = state.pending
            assert effect_name(state, ask.card, ask.eff) in answer, answer
            assert ask.prompt in answer, answer
        else:
            rule = {
                "FirstMeld": "set-up",
                "Draw": "the Draw action",
                "Meld": "the Meld action",
                "Achieve": "the Achieve action",
                "Dogma": "the Dogma action",
            }
            assert rule[key] in answer, (key, answer)
    asked = [(key, v) for key, v in illegal.items() if isinstance(key[0], tuple)]
    assert {key[0][0] for key, _ in asked} == set(AskKind)
    for _, (state, tried, answer) in asked:
        ask = state.pending
        assert effect_name(state, ask.card, ask.eff) in answer, (tried, answer)
        assert "it allows" in answer or "waits until" in answer or "does not let you" in answer, answer


def test_why_says_which_condition_fails_for_a_turns_actions() -> None:
    """The turn's actions and the set-up's, illegal: the condition that fails, in words."""
    game = GAME
    state = game.new_state(game.make_config(2, 3))
    seat = state.to_move
    mine = {a.card for a in state.legal_actions()}
    other = next(n for n in NAME if n not in mine)
    assert "not one of your two starting cards" in game.text.why(state, f"first {other}")
    assert "set-up" in game.text.why(state, "draw")
    while state.phase is Phase.FIRST_MELD:
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    pl = state.players[seat]
    absent = next(n for i, n in enumerate(NAME) if i not in pl.hand)
    assert "is not in your hand" in game.text.why(state, f"meld {absent}")
    covered = next(n for i, n in enumerate(NAME) if i not in pl.tops())
    assert "is not one of your top cards" in game.text.why(state, f"dogma {covered}")
    assert "needs a score of at least 15" in game.text.why(state, "achieve 3")
    assert "ages 1 to 9 only" in game.text.why(state, "achieve 10")
    assert "no card effect is asking anything now" in game.text.why(state, "red")
    assert "the Draw action" in game.text.why(state, "draw") and "you draw a 1" in game.text.why(
        state, "draw"
    )


def _expected_mark(state: GameState, card: str) -> str:
    """Whom a dogma reaches, computed from the engine's icon counts (R14)."""
    from altay_cli.engine.innovation.tables import BY_NAME

    c = BY_NAME[card]
    icon = FEATURED[c]
    me = state.active
    mine = state.icons(me, icon)
    others = state.opponents(me)
    demands = effect_is_demand(c, state.first_edition)
    parts = [f"{ICON_NAMES[icon]}: you {mine}"]
    if any(demands):
        hit = [f"P{q} ({state.icons(q, icon)})" for q in others if state.icons(q, icon) < mine]
        parts.append("demand reaches " + (", ".join(hit) or "nobody"))
    if not all(demands):
        share = [f"P{q} ({state.icons(q, icon)})" for q in others if state.icons(q, icon) >= mine]
        parts.append(("shared by " + ", ".join(share)) if share else "nobody shares")
    return "; ".join(parts)


def test_the_numbered_list_marks_who_shares_each_dogma_and_whom_it_demands_of() -> None:
    _, _, states = survey()
    checked = demanded = shared = 0
    for state, where in states:
        seat = state.to_move
        listed = GAME.text.view(state, seat, "actions")
        legal = state.legal_actions()
        assert len(listed) == len(legal) + 1, where
        for line, action in zip(listed[1:], legal, strict=True):
            assert GAME.text.command_text(action) in line, (where, line)
            if isinstance(action, Dogma):
                expected = _expected_mark(state, action.card)
                assert line.endswith(expected), (where, line, expected)
                checked += 1
                demanded += "demand reaches P" in line
                shared += "shared by P" in line
        assert GAME.text.view(state, None, "actions") == [f"  P{seat} is deciding"]
        assert GAME.text.view(state, (seat + 1) % state.n, "actions") == [f"  P{seat} is deciding"]
    assert checked > 1000 and demanded > 100 and shared > 100, (checked, demanded, shared)


def test_play_shows_the_marks_and_answers_why_in_words(tmp_path) -> None:
    """`altay play` as a person runs it, piped: the list, `why`, a few moves, all in words."""
    commands = ["actions", "why draw", "why first the wheel", "why meld Oars", "0", "why draw", "0"]
    commands += ["why dogma Oars", "why achieve 1"]
    commands += ["0"] * 12 + ["decision", "board", "supply", "quit"]
    seats = ["--seat", "1=random", "--seat", "2=random"]
    done = run_altay(
        ["play", "--game", "innovation", "--seed", "11", "-p", "3", *seats], "\n".join(commands) + "\n"
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Legal actions (" in out and "is legal now" in out and "is not legal now" in out
    assert re.search(r"dogma .*: you \d+; (demand reaches|shared by|nobody shares)", out), out
    bad = offences({line: "play" for line in out.splitlines()})
    assert not bad, "\n".join(bad[:10])


def test_replay_show_tells_the_golden_games_in_words() -> None:
    for log in sorted(GOLDEN.glob("innovation_*.jsonl")):
        for extra in ([], ["--seat", "1", "--board"]):
            done = run_altay(["replay", "--show", *extra, str(log)])
            assert done.returncode == 0, done.stdout + done.stderr
            shown = done.stdout.split("VALID:", 1)[0].splitlines()
            assert len(shown) > 150
            bad = offences({line: f"{log.name} {extra}" for line in shown})
            assert not bad, "\n".join(bad[:10])
            assert "ended after" in done.stdout and " turns" in done.stdout and " rounds" not in done.stdout


def test_match_check_bot_and_demo_count_innovation_in_turns(tmp_path) -> None:
    """Innovation's turns are turns (`Game.text.length_text`), Altay's rounds are rounds."""
    assert (
        GAME.text.length_text(3, 9) == "9 turns" and load_game("altay").text.length_text(3, 9) == "3 rounds"
    )
    match = run_altay(
        [
            "match",
            "--game",
            "innovation",
            "random",
            "random",
            "--seed",
            "3",
            "--log",
            str(tmp_path / "g.jsonl"),
        ]
    )
    assert match.returncode == 0, match.stdout + match.stderr
    assert re.search(r"^\d+ turns; game ended: ", match.stdout, re.M) and "round" not in match.stdout
    check = run_altay(["check-bot", "random", "--game", "innovation", "--players", "2", "--seed", "3"])
    assert check.returncode == 0, check.stdout + check.stderr
    assert re.search(r"\(\d+ turns, setup included; ended: [a-z]", check.stdout)
    assert "round" not in check.stdout
    shown = run_altay(["replay", str(tmp_path / "g.jsonl")])
    assert "ended after" in shown.stdout and " turns" in shown.stdout and "round" not in shown.stdout
