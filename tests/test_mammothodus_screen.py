"""The Mammothodus screen teaches the game: what `altay play` and `altay replay --show` print is
words, never a Python value or an engine name.

300 seeded random games at 1 to 4 clans (a third with the human discoveries, a third with the
talents): every narrated happening as every clan and a spectator learn it, every decision
described, every view (for the deciding seat, and a spectator's now and then), and `why` for a
legal answer and for answers that are not legal, scanned with a strict pattern for Python reprs
(brackets, braces, tuples, quoted strings, None, True, False), engine names (snake_case, the
routines' locals) and the old cryptic forms (`red@0`, `line -1`). Then the real commands: a person
leading every clan sees every hand, the map's neighbours and the portal explained, and `why`
answers every kind of decision; `replay --show` of a golden log reads as words. About 40 s."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus import machine
from altay_cli.engine.mammothodus.actions import Card, ChooseAction, Figurine, Line
from altay_cli.engine.mammothodus.data import load
from altay_cli.engine.mammothodus.events import Happening
from altay_cli.engine.mammothodus.explain import purpose_of
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.happenings import event_for
from altay_cli.engine.mammothodus.narration import happening_text
from altay_cli.engine.mammothodus.state import ACTIONS, OFF, MammothodusConfig, Phase
from altay_cli.engine.mammothodus.tables import standin
from altay_cli.engine.mammothodus.vocabulary import HappeningKind, Purpose, values
from tests.play_helpers import GOLDEN, run_altay

GAME = load_game("mammothodus")
GAMES = 300
MAX_STEPS = 160  # each random game is played this far at most

#: the routines' locals (Frame.v) and state fields that once leaked onto the screen, and Python's
#: constants
ENGINE_NAMES = frozenset(
    {"fig", "pts", "hpts", "ai", "src", "atk", "aback", "eback", "blk", "jobs", "anchors", "touched"}
    | {"pc", "progress", "routine", "ret", "purpose", "optional", "None", "True", "False"}
    | {f"T{load().map.centre}"}  # the centre is "the centre", whatever its number in the data
)
SIGNS = re.compile(r"[\[\]{}@]|\(\s*-?\d+\s*,|\(\s*'|\b(?:line|T) ?-\d")  # lists, tuples, red@0, line -1
WORDS = re.compile(r"'?[A-Za-z_][\w:]*'?")
LABEL = re.compile(r"^\s*(\d+\s+)?(-- .*, turn of )?P\d+ [^:\[]*\[[^\]]*\]( \(you\))?(:| --)")
COMMAND = re.compile(r"`[^`]*`|Legal: .*$", re.MULTILINE)


def bad(text: str, commands: bool = False) -> str | None:
    """What in `text` is not words (None: nothing): a Python value (brackets, braces, a tuple, a
    quoted name, None, True, False), an engine name (snake_case, a routine's local, a card's
    notation such as double:red) or an old cryptic form (red@0, line -1). With `commands`, the
    notation's commands (in backticks and after "Legal:") are allowed: they are what a person
    types."""
    if commands:
        text = COMMAND.sub("", text)
    m = SIGNS.search(text)
    if m is not None:
        return m.group(0)
    for word in WORDS.findall(text):
        quoted = len(word) > 2 and word[0] == word[-1] == "'"
        if quoted or word in ENGINE_NAMES or "_" in word or ":" in word.strip(":'"):
            return word
    return None


def check(lines: list[str], where: str) -> int:
    """Scan the lines at once; name the first bad one."""
    if bad("\n".join(lines)) is not None:
        line = next(x for x in lines if bad(x) is not None)
        raise AssertionError(f"{where}: {bad(line)!r} in {line!r}")
    return len(lines)


def _games() -> Iterator[tuple[int, int, dict[str, Any]]]:
    for i in range(GAMES):
        yield 1 + i % 4, 50_000 + i, {"discoveries": i % 3 == 1, "talents": i % 3 == 2}


#: commands that are often not legal: `why` must say which condition fails
PROBES = (
    *ACTIONS,
    "fig red",
    "fig blue",
    "card red",
    "card wild",
    "double green",
    "step 3",
    "step 17",
    "shard sun",
    "drop",
    "reroll 0",
    "reroll 9",
    "roll",
    "hit tribe",
    "hit wind",
    "adapt wild",
    "adapt deck",
    "line 0",
    "line 3",
    "place red 0",
    "place blue 20",
    "remove green",
    "swap red blue",
    "direct tribe 0",
    "talent trap",
    "token red green",
    "put 4",
    "use trap 4",
    "start red red",
    "pass",
)


def test_every_line_of_random_games_is_words() -> None:
    rng = random.Random(7)
    lines = whys = games = 0
    purposes: set[str] = set()
    kinds: set[str] = set()
    for players, seed, options in _games():
        games += 1
        state = GAME.new_state(GAME.make_config(players, seed, options))
        play = random.Random(seed)
        for step in range(MAX_STEPS):
            if state.is_terminal:
                break
            seat = state.to_move
            legal = state.legal_actions()
            purposes.add(purpose_of(state))
            where = f"{players} clans, seed {seed}, step {step}"
            shown = [GAME.text.describe_in(state, a) for a in legal]
            if step % 3 == 0:
                shown += GAME.text.view(state, seat, "full" if step % 12 == 0 else "compact")
            if step % 24 == 0:
                shown += GAME.text.view(state, None, "full") + GAME.text.view(state, seat, "portal")
            lines += check(shown, where)
            text = (
                GAME.text.command_text(legal[rng.randrange(len(legal))]) if step % 2 else rng.choice(PROBES)
            )
            answer = GAME.text.why(state, text)
            whys += 1
            assert "legal now" in answer and bad(answer, commands=True) is None, (
                f"{where}, why {text}: {bad(answer, True)!r} in {answer!r}"
            )
            assert "is not legal now" not in answer or len(answer.split(": ", 1)[1]) > 20
            action = legal[play.randrange(len(legal))]
            state.apply(action)
            kinds.update(e[0] for e in state.log)
            told: list[str] = []
            for viewer in (*range(players), -1):
                told += (GAME.text.narrate(state, seat, action, viewer) or "").splitlines()
                told.append(GAME.text.describe_in(state, event_for(state, seat, action, viewer)))
            lines += check(told, where)
    assert games == GAMES and lines > 100_000 and whys > 10_000
    assert purposes == set(values(Purpose)) - {"line"}, purposes  # line: test_the_line_decision...
    unseen = set(values(HappeningKind)) - kinds - set(RARE) - _without_their_talent()
    assert not unseen, unseen


#: happenings random games seldom reach, with values of the engine's form (see the guide's events)
RARE = {
    "activation_failed": [1, 2, 12],
    "protection_bonus": [0, 0, 2],
    "adapt_none": [2, 1],
    "tribe_stay": [10, 2],
    "summon_blocked": [7, 2],
    "draw_stopped": [1, 3],
    "shard_dropped": [0, "green", 5],
    "spirit_stay": [1, 0],
}


#: the happenings only a talent brings (a data set without that talent never shows them)
TALENT_HAPPENINGS = {
    "trail_lock": {"trail_locked"},
    "spirit_block": {"summon_blocked"},
    "protection": {"protection", "protected", "protection_bonus"},
    "trap": {"trap"},
    "bait": {"bait", "bait_hold"},
}


def _without_their_talent() -> set[str]:
    talents = load().talents.names
    return {k for name, kinds in TALENT_HAPPENINGS.items() if name not in talents for k in kinds}


def test_every_kind_of_happening_has_its_sentence() -> None:
    for kind, v in RARE.items():
        for viewer in (0, 1, -1):
            text = happening_text(Happening(kind, v), viewer, standin())
            assert text and "something happened" not in text and bad(text) is None, (kind, text)
    second = load().clans.names[1]  # a plural name ("the Bisons draw")
    assert happening_text(Happening("draw", [1, None]), 0, standin()) == f"The {second} draw a card"
    assert happening_text(Happening("draw", [0, "double:red"]), 0, standin()) == "You draw double red"
    centre = standin().centre
    assert "the centre" in happening_text(Happening("move", [2, "green", 4, centre]), 0, standin())


def test_the_line_decision_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one decision random games never reach: two portal lines ready in one territory (a
    scenario on the stand-in's map and portal)."""
    monkeypatch.setattr(machine, "_begin", lambda g: None)
    g = machine.new_game(MammothodusConfig(players=1, seed=5))
    machine.apply(g, machine.legal_actions(g)[0])
    g.phase, g.active, g.turn, g.stack, g.log = Phase.PLAY, 0, 1, [], []
    g.portal, g.portal_open = [1, 2, 3, 4, 5, 6, 7, 8], 2  # line 1: star + wave; line 2: wave + sun
    clan = g.clans[0]
    clan.figurines = [OFF, 12, OFF, OFF]  # the green figurine in T12
    clan.deck += clan.hand
    clan.hand = [clan.deck.pop(clan.deck.index(c)) for c in ("blue", "red")]
    for kind in ("star", "wave", "sun"):
        i = next(
            i for i, k in enumerate(g.shard_type) if load().shards.types[k] == kind and g.shard_at[i] != 12
        )
        g.shard_at[i], g.shard_open[i] = 12, True
    g.stack = [Frame("ancients", 0)]
    machine._run(g)
    g.apply(ChooseAction("activate"))
    g.apply(Figurine("green"))
    assert g.pending.purpose == "line" and g.legal_actions() == [Line(1), Line(2)]
    shown = GAME.text.view(g, 0, "full") + GAME.text.view(g, 0, "decision")
    assert check(shown, "the line decision") and any("portal line whose place of power" in x for x in shown)
    assert any("line 1: needs shards star + wave" in x and "shards in place now in T12" in x for x in shown)
    legal, wrong = GAME.text.why(g, "line 2"), GAME.text.why(g, "line 0")
    assert "is legal now" in legal and "M46" in legal and bad(legal, commands=True) is None
    assert "T12 does not meet every condition of line 0" in wrong and bad(wrong, commands=True) is None
    g.apply(Line(2))
    g.apply(Card("red"))
    told = GAME.text.narrate(g, 0, Card("red"), 0) or ""
    assert "You activate the place of power of portal line 2 in T12" in told and bad(told) is None


def test_the_old_cryptic_forms_are_caught() -> None:
    for line in (
        "humans of P0: color red, jobs (('tribes', 10, 1),), i 1, moved False",
        "fig 1, at 0, own ('green',)",
        "reroll: 0, [1], [4, 1, 3]",
        "P0 Mammoths: figurines red@0 green@- ",
        "line 0: region N + star  [not yet]",
        "start: 0, ['green', 'yellow']",
        "human_card: new_trail",
        "draws None",
        "plays double:red",
    ):
        assert bad(line) is not None, line
    assert bad("You play double red on your green figurine; population -2") is None
    assert bad("why: `card double:red` is legal. Legal: card extra:red or pass.", commands=True) is None


# ---------------------------------------------------------------------------- the real commands
def test_a_person_leading_every_clan_sees_every_hand_and_is_taught() -> None:
    script = "\n".join(["start red green", "start green blue", "start yellow blue", "map", "portal"])
    script += "\nwhy move\nwhy step 3\nwhy fig red\n" + "0\n" * 60 + "clans\nwhy pass\nquit\n"
    r = run_altay(["play", "--game", "mammothodus", "-p", "3", "--seat", "0-2=human", "--seed", "11"], script)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    tables = standin()
    assert f"hand {tables.data.limits.hand} cards" not in out, "a clan the person leads shows only its count"
    second = re.escape(tables.clan_names[1])
    assert re.search(rf"P1 {second} \(yours too\):.*hand [a-z]", out) and re.search(r"P2 .*hand [a-z]", out)
    t = next(t for t in range(tables.n) if t != tables.centre)
    assert f"next to {', '.join(tables.where(x) for x in tables.neighbours[t])}." in out  # the neighbours
    assert "Each line's place of power is activated in a territory that meets every condition" in out
    assert re.search(r"line 0: needs .*; possible in T\d+|line 0: ACTIVE|no territory meets", out)
    assert out.count("is not legal now:") + out.count("is legal now") >= 4
    for line in out.splitlines():
        assert bad(line, commands=True) is None or re.match(r"\s*\d+ ", line), line


def test_json_play_carries_the_team_hands() -> None:
    r = run_altay(
        ["play", "--game", "mammothodus", "-p", "2", "--seat", "0-1=human", "--seed", "3", "--json"],
        "start red green\nstate\nquit\n",
    )
    assert r.returncode == 0, r.stderr
    import json

    answers = [json.loads(x) for x in r.stdout.splitlines() if x.strip()]
    observations = [a["observation"] for a in answers if "observation" in a]
    assert observations and all(o["team_hands"] and len(o["team_hands"]) == 1 for o in observations)


@pytest.mark.parametrize(
    "log", ["mammothodus_2p_discoveries_mixed.jsonl", "mammothodus_4p_talents_discoveries.jsonl"]
)
def test_replay_show_is_words(log: str) -> None:
    for args in (["--show", "--board"], ["--show", "--seat", "1"]):
        r = run_altay(["replay", str(GOLDEN / log), *args], timeout=120)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert len(lines) > 300
        for line in lines:
            if line.startswith(("VALID", "Replay", "valid", "  log", "game ")) or "info:" in line:
                continue
            # the replay's generic seat label ("P0 greedy-0 [Mammoths]") and file paths are not the game's
            told = re.sub(r"\S*/\S*", "", LABEL.sub("", line))
            assert bad(told) is None, f"{bad(told)!r} in {line!r}"
