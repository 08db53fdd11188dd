"""`why ACTION` teaches Altay: for every decision kind, a legal and an illegal example from
seeded games, each answered with the rule that asks the decision, the rule or card effect of the
action and, for the illegal one, the condition that fails, in words (never just "legal now").

Size: seeded games with a policy that favours achievements (so that every technology's decision
appears) until every kind was legal once; about 20 games, under 2 s.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.engine import load_game
from altay_cli.engine.altay.actions import ACTION_TYPES, Develop, Place
from altay_cli.engine.altay.data import ACHIEVEMENTS, TITLES
from altay_cli.engine.altay.state import Phase
from tests.test_narration import PYTHON_VALUES

GAME = load_game("altay")
KINDS = tuple(t.__struct_config__.tag for t in ACTION_TYPES)
MAX_GAMES = 60

#: what names the rule (or card effect) of each kind in the answer
RULE_OF = {
    "faction": "Rule, choosing factions",
    "start": "Rule, start farmlands",
    "settle": "Rule, building settlements",
    "play": "Card effect, ",
    "attack": "Rule, combat",
    "place": "Rule, placing resources",
    "release": "Rule, store cards",
    "buy": "Rule, acquiring action cards",
    "develop": "Rule, developing achievements",
    "abandon": "Rule, abandoning",
    "engineering": "Technology Engineering",
    "mathematics": "Technology Mathematics",
    "commerce": "Technology Commerce",
    "philosophy": "Technology Philosophy",
    "religion": "Technology Religion",
    "trade": "Trading rule",
    "end": "Rule, end of turn",
    "fight": "Rule, defence",
    "surrender": "Rule, surrender",
}
#: what names the rule that asks the decision, by phase
ASKED_BY = {
    Phase.FACTION: "Asked by the set-up, choosing factions",
    Phase.START: "Asked by the set-up, start farmlands",
    Phase.MAIN: "'s turn (round ",
    Phase.SETTLE: "Asked by building settlements",
    Phase.DEFEND: "Asked by combat: ",
}


def _kind(action: Any) -> str:
    return GAME.action_to_builtins(action)["type"]


def _choose(state: Any, rng: random.Random) -> Any:
    """Mostly random, but keen on achievements, so that technologies get completed."""
    legal = state.legal_actions()
    keen = [a for a in legal if isinstance(a, Place) and a.on == "achievement"]
    keen = keen or [a for a in legal if isinstance(a, Develop) or _kind(a) == "play"]
    return rng.choice(keen) if keen and rng.random() < 0.9 else rng.choice(legal)


@cache
def examples() -> dict[str, tuple[Any, Any]]:
    """For each decision kind, (a state of a seeded game, an action of that kind legal in it)."""
    found: dict[str, tuple[Any, Any]] = {}
    for seed in range(MAX_GAMES):
        config = GAME.make_config(2 + seed % 3, seed, {"trading": seed % 2 == 0})
        state = GAME.new_state(config)
        rng = random.Random(seed)
        while not state.is_terminal and len(found) < len(KINDS):
            for action in state.legal_actions():
                if _kind(action) not in found:
                    found[_kind(action)] = (state.clone(), action)
            state.apply(_choose(state, rng))
        if len(found) == len(KINDS):
            break
    return found


def first_state(phase: Phase, trading: bool = False) -> Any:
    """The first state of seed 3's game (recommended set-up when past it) in `phase`."""
    setup = phase in (Phase.FACTION, Phase.START)
    options = {"trading": trading, "recommended": not setup}
    state = GAME.new_state(GAME.make_config(2, 3, options))
    rng = random.Random(3)
    while state.phase != phase:
        state.apply(_choose(state, rng))
    return state


def assert_words(answer: str) -> None:
    for what, pattern in PYTHON_VALUES.items():
        assert not pattern.search(answer), f"{what} in {answer!r}"
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", answer.replace("`", "")), answer  # no engine names


def test_every_decision_kind_is_found_in_seeded_games() -> None:
    assert sorted(examples()) == sorted(KINDS) == sorted(RULE_OF)


@pytest.mark.parametrize("kind", KINDS)
def test_why_a_legal_action_names_the_rule_that_asks_and_its_own(kind: str) -> None:
    state, action = examples()[kind]
    command = GAME.text.command_text(action)
    answer = GAME.text.why(state, command)
    assert answer.startswith(f"`{command}` is legal now (number {state.legal_actions().index(action)}")
    assert ASKED_BY[state.phase] in answer, answer
    assert RULE_OF[kind] in answer, answer
    if kind == "play":  # a card effect is named by the card and its effect's words
        effects = next(t for t in TITLES if t.name == action.card).effects
        assert f"Card effect, {action.card} effect {action.effect}: " in answer
        assert len(effects) > action.effect
    assert len(answer) > len(command) + 120  # far more than "legal now"
    assert_words(answer)


def _main() -> Any:
    return first_state(Phase.MAIN)


def _attack_from_elsewhere(state: Any) -> tuple[str, str]:
    mine = {t for t in range(23) if state.owner[t] == state.active}
    other = next(t for t in range(6) if t not in mine)
    return f"attack {other} {(other + 6) % 23} Warrior", f"you have no settlement in territory {other}"


def _absent_achievement(state: Any) -> str:
    shown = {stack[0] for stack in state.ach_display[1]}
    return next(a.name for a in ACHIEVEMENTS if a.level == 1 and ACHIEVEMENTS.index(a) not in shown)


def illegal_example(kind: str) -> tuple[Any, str, str]:
    """(a state of a seeded game, a command of that kind illegal in it, the failing condition)."""
    if kind == "faction":
        state = first_state(Phase.FACTION)
        taken = GAME.text.command_text(state.legal_actions()[0]).split()[1]
        state.apply(state.legal_actions()[0])
        return state, f"faction {taken}", f"{taken} is already taken"
    if kind == "start":
        return first_state(Phase.START), "start 9", "territory 9 is not a farmland; farmlands are 0 to 5"
    main = _main()
    if kind == "play":
        held = {GAME.text.command_text(a).split()[1] for a in main.legal_actions() if _kind(a) == "play"}
        card = next(t.name for t in TITLES if t.name not in held and t.name != "Lorekeeper")
        return main, f"play {card}", f"you have no {card} in hand or archive"
    if kind == "attack":
        command, reason = _attack_from_elsewhere(main)
        return main, command, reason
    simple = {
        "place": ("place F Village", "you have no F in your pool"),
        "release": ("release Merchant", "Merchant is not a store card of yours with resources on it"),
        "buy": ("buy Farmer F", "your pool holds nothing"),
        "develop": (f"develop {_absent_achievement(main)} F", "is not in the display"),
        "abandon": ("abandon", "you are not developing anything"),
        "settle": ("settle 3", "Settle is not possible during a turn's main phase"),
        "engineering": ("engineering Hunter", "you have not completed the technology Engineering"),
        "mathematics": ("mathematics Hunter", "you have not completed the technology Mathematics"),
        "commerce": ("commerce F W", "you have not completed the technology Commerce"),
        "philosophy": ("philosophy", "you have not completed the technology Philosophy"),
        "religion": ("religion 1 7", "you have not completed the technology Religion"),
        "trade": ("trade F", "the optional Trading rule, not in play in this game"),
        "fight": ("fight Warrior", "Fight is not possible during a turn's main phase"),
        "surrender": ("surrender", "Surrender is not possible during a turn's main phase"),
    }
    if kind == "end":
        state, _ = examples()["fight"]  # an attack waits for its answer: the turn cannot end
        return state, "end", "must now choose surrender or fight"
    command, reason = simple[kind]
    return main, command, reason


@pytest.mark.parametrize("kind", KINDS)
def test_why_an_illegal_action_says_which_condition_fails(kind: str) -> None:
    state, command, condition = illegal_example(kind)
    assert not any(GAME.text.command_text(a) == command for a in state.legal_actions())
    answer = GAME.text.why(state, command)
    assert answer.startswith(f"`{command}` is not legal now: "), answer
    assert condition in answer, answer
    assert ASKED_BY[state.phase] in answer, answer
    assert RULE_OF[kind] in answer, answer
    assert_words(answer)


def test_why_in_play_answers_with_the_rule() -> None:
    """Typed at `altay play`: the same answer, the game unchanged."""
    commands = "why buy Farmer F\nwhy end\nhistory\n"
    args = ["play", "--seed", "3", "--recommended", "--seat", "1=policy:random"]
    result = CliRunner().invoke(main, args, input=commands)
    assert result.exit_code == 0, result.output
    assert "`buy Farmer F` is not legal now: " in result.output
    assert "Rule, acquiring action cards" in result.output
    assert "`end` is legal now" in result.output and "Rule, end of turn" in result.output
    assert "no decisions yet" in result.output or "  0  P1" in result.output


def test_why_of_a_number_in_play_asks_of_the_action_with_that_number() -> None:
    """`why 1` at `altay play` asks about the legal action numbered 1, as typing `1` would play it."""
    args = ["play", "--seed", "7", "--seat", "1=policy:greedy"]
    result = CliRunner().invoke(main, args, input="0\nwhy 1\nwhy 9\n")
    assert result.exit_code == 0, result.output
    assert "`start 4` is legal now (number 1 of the list)" in result.output
    assert "unknown command '9'" in result.output  # beyond the list: not an action


def test_why_of_nothing_known_lists_what_is_possible() -> None:
    answer = GAME.text.why(_main(), "frobnicate")
    assert "unknown command 'frobnicate'" in answer and "'s turn (round 1)" in answer
    answer = GAME.text.why(_main(), "buy")
    assert "Rule, acquiring action cards" in answer


def test_only_the_deciding_seat_sees_the_numbered_actions() -> None:
    """The action list names the cards in the decider's hand: another seat's `actions` view (and
    a spectator's) says who decides and nothing more."""
    state, _ = examples()["fight"]  # the defender decides, in the attacker's turn
    decider, other = state.to_move, state.active
    assert decider != other
    mine = GAME.text.view(state, decider, "actions")
    assert mine[0].startswith("Legal actions (") and any("fight" in line for line in mine)
    for seat in (other, None):
        lines = GAME.text.view(state, seat, "actions")
        assert len(lines) == 1 and "decides" in lines[0] and "fight" not in lines[0], lines
