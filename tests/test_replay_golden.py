"""Golden game logs pin the rules down: every one must replay exactly, with invariants.

If a rules change makes one fail and the change is intended, regenerate them:
    python -m tests.golden.regenerate
then review `git diff --stat tests/golden` and commit the new logs with the change.
"""

from __future__ import annotations

import pytest

from altay_cli.engine import load_game
from altay_cli.replay import replay_log
from tests.golden.playthrough import HERE as PLAYTHROUGH_DIR
from tests.golden.playthrough import PLAYTHROUGHS, playthrough_text
from tests.golden.playthrough import REGENERATE as PLAYTHROUGH_REGENERATE
from tests.golden.regenerate import GOLDENS, REGENERATE, golden_bytes
from tests.play_helpers import GOLDEN

#: every golden game is a whole one: at least this many decisions
MIN_DECISIONS = {"altay": 300, "innovation": 100, "mammothodus": 250}


def decision_kinds(file: str) -> set[str]:
    """The action types of a golden log's decisions."""
    kinds = set()
    for line in (GOLDEN / file).read_text().splitlines():
        if line.startswith('{"type":"decision"'):
            kinds.add(line.split('"action":{"type":"', 1)[1].split('"', 1)[0])
    return kinds


def result_line(file: str) -> dict:
    import json

    return json.loads((GOLDEN / file).read_text().splitlines()[-1])


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.file for g in GOLDENS])
def test_golden_log_replays_exactly(golden) -> None:
    path = GOLDEN / golden.file
    assert path.exists(), f"missing golden log {path}; create it with `{REGENERATE}`"
    verdict = replay_log(path, strict=True)
    assert verdict.ok, (
        f"golden log {golden.file} ({golden.note}) no longer replays: {verdict.message}\n"
        f"divergence: {verdict.divergence.to_dict() if verdict.divergence else None}\n"
        f"If this rules change is intended, regenerate the golden logs with `{REGENERATE}` "
        "and commit them with the change."
    )
    assert verdict.result is not None and verdict.result.finished
    assert len(verdict.decisions) > MIN_DECISIONS[golden.game]
    if golden.game == "mammothodus":  # a natural end, never the turn-limit adjudication (M62)
        assert verdict.result.end_reason != "turn_limit"


@pytest.mark.parametrize(
    ("game", "counts"), [("altay", [2, 3, 4]), ("innovation", [2, 3, 4]), ("mammothodus", [1, 2, 4])]
)
def test_goldens_cover_every_player_count(game: str, counts: list[int]) -> None:
    configs = [g.config for g in GOLDENS if g.game == game]
    assert sorted(c.players for c in configs) == counts


def test_goldens_cover_every_player_count_and_trading() -> None:
    configs = [g.config for g in GOLDENS if g.game == "altay"]
    assert sorted(c.players for c in configs) == [2, 3, 4]
    assert any(c.trading for c in configs)
    kinds = set().union(*(decision_kinds(g.file) for g in GOLDENS if g.game == "altay"))
    # the goldens exercise setup choices, combat on both sides, the display and the variant
    assert {"faction", "start", "play", "attack", "fight", "surrender", "buy", "develop", "trade"} <= kinds


#: Mammothodus decisions no golden game shows: `line` is asked only when two portal lines could
#: be activated in one territory, which the stand-in portal allows only while fragments 1-4 are
#: the open ones (distinct regions and colours otherwise): none of thousands of games scanned
#: reached it. Its scenario test is in test_mammothodus_ancients.py.
MAMMOTHODUS_UNREACHED = {"line"}


def test_mammothodus_goldens_cover_clans_options_outcomes_and_decisions() -> None:
    from typing import get_args

    from altay_cli.engine.mammothodus.actions import AnyAction
    from altay_cli.engine.mammothodus.state import ACTIONS

    goldens = [g for g in GOLDENS if g.game == "mammothodus"]
    configs = [g.config for g in goldens]
    assert sorted(c.players for c in configs) == [1, 2, 4]
    assert any(c.players == 1 and not (c.discoveries or c.talents) for c in configs)  # the basic game
    assert any(c.discoveries and not c.talents for c in configs)
    assert any(c.players == 4 and c.talents and c.discoveries for c in configs)
    assert all(c.max_turns == 400 for c in configs)  # the default: games end by the rules
    teams = {result_line(g.file)["team"] for g in goldens}
    assert teams == {"won", "lost"}
    kinds = set().union(*(decision_kinds(g.file) for g in goldens))
    every = {cls.__struct_config__.tag for cls in get_args(AnyAction)}
    # set-up (figurines, talents), the six actions and their cards, moves with shards, re-rolls,
    # hits, adaptation, the generation change, directing humans, allies' help, talent tokens
    assert kinds == every - MAMMOTHODUS_UNREACHED, sorted(every - MAMMOTHODUS_UNREACHED - kinds)
    chosen = set()
    for g in goldens:
        text = (GOLDEN / g.file).read_text()
        chosen |= {a for a in ACTIONS if f'"action":{{"type":"action","action":"{a}"}}' in text}
    assert chosen == set(ACTIONS)  # move, attack, population, development, degradation, activate


def test_regenerating_writes_a_log_that_replays(tmp_path) -> None:
    golden = GOLDENS[1]
    path = tmp_path / golden.file
    path.write_bytes(golden_bytes(golden))
    assert replay_log(path).ok


def test_golden_logs_are_current() -> None:
    """Writing the golden games again gives the committed bytes: a change to the rules or to the
    log format shows up as a diff in review (regenerate it on purpose, never by accident)."""
    for golden in GOLDENS:
        assert (GOLDEN / golden.file).read_bytes() == golden_bytes(golden), f"run `{REGENERATE}`"


@pytest.mark.parametrize(
    "name", ["2p_greedy_choose.jsonl", "3p_trading_recommended.jsonl", "4p_mixed_choose.jsonl"]
)
@pytest.mark.parametrize("era", ["v1", "v2"])
def test_older_logs_still_replay_as_altay(era: str, name: str) -> None:
    """Logs from before logs named their game (format 1, and format 2 without `game`) are Altay's."""
    verdict = replay_log(GOLDEN / era / name, strict=True)
    assert verdict.ok, verdict.message
    assert verdict.header is not None and verdict.header.game == "altay"


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.file for p in PLAYTHROUGHS])
def test_playthroughs_are_current(playthrough) -> None:
    """What every seat saw at every decision of a short game of each game, as committed."""
    path = PLAYTHROUGH_DIR / playthrough.file
    assert path.exists(), f"missing {path}; run `{PLAYTHROUGH_REGENERATE}`"
    assert path.read_text(encoding="utf-8") == playthrough_text(playthrough), (
        f"{playthrough.file} changed: what a seat sees, or the rules, changed. If intended, run "
        f"`{PLAYTHROUGH_REGENERATE}` and review the diff"
    )


def test_every_registered_game_has_a_playthrough() -> None:
    """Every game, the test's toy included; the viewer tests' `toy-drawn` is the toy's rules with a
    drawing of its own (registered when tests.view_helpers is imported, as here)."""
    from altay_cli.engine import game_names
    from tests.view_helpers import TOY_DRAWN

    assert {p.game for p in PLAYTHROUGHS} == set(game_names()) - {TOY_DRAWN}


#: format-2 goldens whose game changed its rules since (a new engine version): replay cannot
#: vouch for them any more and must say why (the engine version that wrote them, and its own)
RULES_CHANGED_SINCE_FORMAT_2 = {
    "mammothodus_1p_greedy.jsonl": "mammothodus-2: M26 and M44 follow the rulebook (issue 22)",
    "mammothodus_2p_discoveries_mixed.jsonl": "mammothodus-2: M26 and M44 follow the rulebook (issue 22)",
}


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.file for g in GOLDENS])
def test_format_2_logs_of_the_previous_release_still_replay(golden) -> None:
    """The same games as the format-2 writer wrote them (kept in format2/, never regenerated):
    every log a previous release wrote still replays, strictly, unless its game's rules changed
    since; then replay names both engine versions in its verdict."""
    path = GOLDEN / "format2" / golden.file
    verdict = replay_log(path, strict=True)
    if golden.file in RULES_CHANGED_SINCE_FORMAT_2:
        assert not verdict.ok and verdict.header is not None
        now = load_game(verdict.header.game).kind.version
        assert verdict.header.engine_version != now
        assert f"engine {verdict.header.engine_version}, this is engine {now}" in verdict.message
        return
    assert verdict.ok, verdict.message
    assert verdict.header is not None and verdict.header.format_version == 2
    assert (
        verdict.result is not None
        and verdict.result.final_digest == replay_log(GOLDEN / golden.file).result.final_digest
    )
