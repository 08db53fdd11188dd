"""The reference search bot (bots/search_bot.py): a subprocess through the real referee, its
clock discipline, and its search on its own. Strength against greedy is measured, not tested
(see bots/README.md): a handful of games cannot tell it reliably in a test's time."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import Decision, read_log
from altay_cli.referee import BotSpec, MatchOptions, resolve_bot_command, run_match
from altay_cli.referee import sandbox as sb
from bots import search_bot

from .conftest import TOY_GAME
from .referee_helpers import assert_no_leak, marked

GAME = load_game("altay")


def _decisions(log: Path, seat: int) -> list[Decision]:
    return [d for d in read_log(log) if isinstance(d, Decision) and d.seat == seat]


def test_the_alias_runs_the_bundled_bot() -> None:
    argv = resolve_bot_command("search 3 --ms 20")
    assert argv[1].endswith("search_bot.py") and argv[2:] == ["3", "--ms", "20"]


def test_it_plays_a_whole_game_through_the_referee(tmp_path, monkeypatch) -> None:
    """Every answer is in range and legal (the referee checks it), every decision within its
    clock; decisions with a choice say what the search did."""
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("search", "search 1 --ms 40"), BotSpec("greedy", "greedy")],
        GameConfig(players=2, seed=11, max_rounds=8),
        MatchOptions(move_ms=10_000),  # the bot caps itself at 40 ms: a loaded machine cannot time it out
        log_path=log,
    )
    assert result.completed, result.failures
    assert not result.failures
    mine = _decisions(log, 0)
    assert len(mine) > 20
    assert all(d.status == "ok" and d.time_ms is not None for d in mine)
    infos = [d.info for d in mine if d.info]
    searched = [i for i in infos if "worlds" in i]
    # a loaded machine may leave a request no time to search at 40 ms: it says so
    assert all(i in searched or i.startswith("no time to search") for i in infos), infos
    assert len(searched) > len(infos) // 2, infos
    assert_no_leak(marker)


@pytest.mark.parametrize("move_ms", [50, 120])
def test_it_keeps_a_tiny_clock(tmp_path, monkeypatch, move_ms: int) -> None:
    """A tiny clock and no bank: no timeout, at 2 and 4 players (every seat a search bot).

    The clock charges CPU time where the machine can measure it (--clock cpu): four bots on a
    busy machine wait for a core, which a wall clock would charge them for."""
    marker = marked(monkeypatch, tmp_path)
    groups = sb.runtime().cgroups
    clock = "cpu" if groups is not None and groups.accounts_cpu else "wall"
    for players, seed in ((2, 21), (4, 22)):
        result = run_match(
            [BotSpec(f"search-{s}", f"search {s}") for s in range(players)],
            GameConfig(players=players, seed=seed, max_rounds=4),
            MatchOptions(move_ms=move_ms, clock=clock),
        )
        assert result.completed, result.failures
        assert not result.failures
    assert_no_leak(marker)


def test_it_answers_a_single_legal_action_at_once() -> None:
    """With one action there is nothing to search: answered without drawing a world."""
    config = GAME.make_config(2, 3, {"setup": "recommended"})
    state = GAME.new_state(config)
    bot = search_bot.SearchBot("0", None)
    seat = state.to_move
    bot.start(
        {
            "seat": seat,
            "game": msgspec.to_builtins(GAME.public_settings(config)),
            "kind": {"name": "altay"},
            "static": None,
        }
    )
    request = {
        "id": 1,
        "clock": {"move_ms": 10_000, "bank_ms": 0, "increment_ms": 0},
        "events": [],
        "actions": [msgspec.to_builtins(state.legal_actions()[0])],
        "observation": json.loads(msgspec.json.encode(state.observation(seat))),
    }
    assert bot.choose(request) == 0
    assert bot.search is not None and bot.search.playouts == 0  # nothing searched, no world drawn


def test_a_game_without_a_sampler_is_refused() -> None:
    """Every bundled game has a sampler; a registered game without one (the test suite's toy
    game) is refused at `hello`, with a sentence."""
    hello = {
        "type": "hello",
        "protocol_version": 1,
        "seat": 0,
        "num_players": 2,
        "name": "s",
        "game": {},
        "clock": {"move_ms": 1000, "bank_ms": 0, "increment_ms": 0, "startup_ms": 10000},
        "max_line_bytes": 1_000_000,
        "kind": {"name": TOY_GAME},
    }
    argv = resolve_bot_command("search")
    root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "ALTAY_GAMES": f"{TOY_GAME}=tests.toygame", "PYTHONPATH": root}
    proc = subprocess.run(
        argv, input=json.dumps(hello) + "\n", capture_output=True, text=True, timeout=60, env=env
    )
    assert proc.returncode == 2 and not proc.stdout
    assert f"{TOY_GAME} has none" in proc.stderr


@pytest.mark.parametrize(
    ("clock", "cap", "low", "high"),
    [
        ({"move_ms": 1000, "bank_ms": 0, "increment_ms": 0}, None, 0.3, 0.5),
        ({"move_ms": 1000, "bank_ms": 60_000, "increment_ms": 0}, None, 3.0, 4.0),
        ({"move_ms": 1000, "bank_ms": 0, "increment_ms": 0}, 100, 0.1, 0.1),
        ({"move_ms": 50, "bank_ms": 0, "increment_ms": 0}, None, 0.0, 0.0),
        ({"move_ms": None, "bank_ms": None, "increment_ms": None}, None, 1.0, 1.0),
    ],
)
def test_the_budget_is_a_safe_share_of_the_clock(clock, cap, low, high) -> None:
    assert low <= search_bot.budget_s(clock, cap) <= high


class TickingClock:
    """A stand-in for time.perf_counter that moves 1 ms at every read: the search's own reads of
    the clock decide how long it runs, whatever the machine's load (no wall time in the test)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.reads_after_deadline = 0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_the_search_keeps_its_deadline_and_answers_in_range(monkeypatch) -> None:
    """In process, from a belief fed like the bot's: each answer is a legal index, and the search
    stops at the first look at its clock past the deadline."""
    clock = TickingClock()
    real_choose = search_bot.Search.choose

    def watched(self, belief, n_actions: int, deadline: float):  # counts reads past the deadline
        def read() -> float:
            now = clock()
            if now >= deadline:
                clock.reads_after_deadline += 1
            return now

        monkeypatch.setattr(search_bot, "time", SimpleNamespace(perf_counter=read))
        try:
            return real_choose(self, belief, n_actions, deadline)
        finally:
            monkeypatch.setattr(search_bot, "time", time)

    monkeypatch.setattr(search_bot.Search, "choose", watched)
    config = GAME.make_config(3, 7)
    state = GAME.new_state(config)
    seat = 1
    belief = GAME.search.new_belief(msgspec.to_builtins(GAME.public_settings(config)), None, seat)
    search = search_bot.Search(GAME, seat, random.Random(0))
    pending: list[dict] = []
    rng = random.Random(7)
    asked = 0
    while not state.is_terminal and state.round <= 5:
        mover = state.to_move
        legal = state.legal_actions()
        if mover == seat:
            belief.update(json.loads(msgspec.json.encode(state.observation(seat))), pending)
            pending = []
            if len(legal) > 1:
                clock.reads_after_deadline = 0
                index, info = search.choose(belief, len(legal), clock.now + 0.02)
                assert clock.reads_after_deadline <= 2, info  # the playout and world loops each see it once
                # the bot says how fast it searched: its simulations per second
                assert "no time" in info or re.search(r"\d playouts \([\d,]+/s\)", info), info
                assert 0 <= index < len(legal)
                asked += 1
            else:
                index = 0
        else:
            index = GAME.search.playout_action(state, rng)
        action = legal[index]
        state.apply(action)
        seen = GAME.event_for(state, mover, action, seat)
        if seen is not None:
            pending.append({"seat": mover, "action": json.loads(msgspec.json.encode(seen))})
    assert asked > 10 and search.playouts > asked


def test_altays_playout_policy_is_the_greedy_heuristic() -> None:
    """`Game.search.playout_action` scores every action as bots/greedy.py does (on the observation)."""
    from altay_cli.engine.altay.actions import action_to_builtins
    from altay_cli.engine.altay.evaluate import greedy_score
    from bots.greedy import score_action

    rng = random.Random(3)
    compared = 0
    for seed in range(6):
        state = GAME.new_state(GAME.make_config(2 + seed % 3, seed))
        while not state.is_terminal and compared < 20_000:
            observation = msgspec.to_builtins(state.observation(state.to_move))
            legal = state.legal_actions()
            for action in legal:
                assert greedy_score(state, action) == score_action(observation, action_to_builtins(action))
                compared += 1
            greedy = rng.random() < 0.8
            state.apply(
                legal[GAME.search.playout_action(state, rng) if greedy else rng.randrange(len(legal))]
            )
    assert compared > 5000


def test_evaluations_are_in_range_and_favour_the_leader() -> None:
    state = GAME.new_state(GAME.make_config(3, 5))
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(state.legal_actions()[GAME.search.playout_action(state, rng)])
    values = [GAME.search.evaluate(state, seat) for seat in range(3)]
    assert all(-1 < v < 1 for v in values)
    outcome = GAME.outcome(state)
    assert values[outcome.winners[0]] == max(values) or len(outcome.winners) > 1
    # the seam's default, from the provisional scores, for a game that does not override it
    innovation = load_game("innovation")
    other = innovation.new_state(innovation.make_config(2, 1))
    assert innovation.search.evaluate(other, 0) == innovation.search.evaluate(other, 1) == 0.0


# ---------------------------------------------------------------------------- the other games
def test_it_plays_innovation_through_the_referee(tmp_path, monkeypatch) -> None:
    """Innovation has a belief sampler: the bot searches it, every answer legal and in time, and
    says how fast it simulated and which line it chose. On a busy machine a belief that cannot
    follow a step within the bot's budget is given up (the game's heuristic plays on, and the
    info says so); nothing else may fail."""
    from altay_cli.engine.innovation.config import InnovationConfig

    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("search", "search 1 --ms 150"), BotSpec("greedy", "greedy")],
        InnovationConfig(players=2, seed=11, max_turns=24),
        MatchOptions(move_ms=10_000),  # the bot caps itself at 150 ms
        log_path=log,
    )
    assert result.completed and not result.failures, result.failures
    mine = _decisions(log, 0)
    assert len(mine) > 10 and all(d.status == "ok" for d in mine)
    infos = [d.info for d in mine if d.info]
    searched = [i for i in infos if re.search(r"playouts \([\d,]+/s\).*; line: \S", i)]
    pressed = ("no time to search", "search failed: BeliefLost;")
    assert searched, infos
    assert all(i in searched or i.startswith(pressed) for i in infos), infos
    assert_no_leak(marker)


def test_it_answers_within_its_clock_beside_a_cpu_burner(tmp_path, monkeypatch) -> None:
    """A process burning a core runs beside the match: on a wall clock of 300 ms a move and no
    bank, the bot (which spends what the clock allows, less a margin) still answers every
    request in time (2 players of Innovation, 12 turns)."""
    from altay_cli.engine.innovation.config import InnovationConfig

    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        result = run_match(
            [BotSpec("search", "search 2"), BotSpec("greedy", "greedy")],
            InnovationConfig(players=2, seed=12, max_turns=12),
            MatchOptions(move_ms=300, clock="wall"),
            log_path=log,
        )
    finally:
        burner.kill()
        burner.wait()
    assert result.completed and not result.failures, result.failures
    mine = _decisions(log, 0)
    assert mine and all(d.status == "ok" and d.time_ms is not None for d in mine)  # the clock accepted each
    searched = [d for d in mine if d.info and "worlds" in d.info]
    assert searched, "the bot searched on no decision"
    assert_no_leak(marker)


def _innovation_request(state, seat: int, move_ms: int) -> dict:
    game = load_game("innovation")
    return {
        "id": 1,
        "clock": {"move_ms": move_ms, "bank_ms": 0, "increment_ms": 0},
        "events": [],
        "actions": [game.action_to_builtins(a) for a in state.legal_actions()],
        "observation": msgspec.to_builtins(game.player_observation(state, seat, (seat,))),
    }


def test_innovation_search_defaults_to_the_greedy_choice() -> None:
    """Innovation's playout policy is uniformly random, so the search leans on the greedy player
    (`greedy_guided`): with no time to search, every answer is the greedy's own choice, not
    chance (a game followed from its start, as the bot follows it)."""
    from bots import innovation_greedy

    game = load_game("innovation")
    assert game.search.greedy_guided and not GAME.search.greedy_guided
    config = game.make_config(2, 3)
    state = game.new_state(config)
    seat = 0
    bot = search_bot.SearchBot("0", None)
    settings = msgspec.to_builtins(game.public_settings(config))
    bot.start({"seat": seat, "game": settings, "kind": {"name": "innovation"}})
    pending: list[dict] = []
    rng = random.Random(3)
    choices = 0
    while not state.is_terminal and choices < 12:
        mover = state.to_move
        legal = state.legal_actions()
        if mover == seat:
            request = _innovation_request(state, seat, move_ms=50)  # a budget of 0: no search
            request["events"] = pending
            pending = []
            ties = random.Random()
            ties.setstate(bot.rng.getstate())  # the greedy breaks ties with the bot's generator
            sent = json.loads(json.dumps(request))
            answer = bot.choose(request)
            if len(legal) > 1:
                assert isinstance(answer, tuple) and answer[1] == "no time to search: the default choice"
                greedy = innovation_greedy.choose(sent["observation"], sent["actions"], ties)
                assert answer[0] == greedy
                index = answer[0]
                choices += 1
            else:
                index = 0
        else:
            index = rng.randrange(len(legal))
        action = legal[index]
        state.apply(action)
        seen = game.event_for(state, mover, action, seat)
        if seen is not None:
            pending.append({"seat": mover, "action": msgspec.to_builtins(seen)})
    assert choices == 12


def test_guided_playouts_play_the_seats_own_turn_with_its_policy_and_stop_when_it_ends() -> None:
    """A greedy-guided playout: the seat's own choices come from its own policy, nobody else's,
    and the playout ends when the turn passes to another seat (it is judged there)."""
    game = load_game("innovation")
    config = game.make_config(2, 5)
    state = game.new_state(config)
    rng = random.Random(5)
    while game.text.turn_of(state) is None or len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    seat = state.to_move
    movers: list[int] = []

    def own(s, r) -> int:
        movers.append(s.to_move)
        return 0

    search = search_bot.Search(game, seat, random.Random(0), horizon_turns=1, own_policy=own)
    root = game.text.turn_of(state)
    value = search.playout(state, random.Random(1), root)
    assert -1.0 <= value <= 1.0
    assert movers and set(movers) == {seat}
    assert state.is_terminal or game.text.turn_of(state) != root  # stopped at the turn's end
    assert state.is_terminal or state.to_move != seat or game.text.turn_of(state)[1] != seat


def _team_infos(log: Path) -> list[str]:
    return [d.info for d in read_log(log) if isinstance(d, Decision) and d.info]


def test_it_plays_mammothodus_for_the_team_through_the_referee(tmp_path, monkeypatch) -> None:
    """One search program leads all three clans (one process, every clan's hand): it follows
    the game from every clan's requests, never loses track (nothing it leads is hidden from
    it), searches the action of each clan's turn (`--every-stage`: this short game never
    reaches the stage searched by default; the team heuristic answers the smaller decisions
    that follow, and says so) and says at each searched decision how fast it simulated and
    which line it chose."""
    from altay_cli.engine.mammothodus.config import MammothodusConfig

    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("team", "search 1 --ms 400 --every-stage")] * 3,
        MammothodusConfig(players=3, seed=31, max_turns=9),
        MatchOptions(move_ms=10_000),  # the bot caps itself at 400 ms (its playouts go to the end)
        log_path=log,
        players=[[0, 1, 2]],
    )
    assert result.completed and not result.failures, result.failures
    decisions = [d for d in read_log(log) if isinstance(d, Decision)]
    assert {d.seat for d in decisions} == {0, 1, 2} and all(d.status == "ok" for d in decisions)
    infos = _team_infos(log)
    searched = [i for i in infos if re.search(r"playouts \([\d,]+/s\).*; line: \S", i)]
    assert len(searched) >= 5, infos
    told = [i for i in infos if i == "the team heuristic's choice (not a decision searched)"]
    late = [i for i in infos if i.startswith("no time to search")]  # a playout to the end unfinished
    assert len(told) > 10 and len(searched) + len(told) + len(late) == len(infos), infos
    actions = [d for d in decisions if d.info in searched]
    assert all(d.action.get("type") in ("action", "pass", "card") for d in actions), actions
    assert_no_leak(marker)


def test_it_plays_one_clan_beside_the_team_heuristic(tmp_path, monkeypatch) -> None:
    """The search bot leads one clan of three, the team bot the others: every answer legal and
    in time; a decision is searched, or (not an action of the turn, or the hidden hands of the
    others went beyond its tries) answered by the team heuristic, and the info says which."""
    from altay_cli.engine.mammothodus.config import MammothodusConfig

    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("search", "search 1 --ms 40 --every-stage"), *[BotSpec("team", "greedy")] * 2],
        MammothodusConfig(players=3, seed=32, max_turns=12),
        MatchOptions(move_ms=10_000),
        log_path=log,
        players=[[0], [1, 2]],
    )
    assert result.completed and not result.failures, result.failures
    mine = _decisions(log, 0)
    assert len(mine) > 10 and all(d.status == "ok" for d in mine)
    infos = [d.info for d in mine if d.info]
    searched = [i for i in infos if re.search(r"playouts \([\d,]+/s\).*; line: \S", i)]
    assert searched, infos
    assert all(
        i in searched
        or i == "the team heuristic's choice (not a decision searched)"
        or i.startswith(("no time to search", "search failed: BeliefLost;"))
        for i in infos
    )
    assert_no_leak(marker)


def test_it_answers_within_its_clock_for_the_team_beside_a_cpu_burner(tmp_path, monkeypatch) -> None:
    """As for Innovation: a process burns a core beside the match; leading both clans of
    Mammothodus on a wall clock of 300 ms a move and no bank, the bot answers every request of
    both clans in time (6 turns)."""
    from altay_cli.engine.mammothodus.config import MammothodusConfig

    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        result = run_match(
            [BotSpec("team", "search 2 --every-stage")] * 2,
            MammothodusConfig(players=2, seed=33, max_turns=6),
            MatchOptions(move_ms=300, clock="wall"),
            log_path=log,
            players=[[0, 1]],
        )
    finally:
        burner.kill()
        burner.wait()
    assert result.completed and not result.failures, result.failures
    decisions = [d for d in read_log(log) if isinstance(d, Decision)]
    assert decisions and all(d.status == "ok" and d.time_ms is not None for d in decisions)
    assert [i for i in _team_infos(log) if "worlds" in i], "the bot searched on no decision"
    assert_no_leak(marker)


def test_mammothodus_values_are_the_teams_progress() -> None:
    """The leaf value is the team's, the same for every clan, in (-1, 1) before the end and
    the outcome at it; random play (which never wins) drifts below the start."""
    game = load_game("mammothodus")
    state = game.new_state(game.make_config(3, 7))
    start = game.search.evaluate(state, 0)
    rng = random.Random(7)
    while not state.is_terminal:
        values = {game.search.evaluate(state, seat) for seat in range(3)}
        assert len(values) == 1 and -1 < values.pop() < 1
        state.apply(rng.choice(state.legal_actions()))
    assert game.search.evaluate(state, 1) == (1.0 if game.outcome(state).team == "won" else -1.0)
    assert start > -0.1


def _team_game(clans: int, seed: int) -> tuple[object, object, object]:
    """A Mammothodus game, its team heuristic (bots/mammothodus_team.py, its moves in progress
    forgotten) and its static information as JSON values."""
    from bots import mammothodus_team as team

    game = load_game("mammothodus")
    config = game.make_config(clans, seed)
    team.new_game()
    return game, game.new_state(config), msgspec.to_builtins(game.static_info(config))


#: a deal whose team heuristic game at one clan reaches its last place of power (and loses)
ENDGAME_DEAL = 7000


def test_mammothodus_searches_the_action_of_each_turn_once_one_place_is_left() -> None:
    """`worth_searching` names the action of a clan's turn once at most one place of power is
    left to activate, and nothing else (`every_stage`: the action of every turn); a finished
    playout is worth its outcome."""
    from altay_cli.engine.mammothodus.facets import SEARCH_WHEN_PLACES_LEFT
    from altay_cli.engine.mammothodus.state import Result
    from bots import mammothodus_team as team

    game, state, static = _team_game(1, ENDGAME_DEAL)
    rng = random.Random(5)
    said: dict[tuple[bool, bool], set[tuple[str, int]]] = {}
    while not state.is_terminal:
        observation = msgspec.to_builtins(state.observation(state.to_move))
        purpose = str((observation.get("decision") or {}).get("purpose"))
        left = sum(1 for t in state.places if t < 0)
        key = (game.search.worth_searching(observation), game.search.worth_searching(observation, True))
        said.setdefault(key, set()).add((purpose, left))
        actions = [game.action_to_builtins(a) for a in state.legal_actions()]
        state.apply(state.legal_actions()[team.choose(observation, actions, rng, static=static)])
    assert SEARCH_WHEN_PLACES_LEFT == 1
    assert said[(True, True)] == {("action", 1)}
    assert {p for p, _ in said[(False, True)]} == {"action"}
    assert {left for _, left in said[(False, True)]} >= {2, 3, 4}
    assert "action" not in {p for p, _ in said[(False, False)]} and len(said[(False, False)]) > 3
    assert set(said) == {(True, True), (False, True), (False, False)}
    action = {"purpose": "action"}
    for odd in ({"decision": action, "places": "x"}, {"decision": action}, {"decision": "x"}, {}, None, 5):
        assert game.search.worth_searching(odd) is False  # not searched, never an exception
    assert state.result is Result.LOST and game.search.end_value(state, 0) == -1.0
    won = state.clone()
    won.result = Result.WON
    assert game.search.end_value(won, 1) == 1.0


def test_it_searches_mammothodus_from_the_last_place_of_power(tmp_path, monkeypatch) -> None:
    """A whole one-clan game through the referee, on a deal where the team reaches its last
    place of power: the search bot answers with the team heuristic (and says so) until one
    place is left, then searches the action of each turn (the positions replayed from the log
    show where each searched decision stood)."""
    from altay_cli.engine.mammothodus.config import MammothodusConfig

    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    result = run_match(
        [BotSpec("team", "search 1 --ms 100")],
        MammothodusConfig(players=1, seed=ENDGAME_DEAL),
        MatchOptions(move_ms=10_000),
        log_path=log,
    )
    assert result.completed and not result.failures, result.failures
    game = load_game("mammothodus")
    state = game.new_state(MammothodusConfig(players=1, seed=ENDGAME_DEAL))
    searched_at: list[int] = []
    told_at: list[int] = []
    for d in read_log(log):
        if not isinstance(d, Decision):
            continue
        left = sum(1 for t in state.places if t < 0)
        observation = msgspec.to_builtins(state.observation(d.seat))
        purpose = str((observation.get("decision") or {}).get("purpose"))
        if d.info and "playouts" in d.info:
            assert purpose == "action", d.info
            searched_at.append(left)
        elif d.info == "the team heuristic's choice (not a decision searched)":
            told_at.append(left)
        state.apply(game.action_from_builtins(d.action))
    assert searched_at and set(searched_at) == {1}, searched_at
    assert {2, 3, 4} <= set(told_at)
    assert_no_leak(marker)


def test_playouts_leave_the_team_heuristics_plans_as_they_were() -> None:
    """The team heuristic remembers a figurine's move in progress between the steps of the move;
    a playout to the end runs it over an imagined future and puts its plans back, so the real
    game's next step follows the plan it had (`remember`/`recall`)."""
    from bots import mammothodus_team as team

    game, state, static = _team_game(1, 3)
    rng = random.Random(3)
    bot = search_bot.SearchBot("1", None)
    bot.game, bot.static, bot.players = game, static, 1

    def plans() -> dict[int, tuple[object, ...]]:
        return {s: (m.turn, m.fig, m.steps, m.script) for s, m in team._MOVES.items()}

    search = search_bot.Search(
        game, 0, rng, end_policy=bot.team_on_state, memory=(team.remember, team.recall)
    )
    checked = 0
    while not state.is_terminal and checked < 3:
        legal = state.legal_actions()
        if len(legal) > 1 and team._MOVES:  # a move in progress: its plan is remembered
            before = plans()
            value = search.playout_to_the_end(state.clone(), random.Random(checked), time.perf_counter() + 60)
            assert value is not None and -1.0 <= value <= 1.0
            assert plans() == before
            checked += 1
        index = bot.team_on_state(state, rng) if len(legal) > 1 else 0
        state.apply(legal[index])
    assert checked == 3 and search.playouts == 3


def test_a_playout_to_the_end_past_its_deadline_counts_for_nothing() -> None:
    game, state, static = _team_game(1, 4)
    bot = search_bot.SearchBot("1", None)
    bot.game, bot.static, bot.players = game, static, 1
    search = search_bot.Search(game, 0, random.Random(4), end_policy=bot.team_on_state)
    assert search.playout_to_the_end(state.clone(), random.Random(4), time.perf_counter() - 1) is None
    assert search.playouts == 0 and 0 < search.steps < 20  # it stopped at its first look at the time
