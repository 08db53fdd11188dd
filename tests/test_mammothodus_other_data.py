"""Mammothodus with another data file: tests/data/mammothodus/other.json, a deliberately different
but consistent data set (25 territories around centre T5 in three regions and three rings, three
places of power, other clans, spirits, decks and limits, a dice cap, three starting figurines,
a centre that acts on every human card), and variants of it made here: five places of power, one
place of power, and a small one (three clans, one starting figurine, a cap of two dice).

What it proves: the engine reads every number and shape from the game's own data, not from the
stand-in: 500 seeded random games keep every invariant and name things as the data does; a win
needs every place of power the data lists; the conformance suite passes; two data sets play side
by side in one process; the team bot plays (and wins) it; and through the command line `--data
FILE` plays, is recorded whole in the log (which replays, shows and draws without --data), is
checked by check-bot and refused with one sentence when broken.

Run time: about a minute and a half on two busy cores (the random games about half of it).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

import tests.test_conformance as conformance
from altay_cli.engine import ConfigError, load_game
from altay_cli.engine.mammothodus import ops
from altay_cli.engine.mammothodus.data import DATA_FILE, Cell, DataFile, load, parse
from altay_cli.engine.mammothodus.game import END_REASONS, MammothodusGame
from altay_cli.engine.mammothodus.state import MammothodusConfig, Phase, Result
from altay_cli.replay import VALID, replay_log
from tests.play_helpers import REPO, run_altay

GAME = load_game("mammothodus")
OTHER_FILE = REPO / "tests" / "data" / "mammothodus" / "other.json"
OTHER = parse(OTHER_FILE.read_bytes())
STAND_IN = load()
replace = msgspec.structs.replace

#: each portal line's colour cell in the variants (line j: region j % 3 and this colour)
LINE_COLOURS = ("blue", "red", "yellow", "green", "blue")


def places_variant(d: DataFile, k: int) -> DataFile:
    """`d` with k places of power: every fragment gets one cell per line, in the pattern of
    other.json (shards rotated, line j in region j % 3 with colour LINE_COLOURS[j])."""
    types = d.shards.types
    regions = d.map.regions

    def cells(first: Cell) -> tuple[Cell, ...]:
        if first.shard is not None:
            start = types.index(first.shard)
            return tuple(Cell(shard=types[(start + j) % len(types)]) for j in range(k))
        if first.region is not None:
            return tuple(Cell(region=regions[j % len(regions)]) for j in range(k))
        return tuple(Cell(color=LINE_COLOURS[j]) for j in range(k))  # type: ignore[arg-type]

    fragments = tuple(replace(f, lines=cells(f.lines[0])) for f in d.portal.fragments)
    return replace(
        d,
        portal=replace(d.portal, fragments=fragments),
        limits=replace(d.limits, places_of_power=k),
    )


def checked(d: DataFile) -> DataFile:
    """The variant as the loader reads it: validated like a file given with --data."""
    return parse(msgspec.json.encode(d))


FIVE = checked(places_variant(OTHER, 5))
ONE = checked(places_variant(OTHER, 1))
SMALL = checked(
    replace(
        OTHER,
        clans=replace(OTHER.clans, names=("Wolves", "Elks", "Cave Lions")),
        limits=replace(OTHER.limits, figurines_at_start=1, hand=3),
        dice=replace(OTHER.dice, cap=2),
        map=replace(OTHER.map, centre_activates=False),
        talents=replace(OTHER.talents, tokens=1),
    )
)
DATA_SETS = {"other": OTHER, "five places": FIVE, "one place": ONE, "small": SMALL}


def config(d: DataFile, players: int, seed: int, **options: Any) -> MammothodusConfig:
    return GAME.make_config(players, seed, {"data": d, **options})


# ---------------------------------------------------------------------------- the data itself
def test_other_data_is_valid_and_differs_from_the_stand_in_everywhere_it_can() -> None:
    o, s = OTHER, STAND_IN
    assert len(o.map.territories) == 25 != len(s.map.territories)
    assert o.map.centre == 5 != s.map.centre and o.map.centre_activates != s.map.centre_activates
    assert set(o.map.regions).isdisjoint(s.map.regions) and len(o.map.regions) == 3
    assert {t.ring for t in o.map.territories}.isdisjoint({t.ring for t in s.map.territories})
    assert o.limits.places_of_power == 3 != s.limits.places_of_power
    assert set(o.clans.names).isdisjoint(s.clans.names)
    assert {x.name for x in o.spirits.cards}.isdisjoint({x.name for x in s.spirits.cards})
    assert o.clan_deck.cards != s.clan_deck.cards and o.human_deck.cards != s.human_deck.cards
    assert len(o.adaptation.cards) != len(s.adaptation.cards) and o.adaptation.market != s.adaptation.market
    assert o.degradation.cards != s.degradation.cards and o.population != s.population
    assert o.limits.figurines_at_start != s.limits.figurines_at_start and o.dice.cap != s.dice.cap
    assert [f.id for f in o.portal.fragments] != [f.id for f in s.portal.fragments]
    assert (FIVE.limits.places_of_power, ONE.limits.places_of_power) == (5, 1)


def test_a_config_carries_its_data_and_the_stand_in_keeps_its_form() -> None:
    plain = GAME.make_config(2, 1)
    assert plain.data is None and "data" not in GAME.config_to_builtins(plain)
    assert GAME.config_to_builtins(plain) == {
        "players": 2,
        "discoveries": False,
        "talents": False,
        "max_turns": 400,
    }
    # the bundled file given explicitly is the stand-in: such a game's log is the stand-in's
    assert GAME.make_config(2, 1, {"data": str(DATA_FILE)}).data is None
    own = GAME.make_config(2, 1, {"data": str(OTHER_FILE)})
    assert own.data == OTHER and GAME.config_to_builtins(own)["data"] == msgspec.to_builtins(OTHER)
    back = GAME.config_from_builtins(json.loads(json.dumps(GAME.config_to_builtins(own))), 1)
    assert back == own
    assert GAME.static_info(own).data == OTHER and GAME.static_info(plain).data == STAND_IN
    assert GAME.deals.config_roles(own) == ["Wolves", "Elks"]
    with pytest.raises(ConfigError, match="1 to 3 clans"):
        config(SMALL, 4, 1)


# ---------------------------------------------------------------------------- random games
GAMES = 500
CHECK_WORDS_EVERY = 9


def _game_plan() -> list[tuple[str, int, int, bool, bool]]:
    """(data set, clans, seed, discoveries, talents) of the 500 games: 200 on other.json, 150
    with five places, 50 with one, 100 on the small data set; clans 1 to the most the data
    names; a half with discoveries, a third with talents."""
    shares = [("other", 200), ("five places", 150), ("one place", 50), ("small", 100)]
    plan = []
    for name, n in shares:
        clans = len(DATA_SETS[name].clans.names)
        for i in range(n):
            seed = 7_000 + len(plan)
            plan.append((name, 1 + i % clans, seed, i % 2 == 0, i % 3 == 0))
    return plan


def _centre_named_by_number(text: str, centre: int) -> bool:
    return re.search(rf"\bT{centre}\b", text) is not None


def test_500_random_games_keep_every_invariant_and_speak_the_datas_names() -> None:
    ends: Counter[str] = Counter()
    worded = 0
    for name, clans, seed, discoveries, talents in _game_plan():
        d = DATA_SETS[name]
        cfg = config(d, clans, seed, discoveries=discoveries, talents=talents)
        state = GAME.new_state(cfg)
        tables = state.tables
        assert state.data is d or state.data == d
        assert len(state.tribes) == len(d.map.territories) and len(state.places) == d.limits.places_of_power
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            seat = state.to_move
            state.apply(action)
            step += 1
            bad = GAME.check_invariants(state)
            assert not bad, f"{name}, {clans} clans, seed {seed}, step {step}: {bad}"
            if step % CHECK_WORDS_EVERY == 0 and seat is not None:
                viewer = step % clans
                text = [
                    *GAME.text.view(state, viewer, "full"),
                    *GAME.text.view(state, None, "compact"),
                    GAME.text.narrate(state, seat, action, viewer) or "",
                    GAME.text.describe_in(state, action),
                    GAME.text.seat_label(state, seat),
                ]
                if not state.is_terminal:
                    probe = GAME.text.command_text(state.legal_actions()[0])
                    text.append(GAME.text.why(state, probe))
                for line in text:
                    assert not _centre_named_by_number(line, tables.centre), (name, seed, line)
                    assert "Mammoths" not in line and "Bisons" not in line, (name, seed, line)
                worded += 1
            assert step < 20_000, "runaway game"
        outcome = GAME.outcome(state)
        assert outcome.finished and outcome.end_reason in END_REASONS
        if state.result is Result.WON:
            assert all(t >= 0 for t in state.places) and outcome.scores[0]["total"] == len(state.places)
            assert all(tables.centre in clan.figurines for clan in state.clans)
        ends[f"{name}: {outcome.end_reason}"] += 1
    assert sum(ends.values()) == GAMES and worded > 2_000
    # the data's own limits end games: each data set's games end in more than one way
    for name in DATA_SETS:
        assert len([k for k in ends if k.startswith(f"{name}:")]) >= 2, ends


def test_a_win_needs_every_place_of_power_the_data_lists() -> None:
    for d in (ONE, OTHER, FIVE):
        state = GAME.new_state(config(d, 2, 3))
        for _ in range(2):  # both clans' starting figurines
            state.apply(state.legal_actions()[0])
        assert state.phase is not Phase.SETUP or state.is_terminal
        centre = state.tables.centre
        for clan in state.clans:
            assert centre in clan.figurines
        lines = d.limits.places_of_power
        spots = [t.id for t in d.map.territories if t.id != centre][:lines]
        for line in range(lines - 1):
            state.places[line] = spots[line]
            ops.check_win(state)  # not every place yet: nothing happens
            assert state.result is None
        state.places[lines - 1] = spots[lines - 1]
        with pytest.raises(ops.GameEnded):
            ops.check_win(state)
        assert state.result is Result.WON and state.end_reason == "portal_opened"


def test_two_data_sets_play_side_by_side_in_one_process() -> None:
    """Interleaved steps of a stand-in game and an other.json game end exactly as each alone."""

    def alone(cfg: MammothodusConfig, seed: int) -> list[str]:
        state = GAME.new_state(cfg)
        rng = random.Random(seed)
        digests = []
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            digests.append(state.digest())
        return digests

    pairs = [(GAME.make_config(3, 11), 1), (config(OTHER, 3, 11), 2), (config(FIVE, 2, 5), 3)]
    expected = [alone(cfg, seed) for cfg, seed in pairs]
    states = [GAME.new_state(cfg) for cfg, _ in pairs]
    rngs = [random.Random(seed) for _, seed in pairs]
    seen: list[list[str]] = [[] for _ in pairs]
    while not all(s.is_terminal for s in states):
        for i, state in enumerate(states):
            if not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rngs[i].randrange(len(legal))])
                seen[i].append(state.digest())
    assert seen == expected
    assert states[0].tables is not states[1].tables and states[0].tables.centre != states[1].tables.centre


def test_states_with_data_round_trip_and_their_digests_name_the_data() -> None:
    state = GAME.new_state(config(OTHER, 2, 9))
    rng = random.Random(9)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    data = json.loads(json.dumps(state.to_dict()))
    assert data["config"]["data"]["map"]["centre"] == 5
    again = GAME.state_from_dict(data)
    assert again.digest() == state.digest() and again.legal_actions() == state.legal_actions()
    assert again.tables is state.tables  # one set of tables per data content
    data["config"]["data"]["map"]["adjacency"].append([0, 99])  # a saved state's data is checked too
    with pytest.raises(ValueError, match="not a Mammothodus state"):
        GAME.state_from_dict(data)
    twin = GAME.new_state(config(FIVE, 2, 9))
    assert twin.digest() != GAME.new_state(config(OTHER, 2, 9)).digest()


# ---------------------------------------------------------------------------- conformance
class OtherDataGame(MammothodusGame):
    """Mammothodus whose configurations default to other.json (for the conformance suite)."""

    def make_config(self, players: int, seed: int, options: Any = None) -> MammothodusConfig:
        return super().make_config(players, seed, {"data": OTHER, **(options or {})})


_SAMPLES: dict[str, list[Any]] = {}


def _other_samples(name: str, wanted: int = 1200) -> list[Any]:
    """conformance.sampled_states for OtherDataGame: states of random games at 1-4 clans."""
    if name not in _SAMPLES:
        game = OtherDataGame()
        picker = random.Random("other")
        states: list[Any] = []

        def keep(state: Any, n: int) -> None:
            if picker.randrange(conformance.SAMPLE_EVERY) == 0:
                states.append(state.clone())

        seed = 0
        while len(states) < wanted:
            cfg = game.make_config(1 + seed % 4, 7919 * seed + 1, {"talents": seed % 3 == 0})
            conformance.playout(game, cfg, seed=seed, visit=keep)
            seed += 1
        _SAMPLES[name] = states
    return _SAMPLES[name]


CONFORMANCE = [
    conformance.test_random_playouts_at_every_player_count,
    conformance.test_a_forfeit_ranks_the_seat_last_and_ends_unfinished,
    conformance.test_same_seed_and_actions_give_the_same_digests,
    conformance.test_states_round_trip_through_json,
    conformance.test_an_illegal_action_leaves_the_state_unchanged,
    conformance.test_legal_actions_are_in_canonical_form,
    conformance.test_clones_are_independent,
    conformance.test_observations_ignore_what_a_seat_may_not_see,
    conformance.test_events_tell_a_seat_only_its_due,
    conformance.test_notation_round_trip,
    conformance.test_notation_errors_are_precise,
    conformance.test_every_message_validates_against_the_games_schema,
    conformance.test_every_log_replays,
]


@pytest.mark.parametrize("check", CONFORMANCE, ids=[c.__name__ for c in CONFORMANCE])
def test_the_conformance_suite_passes_on_other_data(
    check: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(conformance, "sampled_states", _other_samples)
    game = OtherDataGame()
    if "tmp_path" in check.__code__.co_varnames[: check.__code__.co_argcount]:
        check(game, tmp_path)
    else:
        check(game)


# ---------------------------------------------------------------------------- the team bot
def test_the_team_bot_plays_other_data_and_wins_some(monkeypatch: pytest.MonkeyPatch) -> None:
    import bots.mammothodus_team as team
    from altay_cli.policies import make_policy

    monkeypatch.setattr(team, "STRICT", True)  # anything it does not understand fails the test
    results: Counter[str] = Counter()
    for d, games in ((OTHER, 12), (FIVE, 8)):
        for seed in range(games):
            clans = 1 + seed % 4
            state = GAME.new_state(config(d, clans, 500 + seed, talents=seed % 3 == 1))
            players = [make_policy("greedy", GAME, seed * 10 + i) for i in range(clans)]
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[players[state.to_move].choose(state, legal)])
            assert not GAME.check_invariants(state)
            results[f"{d.limits.places_of_power}: {state.result}"] += 1
    assert results["3: won"] >= 3, results  # it wins on other.json (16 of 24 in a longer run)
    assert sum(results.values()) == 20


# ---------------------------------------------------------------------------- the command line
def _one_sentence_error(r: Any) -> str:
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    error = [line for line in r.stderr.splitlines() if line.startswith("Error:")]
    assert len(error) == 1, r.stderr
    return error[0]


def test_match_records_the_data_and_replay_show_and_view_use_it_without_data(tmp_path: Path) -> None:
    log = tmp_path / "other.jsonl"
    bot = f"python3 {REPO / 'bots' / 'greedy_bot.py'}"
    args = ["match", "--game", "mammothodus", "--data", str(OTHER_FILE), bot, bot, bot]
    r = run_altay([*args, "--log", str(log), "--json"], timeout=300)
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["factions"] == ["Wolves", "Elks", "Cave Lions"]
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["config"]["data"] == json.loads(msgspec.json.encode(OTHER))  # the whole data set
    verdict = replay_log(log, strict=True)  # re-simulated with the data the log carries
    assert verdict.status == VALID, verdict.message
    r = run_altay(["replay", str(log), "--show", "--board"], timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Wolves" in r.stdout and "Region Tundra:" in r.stdout and "Mammoths" not in r.stdout
    assert not _centre_named_by_number(r.stdout, 5) and "the centre" in r.stdout
    page = tmp_path / "other.html"
    r = run_altay(["view", str(log), "-o", str(page)], timeout=120)
    assert r.returncode == 0 and page.stat().st_size > 10_000, r.stderr


def test_play_with_data_saves_a_log_that_loads_without_it(tmp_path: Path) -> None:
    saved = tmp_path / "saved.jsonl"
    args = ["play", "--game", "mammothodus", "--data", str(OTHER_FILE), "-p", "2", "--seat", "1=greedy"]
    r = run_altay([*args, "--seed", str(2**50)], stdin=f"map\nstart red green blue\nsave {saved}\nquit\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Region Tundra:" in out and "Region Taiga:" in out and "P0 Wolves (you)" in out
    assert "start red green blue" in out and "three figurines that start in the centre" in out
    assert "Mammoths" not in out and not _centre_named_by_number(out, 5)
    r = run_altay(["play", "--load", str(saved)], stdin="clans\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "P1 Elks" in r.stdout and "Mammoths" not in r.stdout


def test_rules_check_bot_and_an_arena_read_the_data(tmp_path: Path) -> None:
    r = run_altay(["rules", "--game", "mammothodus", "--data", str(OTHER_FILE)])
    assert r.returncode == 0 and "25 territories" in r.stdout and "all 3 places of power" in r.stdout
    r = run_altay(["rules", "--game", "mammothodus", "--data", str(OTHER_FILE), "--json"])
    assert json.loads(r.stdout)["data"] == json.loads(msgspec.json.encode(OTHER))
    r = run_altay(["check-bot", "--game", "mammothodus", "--data", str(OTHER_FILE), "random"], timeout=300)
    assert r.returncode == 0 and "FAIL" not in r.stdout, r.stdout
    # three clan names: games of 1 to 3 clans (check-bot's several seats at 3, a 4th bot refused)
    three = tmp_path / "three.json"
    three.write_bytes(
        msgspec.json.encode(replace(OTHER, clans=replace(OTHER.clans, names=OTHER.clans.names[:3])))
    )
    r = run_altay(["check-bot", "--game", "mammothodus", "--data", str(three), "random"], timeout=300)
    assert r.returncode == 0 and "several seats    3 players" in r.stdout, r.stdout
    error = _one_sentence_error(
        run_altay(["match", "--game", "mammothodus", "--data", str(three), *["random"] * 4])
    )
    assert "1 to 3 players" in error
    out = tmp_path / "arena"
    args = ["arena", "--game", "mammothodus", "--data", str(OTHER_FILE), "a=random", "b=random 9"]
    r = run_altay([*args, "-p", "2", "--games", "2", "-j", "2", "--out", str(out), "--json"], timeout=300)
    assert r.returncode == 0, r.stderr
    board = json.loads(r.stdout)
    assert board["arena"]["roles"] == list(OTHER.clans.names), board["arena"]  # the data's clans
    r = run_altay(["arena", "verify", str(out)], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_bad_data_file_is_one_sentence_and_exit_2_before_any_game(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    raw = json.loads(OTHER_FILE.read_text(encoding="utf-8"))
    raw["map"]["centre"] = "five"
    broken.write_text(json.dumps(raw), encoding="utf-8")
    missing = tmp_path / "missing.json"
    for path in (broken, missing, tmp_path):
        data = ["--game", "mammothodus", "--data", str(path)]
        for command in (
            ["rules", *data],
            ["match", *data, "random", "random"],
            ["play", *data, "-p", "1"],
            ["check-bot", *data, "random"],
            ["demo", *data, "-p", "2"],
        ):
            error = _one_sentence_error(run_altay(command, stdin="quit\n"))
            assert str(path) in error, (command, error)
    error = _one_sentence_error(run_altay(["rules", "--game", "altay", "--data", str(OTHER_FILE)]))
    assert "--data is not an option of altay" in error
