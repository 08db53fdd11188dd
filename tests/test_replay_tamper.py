"""`altay replay` finds the first step where an edited, cut or broken log leaves the game.

Each test takes a genuine log, changes one thing, and checks the verdict, the kind of
divergence, the step it names and the exit code (0 valid, 1 invalid, 2 unreadable). The
edited logs are re-chained (every `prev` recomputed), as a forger who knows the format would
do: what is tested is that the game itself gives the edit away. test_replay_forgery.py shows
that an edit without re-chaining is caught by the chain at once.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import msgspec
import orjson
import pytest
from click.testing import CliRunner

from altay_cli.commands.replay import replay as replay_cmd
from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig, GameState, action_from_builtins, action_to_builtins, new_game
from altay_cli.gamelog import SeatInfo
from altay_cli.interactive.session import Session
from altay_cli.policies import make_policy
from altay_cli.replay import INVALID, UNREADABLE, VALID, replay_log
from tests.play_helpers import GOLDEN

BASE = GOLDEN / "3p_trading_recommended.jsonl"


def lines_of(path: Path = BASE) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def chained(lines: list[dict]) -> bytes:
    """The lines as a log file, each `prev` recomputed from the line before it."""
    out = []
    for i, line in enumerate(lines):
        if i and "prev" in line:
            line = {**line, "prev": hashlib.sha256(out[-1]).hexdigest()}
        out.append(orjson.dumps(line))
    return b"".join(raw + b"\n" for raw in out)


def write(tmp_path: Path, lines: list[dict], name: str = "log.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(chained(lines))
    return path


SEED = 12  # the seed of BASE, revealed by its result line


def decision_positions(lines: list[dict]) -> list[int]:
    return [i for i, line in enumerate(lines) if line["type"] == "decision"]


def replay_to(lines: list[dict], stop: int) -> GameState:
    """The game after the decisions before line index `stop`."""
    g = new_game(msgspec.convert({**lines[0]["config"], "seed": SEED}, GameConfig))
    for line in lines[1:stop]:
        if line["type"] == "decision":
            g.apply(action_from_builtins(line["action"]))
    return g


def test_the_untouched_log_is_valid(tmp_path: Path) -> None:
    verdict = replay_log(write(tmp_path, lines_of()))
    assert verdict.status == VALID and verdict.exit_code == 0
    assert len(verdict.decisions) == 464


def test_changed_action_with_its_index_is_an_index_mismatch(tmp_path: Path) -> None:
    lines = lines_of()
    i = decision_positions(lines)[40]
    d = lines[i]
    g = replay_to(lines, i)
    legal = g.legal_actions()
    other = next(a for a in legal if action_to_builtins(a) != d["action"])
    d["action"] = action_to_builtins(other)
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == INVALID and verdict.exit_code == 1
    assert verdict.divergence.kind == "index_mismatch"
    assert verdict.divergence.step == 40
    assert verdict.divergence.line == i + 1
    assert len(verdict.decisions) == 40  # everything before it verified


def test_changed_action_without_index_diverges_at_the_digest(tmp_path: Path) -> None:
    lines = lines_of()
    i = decision_positions(lines)[40]
    for line in lines:
        if line["type"] == "decision":
            line["index"] = None
    g = replay_to(lines, i)
    other = next(a for a in g.legal_actions() if action_to_builtins(a) != lines[i]["action"])
    lines[i]["action"] = action_to_builtins(other)
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.divergence.kind == "digest"
    assert verdict.divergence.expected == lines[i]["digest"]
    assert verdict.divergence.actual != lines[i]["digest"]
    assert verdict.divergence.legal_count == len(g.legal_actions())


def test_illegal_action_reports_the_engines_reason(tmp_path: Path) -> None:
    lines = lines_of()
    i = decision_positions(lines)[40]
    lines[i]["action"] = {"type": "play", "card": "Chariot", "effect": 0}
    lines[i]["index"] = None
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.divergence.kind == "illegal_action"
    assert "Chariot" in verdict.divergence.actual  # the engine's reason names the card
    assert verdict.divergence.legal_count > 0
    assert "decision 40" in verdict.message


def test_an_action_that_is_not_an_action_object(tmp_path: Path) -> None:
    lines = lines_of()
    lines[decision_positions(lines)[3]]["action"] = {"type": "teleport"}
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == INVALID and verdict.divergence.kind == "bad_action"


def test_changed_digest(tmp_path: Path) -> None:
    lines = lines_of()
    i = decision_positions(lines)[100]
    lines[i]["digest"] = "0" * 32
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.divergence.kind == "digest" and verdict.divergence.step == 100
    assert verdict.divergence.expected == "0" * 32


def test_wrong_seat(tmp_path: Path) -> None:
    lines = lines_of()
    i = decision_positions(lines)[10]
    lines[i]["seat"] = (lines[i]["seat"] + 1) % 3
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.divergence.kind == "wrong_seat" and verdict.divergence.step == 10


@pytest.mark.parametrize("count", [1, 3])
def test_removed_decision_lines(tmp_path: Path, count: int) -> None:
    lines = lines_of()
    i = decision_positions(lines)[200]
    del lines[i : i + count]
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == INVALID
    assert verdict.divergence.kind == "sequence"
    assert f"decisions 200 to {199 + count} are missing" in verdict.message


def test_duplicated_decision_line(tmp_path: Path) -> None:
    lines = lines_of()
    i = decision_positions(lines)[7]
    lines.insert(i + 1, lines[i])
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.divergence.kind == "sequence"


def test_garbage_line_is_unreadable_and_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, lines_of())
    raw = path.read_bytes().splitlines(keepends=True)
    raw.insert(50, b"this is not json\n")
    path.write_bytes(b"".join(raw))
    verdict = replay_log(path)
    assert verdict.status == UNREADABLE and verdict.exit_code == 2
    assert verdict.message.startswith("line 51: not JSON")


def test_json_that_is_not_a_log_line(tmp_path: Path) -> None:
    lines = lines_of()
    lines.insert(5, {"type": "chat", "text": "hi"})
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == UNREADABLE and "line 6: not a valid log line" in verdict.message


def test_truncated_without_result_line(tmp_path: Path) -> None:
    lines = lines_of()
    cut = decision_positions(lines)[300]
    path = write(tmp_path, lines[:cut])
    sealed = replay_log(path)  # the seed went with the result line: say how to go on
    assert sealed.status == UNREADABLE and "--seed" in sealed.message and not sealed.decisions
    verdict = replay_log(path, seed=SEED)
    assert verdict.status == UNREADABLE and verdict.exit_code == 2
    assert verdict.truncated and verdict.truncated_only
    assert "truncated" in verdict.message and "300 decisions" in verdict.message
    assert len(verdict.decisions) == 300


def test_truncated_mid_line(tmp_path: Path) -> None:
    path = write(tmp_path, lines_of())
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # cut inside some line
    verdict = replay_log(path, seed=SEED)
    assert verdict.status == UNREADABLE and verdict.truncated
    assert "mid-line" in verdict.message


def test_truncated_after_a_divergence_is_invalid(tmp_path: Path) -> None:
    lines = lines_of()
    lines[decision_positions(lines)[5]]["digest"] = "f" * 32
    verdict = replay_log(write(tmp_path, lines[:100]), seed=SEED)
    assert verdict.status == INVALID and verdict.divergence.step == 5


def test_decision_after_the_result(tmp_path: Path) -> None:
    lines = lines_of()
    lines.append(lines[decision_positions(lines)[-1]])
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == INVALID and verdict.divergence.kind == "extra_line"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("decisions", 463),
        ("final_digest", "1" * 32),
        ("rounds", 3),
        ("end_reason", "round_limit"),
        ("winners", [2]),
        ("ranks", [1, 1, 1]),
        ("finished", False),
    ],
)
def test_edited_result_line(tmp_path: Path, field: str, value: object) -> None:
    lines = lines_of()
    lines[-1][field] = value
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == INVALID and verdict.divergence.kind == "result"


def test_edited_score(tmp_path: Path) -> None:
    lines = lines_of()
    lines[-1]["scores"][0]["total"] += 1
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.divergence.kind == "result" and "scores" in verdict.message


def test_forfeit_without_a_failure_line(tmp_path: Path) -> None:
    lines = lines_of()
    lines[-1]["forfeits"] = [1]
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == INVALID


@pytest.mark.parametrize(
    ("change", "status", "kind"),
    [
        ({"seed": 999}, INVALID, "seed"),
        ({"players": 4}, INVALID, "seat_table"),  # three seats named for four players
        ({"players": 5}, INVALID, "seat_table"),
        ({"max_rounds": 61}, INVALID, "initial_digest"),
        ({"setup": "sideways"}, UNREADABLE, None),
    ],
)
def test_wrong_header_config(tmp_path: Path, change: dict, status: str, kind: str | None) -> None:
    lines = lines_of()
    lines[0]["config"].update(change)
    verdict = replay_log(write(tmp_path, lines))
    assert verdict.status == status
    if kind:
        assert verdict.divergence.kind == kind and verdict.divergence.line == 1, verdict.message
    else:
        assert "configuration is not valid" in verdict.message


def test_wrong_header_format(tmp_path: Path) -> None:
    lines = lines_of()
    lines[0]["format"] = "chess-pgn"
    assert "format is 'chess-pgn'" in replay_log(write(tmp_path, lines)).message
    lines = lines_of()
    lines[0]["format_version"] = 99
    assert "upgrade altay" in replay_log(write(tmp_path, lines)).message
    lines = lines_of()
    verdict = replay_log(write(tmp_path, lines[1:]))  # no header at all
    assert verdict.status == UNREADABLE and "first line must be the header" in verdict.message
    lines = lines_of()
    lines[0]["initial_digest"] = "abc"
    assert replay_log(write(tmp_path, lines)).divergence.kind == "initial_digest"


def test_missing_and_empty_files(tmp_path: Path) -> None:
    missing = replay_log(tmp_path / "nope.jsonl")
    assert missing.status == UNREADABLE and "cannot read" in missing.message
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"\n")
    assert "empty" in replay_log(empty).message


def test_invariant_failures_are_reported_with_strict(tmp_path: Path, monkeypatch) -> None:

    calls = []

    def broken(g):
        calls.append(g)
        return ["resource tokens [1, 0, 0, 0, 0] != 16 of each"] if len(calls) == 30 else []

    monkeypatch.setattr(type(load_game()), "check_invariants", lambda self, g: broken(g))
    path = write(tmp_path, lines_of())
    assert replay_log(path).ok  # not checked without strict
    verdict = replay_log(path, strict=True)
    assert verdict.divergence.kind == "invariant" and verdict.divergence.step == 29


# ---------------------------------------------------------------------------- the command
def test_cli_exit_codes_and_messages(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(replay_cmd, [str(BASE)])
    assert ok.exit_code == 0, ok.output
    assert ok.output.startswith("VALID") and "464 decisions" in ok.output and "winner" in ok.output

    lines = lines_of()
    lines[decision_positions(lines)[9]]["digest"] = "e" * 32
    bad = runner.invoke(replay_cmd, [str(write(tmp_path, lines))])
    assert bad.exit_code == 1
    assert "INVALID" in bad.output and "decision 9" in bad.output
    assert "log says:    " + "e" * 32 in bad.output and "engine says:" in bad.output

    cut = runner.invoke(replay_cmd, [str(write(tmp_path, lines_of()[:20], "cut.jsonl"))])
    assert cut.exit_code == 2 and "UNREADABLE" in cut.output and "truncated" in cut.output

    missing = runner.invoke(replay_cmd, [str(tmp_path / "missing.jsonl")])
    assert missing.exit_code == 2


def test_cli_json_verdict(tmp_path: Path) -> None:
    runner = CliRunner()
    out = orjson.loads(runner.invoke(replay_cmd, [str(BASE), "--json", "--strict"]).output)
    assert out["verdict"] == "valid" and out["exit_code"] == 0
    assert out["decisions_verified"] == 464 and out["result"]["finished"]
    lines = lines_of()
    lines[decision_positions(lines)[9]]["seat"] = 2 if lines[decision_positions(lines)[9]]["seat"] != 2 else 0
    res = runner.invoke(replay_cmd, [str(write(tmp_path, lines)), "--json"])
    out = orjson.loads(res.output)
    assert res.exit_code == 1 and out["verdict"] == "invalid"
    assert out["divergence"]["kind"] == "wrong_seat" and out["divergence"]["step"] == 9


def hidden_card_log(tmp_path: Path) -> Path:
    """A short real game in which seat 0 archives a card with Writing (a hidden move)."""
    config = GameConfig(players=2, seed=4, setup="recommended")
    session = Session(config, [SeatInfo(seat=i, name=f"p{i}", kind="policy") for i in range(2)])
    policies = [make_policy("greedy", load_game(), 0), make_policy("greedy", load_game(), 1)]
    while True:
        g = session.state
        legal = g.legal_actions()
        hidden = [a for a in legal if a.__class__.__name__ == "EndTurn" and a.archive]
        session.apply(hidden[0] if hidden else legal[policies[g.to_move].choose(g, legal)])
        if hidden:
            break
    return session.save(tmp_path / "hidden.jsonl")


def test_show_tells_the_game_and_hides_other_seats_cards(tmp_path: Path) -> None:
    path = hidden_card_log(tmp_path)
    runner = CliRunner()
    everything = runner.invoke(replay_cmd, [str(path), "--show"])
    assert everything.exit_code == 0
    assert "end the turn, archiving Warrior" in everything.output
    assert "-- round 1, turn of " in everything.output and "captured the conquest marker" in everything.output
    archiver = orjson.loads(path.read_bytes().splitlines()[-2])["seat"]
    other = runner.invoke(replay_cmd, [str(path), "--show", "--seat", str(1 - archiver), "--board"])
    assert other.exit_code == 0
    assert "archiving a hidden card" in other.output and "archiving Warrior" not in other.output
    assert "Board (" in other.output and "hand " in other.output  # its own hand at its turns
    own = runner.invoke(replay_cmd, [str(path), "--show", "--seat", str(archiver)])
    assert "archiving Warrior" in own.output
    bad_seat = runner.invoke(replay_cmd, [str(path), "--show", "--seat", "5"])
    assert bad_seat.exit_code == 2 and "seats are 0 to 1" in bad_seat.output
