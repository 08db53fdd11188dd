"""One player in several seats: in a cooperative game one bot program (or one person) may play
several seats, as the rules let one player lead several clans. The program is one process, gets
every request of its seats with exactly what that seat learned since its own previous request,
and a failure loses the game for the team; competitive games refuse it at every door (the
referee, `match`, `play`, and `replay` for a log that claims it)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import msgspec
import orjson
import pytest

from altay_cli.engine import load_game
from altay_cli.referee import BotCommand, MatchOptions, parse_bot_args, run_match
from altay_cli.referee.match import seat_groups
from altay_cli.referee.sandbox import SandboxPolicy
from altay_cli.replay import INVALID, VALID, replay_log
from tests.play_helpers import REPO, altay_argv, json_lines, run_altay
from tests.referee_helpers import BOTS, PY, assert_no_leak, bad_bot, marked
from tests.test_replay_tamper import chained

MAMMOTHODUS = load_game("mammothodus")
ALTAY = load_game("altay")
OFF = SandboxPolicy(mode="off")  # the tee bot writes its transcript to a file of the test's


def _transcript(path: Path) -> list[tuple[str, dict]]:
    """The tee bot's file: ('>', message) sent by the referee, ('<', message) by the bot."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        direction, _, text = line.partition(" ")
        out.append((direction, json.loads(text)))
    return out


def _log_lines(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def test_one_program_leads_every_clan_with_each_seats_own_requests(tmp_path: Path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    talk, log = tmp_path / "talk.txt", tmp_path / "game.jsonl"
    team = BotCommand("team", f"{PY} {BOTS / 'tee_bot.py'} {talk} {PY} {BOTS / 'greedy_bot.py'}")
    config = MAMMOTHODUS.make_config(4, 31)
    options = MatchOptions(move_ms=5000, sandbox=OFF)
    result = run_match([team] * 4, config, options, log_path=log, players=[(0, 1, 2, 3)])
    assert result.completed and not result.failures and result.team in ("won", "lost")
    assert result.names == ["team"] * 4 and len(result.think_ms) == 4
    assert_no_leak(marker)

    sent = [m for d, m in _transcript(talk) if d == ">"]
    hellos = [m for m in sent if m["type"] == "hello"]
    assert len(hellos) == 1 and hellos[0]["seat"] == 0 and hellos[0]["seats"] == [0, 1, 2, 3]
    overs = [m for m in sent if m["type"] == "game_over"]
    assert len(overs) == 1 and overs[0]["seats"] == [0, 1, 2, 3] and overs[0]["result"]["team"] == result.team

    lines = _log_lines(log)
    assert [s["player"] for s in lines[0]["seats"]] == [0, 0, 0, 0]
    decisions = [line for line in lines if line["type"] == "decision"]
    requests = [m for m in sent if m["type"] == "request"]
    # every decision of the game was asked of the one process, for the seat to move, with ids shared
    assert [r["seat"] for r in requests] == [d["seat"] for d in decisions]
    assert [r["id"] for r in requests] == list(range(1, len(requests) + 1))
    assert {r["seat"] for r in requests} == {0, 1, 2, 3}
    assert all(r["observation"]["seat"] == r["seat"] for r in requests)
    # each request carries what its seat learned since that seat's previous request, as the game
    # says that seat sees each step: exactly what a program playing that seat alone would get
    state = MAMMOTHODUS.new_state(config)
    learned: dict[int, list] = {s: [] for s in range(4)}
    for request, decision in zip(requests, decisions, strict=True):
        assert request["events"] == learned[request["seat"]], f"request {request['id']}"
        learned[request["seat"]] = []
        action = MAMMOTHODUS.action_from_builtins(decision["action"])
        state.apply(action)
        for viewer in range(4):
            seen = MAMMOTHODUS.event_for(state, decision["seat"], action, viewer)
            if seen is not None:
                learned[viewer].append(
                    {"seat": decision["seat"], "action": json.loads(msgspec.json.encode(seen))}
                )
    verdict = replay_log(log, strict=True)
    assert verdict.status == VALID, verdict.message


def test_two_players_of_two_clans_each(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    bots = parse_bot_args(["a=random 1", "b=greedy", "a", "b"])
    config = MAMMOTHODUS.make_config(4, 8)
    result = run_match(bots, config, MatchOptions(move_ms=5000), log_path=log, players=seat_groups(bots))
    assert result.completed and result.names == ["a", "b", "a", "b"]
    assert [s["player"] for s in _log_lines(log)[0]["seats"]] == [0, 1, 0, 1]
    assert replay_log(log, strict=True).status == VALID


def test_a_shared_program_that_cannot_start_forfeits_every_seat_it_had(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    team = BotCommand("team", bad_bot("exit_in_handshake.py"))
    result = run_match([team] * 3, MAMMOTHODUS.make_config(3, 4), log_path=log, players=[(0, 1, 2)])
    assert not result.completed and result.team == "lost" and result.forfeits == [0, 1, 2]
    assert sorted(f.seat for f in result.failures) == [0, 1, 2]
    assert {f.status for f in result.failures} == {"handshake_failed"}
    assert replay_log(log, strict=True).status == VALID


def test_a_shared_program_that_crashes_mid_game_loses_it_for_the_team(tmp_path: Path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    team = BotCommand("team", bad_bot("crash.py", 9))
    result = run_match([team] * 2, MAMMOTHODUS.make_config(2, 4), log_path=log, players=[(0, 1)])
    assert not result.completed and result.team == "lost" and result.decisions == 9
    assert [(f.status, f.n) for f in result.failures] == [("crash", 9)] and len(result.forfeits) == 1
    assert_no_leak(marker)
    assert replay_log(log, strict=True).status == VALID


def test_names_on_the_command_line() -> None:
    bots = parse_bot_args(["t=greedy", "t", "t", "t"])
    assert len({id(b) for b in bots}) == 1 and bots[0].name == "t"
    assert [b.name for b in parse_bot_args(["random", "random"])] == ["random-1", "random-2"]
    # a name defined twice is two programs; a bare name then means the later one
    assert [b.name for b in parse_bot_args(["a=random", "a=greedy", "a"])] == ["a-1", "a-2", "a-2"]


def test_competitive_games_refuse_one_program_in_several_seats(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="competitive game"):
        run_match([BotCommand("a", "random")] * 2, ALTAY.make_config(2, 1), players=[(0, 1)])
    with pytest.raises(ValueError, match="different bots"):
        bots = [BotCommand("a", "random"), BotCommand("b", "greedy")]
        run_match(bots, MAMMOTHODUS.make_config(2, 1), players=[(0, 1)])
    with pytest.raises(ValueError, match="two different bots"):
        seat_groups([BotCommand("a", "random"), BotCommand("a", "greedy")])
    with pytest.raises(ValueError, match="at most once"):
        run_match([BotCommand("a", "random")] * 2, MAMMOTHODUS.make_config(2, 1), players=[(0, 1), (1,)])
    # without `players`, bots of one name are programs of their own, as they always were
    result = run_match([BotCommand("r", "random")] * 2, ALTAY.make_config(2, 1, {"max_rounds": 2}))
    assert result.completed and result.names == ["r", "r"]
    r = run_altay(["match", "a=random", "a", "--seed", "1"])
    assert r.returncode == 2 and "competitive game" in r.stderr and "Traceback" not in r.stderr
    r = run_altay(["play", "--seat", "0,1=human", "--seed", "1"])
    assert r.returncode == 2 and "competitive game" in r.stderr and "Traceback" not in r.stderr
    for bad in ("0-5=human", "1,1=greedy", "x=greedy", "2-1=human"):
        r = run_altay(["play", "--game", "mammothodus", "-p", "3", "--seat", bad])
        assert r.returncode == 2 and "--seat" in r.stderr and "Traceback" not in r.stderr, bad


def _claims(tmp_path: Path, source: Path, seats: list[dict]) -> Path:
    lines = _log_lines(source)
    lines[0] = {**lines[0], "seats": seats}
    path = tmp_path / f"forged-{len(list(tmp_path.iterdir()))}.jsonl"
    path.write_bytes(chained(lines))
    return path


def test_replay_checks_who_played_which_seats(tmp_path: Path) -> None:
    coop = tmp_path / "coop.jsonl"
    bots = parse_bot_args(["t=random 3", "t", "t"])
    run_match(bots, MAMMOTHODUS.make_config(3, 2), log_path=coop, players=seat_groups(bots))
    seats = _log_lines(coop)[0]["seats"]
    assert replay_log(_claims(tmp_path, coop, seats)).status == VALID  # re-chained, unchanged: valid
    lead_alone = [{**seats[0], "player": None}, *seats[1:]]
    del lead_alone[0]["player"]
    other_name = [seats[0], {**seats[1], "name": "u"}, seats[2]]
    for forged in (lead_alone, other_name, [seats[0], {**seats[1], "player": 2}, seats[2]]):
        verdict = replay_log(_claims(tmp_path, coop, forged))
        assert verdict.status != VALID, forged
    competitive = tmp_path / "altay.jsonl"
    run_match(
        parse_bot_args(["a=random", "b=random"]),
        ALTAY.make_config(2, 2, {"max_rounds": 2}),
        log_path=competitive,
    )
    seats = _log_lines(competitive)[0]["seats"]
    verdict = replay_log(
        _claims(
            tmp_path,
            competitive,
            [{**seats[0], "player": 0}, {**seats[1], "name": "a", "player": 0, "command": "random"}],
        )
    )
    assert verdict.status == INVALID and "competitive" in verdict.message


def test_a_person_leads_several_clans_without_hot_seat_screens(tmp_path: Path) -> None:
    """--seat 0-2=human: one person in three seats (no 'pass the keyboard'); --seat 1,2=greedy:
    one bot process for two clans; the log keeps who played what and loads back the same way."""
    log = tmp_path / "solo.jsonl"
    moves = "0\n" * 40
    r = run_altay(
        ["play", "--game", "mammothodus", "-p", "3", "--seed", "6", "--seat", "0-2=human", "--log", str(log)],
        stdin=moves,
    )
    assert r.returncode == 0, r.stderr
    assert "pass the keyboard" not in r.stdout and "P0 you, P1 you, P2 you" in r.stdout
    lines = _log_lines(log)
    assert [s.get("player") for s in lines[0]["seats"]] == [0, 0, 0]
    assert {line["seat"] for line in lines if line["type"] == "decision"} == {0, 1, 2}
    shared = tmp_path / "shared.jsonl"
    args = ["play", "--game", "mammothodus", "-p", "3", "--seed", "6", "--seat", "1,2=greedy", "--json"]
    r = run_altay([*args, "--log", str(shared)], stdin="quit\n")
    assert r.returncode == 0, r.stderr
    first = json_lines(r.stdout)[0]
    assert [s.get("player") for s in first["seats"]] == [None, 1, 1]
    r = run_altay(["play", "--load", str(shared), "--json"], stdin="quit\n")
    assert r.returncode == 0, r.stderr
    assert [s.get("player") for s in json_lines(r.stdout)[0]["seats"]] == [None, 1, 1]
    assert replay_log(shared).status == VALID


def test_hot_seat_people_still_get_a_screen_each() -> None:
    r = run_altay(["play", "--game", "mammothodus", "-p", "2", "--seed", "6"], stdin="0\n" * 30)
    assert r.returncode == 0 and "pass the keyboard" in r.stdout and "P0 human, P1 human" in r.stdout


@pytest.mark.parametrize("teams", ["self"])
def test_a_self_play_team_is_one_program(tmp_path: Path, teams: str) -> None:
    out = tmp_path / "arena"
    args = ["arena", "--game", "mammothodus", "a=random", "-p", "3", "--games", "2", "--teams", teams]
    r = subprocess.run(
        [*altay_argv(), *args, "-j", "1", "--out", str(out), "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    for path in sorted((out / "logs").iterdir()):
        header = _log_lines(path)[0]
        assert [s["player"] for s in header["seats"]] == [0, 0, 0], path


def test_check_bot_tries_a_cooperative_bot_in_every_seat_at_once() -> None:
    r = run_altay(["check-bot", "--game", "mammothodus", "--players", "2", "random"], timeout=300)
    assert r.returncode == 0, r.stdout
    assert "PASS  several seats    2 players, all 2 seats as one program" in r.stdout  # --players kept
    r = run_altay(["check-bot", "--game", "mammothodus", "--players", "1", "random"], timeout=300)
    assert r.returncode == 0, r.stdout
    assert "PASS  several seats    4 players, all 4 seats as one program" in r.stdout  # one seat: the most
    r = run_altay(
        ["check-bot", "--game", "mammothodus", "--players", "2", bad_bot("one_seat_only.py")], timeout=300
    )
    assert r.returncode == 1 and "FAIL  several seats" in r.stdout and "crash" in r.stdout, r.stdout
    r = run_altay(["check-bot", "--players", "2", "random"], timeout=300)  # Altay: competitive, no such check
    assert r.returncode == 0 and "several seats" not in r.stdout
