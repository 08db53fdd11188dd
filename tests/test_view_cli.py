"""`altay view` as a user runs it: one self-contained page per log and eyes, exit codes 0 (the
log verifies), 1 (written, with a banner: invalid or truncated) and 2 (bad input, one
sentence), and the commands that print the `altay view` line for the log they wrote.

The page's behaviour in a browser is tests/test_view_page.py's; what it may hold through each
eyes is tests/test_view_leaks.py's. Every test here takes a few seconds at most.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.engine import load_game
from altay_cli.replay import replay_log
from altay_cli.web import frames
from altay_cli.web.eyes import ALL, SPECTATOR, frame_of, seat_eyes
from altay_cli.web.page import CSP
from altay_cli.web.pagedata import page_data
from tests.conftest import TOY_GAME
from tests.view_helpers import GOLDEN, TOY_DRAWN, log_lines, marked_log, page_data_of, rechained

GOLDENS = sorted(GOLDEN.glob("*.jsonl"))


def altay(*args: str):
    return CliRunner().invoke(main, list(args))


def result_of(path: Path) -> dict:
    return log_lines(path)[-1]


@pytest.mark.parametrize("log", GOLDENS, ids=lambda p: p.stem)
def test_every_golden_log_becomes_one_self_contained_page(tmp_path: Path, log: Path) -> None:
    out = tmp_path / "game.html"
    r = altay("view", str(log), "-o", str(out))
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and text.rstrip().endswith("</html>")
    # nothing is loaded: no external script, style, link, frame or image; a policy forbids any
    assert CSP in text.replace("&#x27;", "'")
    assert not re.search(r"<(script|img|iframe|link|source|audio|video)\b[^>]*\b(src|href)=", text, re.I)
    assert "@import" not in text and not re.search(r"url\(\s*['\"]?(https?:|//)", text)
    data = page_data_of(text)
    last = result_of(log)
    assert data["verdict"]["status"] == "valid" and data["verdict"]["steps"] == last["decisions"]
    assert len(data["decisions"]) == last["decisions"] and len(data["frames"]) == last["decisions"] + 1
    assert data["result"]["scores"] == last["scores"] and data["result"]["ranks"] == last["ranks"]
    assert f"{last['decisions']} decisions" in r.stdout


def test_the_default_page_lies_beside_the_log_named_for_its_eyes(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    shutil.copy(GOLDEN / "innovation_2p_greedy.jsonl", log)
    assert altay("view", str(log)).exit_code == 0
    assert altay("view", str(log), "--view", "seat", "1").exit_code == 0
    assert altay("view", str(log), "--view=all").exit_code == 0
    assert altay("view", str(log), "--view", "seat:0", "-o", str(tmp_path / "s0.html")).exit_code == 0
    names = sorted(p.name for p in tmp_path.glob("*.html"))
    assert names == ["game.all.html", "game.html", "game.seat-1.html", "s0.html"]
    assert page_data_of((tmp_path / "game.seat-1.html").read_text())["eyes"] == {
        "kind": "seat",
        "seat": 1,
        "text": "seat 1 (greedy-1): what it was sent",
    }


def test_open_hands_the_page_to_the_browser_opener(tmp_path: Path, monkeypatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("altay_cli.commands.view.open_in_browser", opened.append)
    out = tmp_path / "p.html"
    assert altay("view", str(GOLDEN / "mammothodus_1p_greedy.jsonl"), "-o", str(out), "--open").exit_code == 0
    assert opened == [out.resolve().as_uri()]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.jsonl"], "cannot read the game log"),
        (["."], "directory"),
        (["/dev/null"], "not a regular file"),
        (["NOTALOG"], "not JSON"),
        ([str(GOLDEN / "innovation_2p_greedy.jsonl"), "--view", "seat", "2"], "seats of this log are 0 to 1"),
        ([str(GOLDEN / "innovation_2p_greedy.jsonl"), "--view", "everyone"], "give spectator, all or seat N"),
        ([str(GOLDEN / "innovation_2p_greedy.jsonl"), "-o", "."], "directory"),
        (["fifo"], "FIFO"),
        ([str(GOLDEN / "innovation_2p_greedy.jsonl"), "-o", "fifo"], "not a regular file"),
        ([str(GOLDEN / "innovation_2p_greedy.jsonl"), "-o", "/dev/full"], "not a regular file"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(
    tmp_path: Path, monkeypatch, args: list[str], words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "NOTALOG").write_text("hello\n")
    os.mkfifo(tmp_path / "fifo")  # no writer: opening it to read would block
    r = altay("view", *args)
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output
    assert not list(tmp_path.glob("*.html"))


def test_the_page_never_overwrites_its_log(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    shutil.copy(GOLDEN / "innovation_2p_greedy.jsonl", log)
    r = altay("view", str(log), "-o", str(log))
    assert r.exit_code == 2 and "overwrite the log" in r.output
    assert log.read_bytes() == (GOLDEN / "innovation_2p_greedy.jsonl").read_bytes()


def test_a_sealed_truncated_log_needs_its_seed(tmp_path: Path) -> None:
    lines = log_lines(GOLDEN / "innovation_2p_greedy.jsonl")
    seed = lines[-1]["seed"]
    log = tmp_path / "cut.jsonl"
    log.write_bytes(rechained(lines[:41]))  # header and 40 decisions, no result line
    r = altay("view", str(log), "-o", str(tmp_path / "cut.html"))
    assert r.exit_code == 2 and "--seed" in r.output
    r = altay("view", str(log), "-o", str(tmp_path / "cut.html"), "--seed", str(seed))
    assert r.exit_code == 1, r.output
    data = page_data_of((tmp_path / "cut.html").read_text())
    assert data["verdict"]["status"] == "truncated" and data["verdict"]["steps"] == 40
    assert len(data["frames"]) == 41 and data["result"] is None
    assert data["seed"] is None  # an unfinished game's seed reveals its hidden cards


def test_an_edited_log_is_shown_up_to_its_last_good_step_with_the_divergence(tmp_path: Path) -> None:
    lines = log_lines(GOLDEN / "2p_greedy_choose.jsonl")
    decisions = [i for i, line in enumerate(lines) if line["type"] == "decision"]
    lines[decisions[100]]["digest"] = "0" * 32  # re-chained: the game itself gives it away
    log = tmp_path / "edited.jsonl"
    log.write_bytes(rechained(lines))
    r = altay("view", str(log), "-o", str(tmp_path / "all.html"), "--view", "all")
    assert r.exit_code == 1 and "does not verify" in r.output
    data = page_data_of((tmp_path / "all.html").read_text())
    assert data["verdict"]["status"] == "invalid" and data["verdict"]["kind"] == "digest"
    assert data["verdict"]["steps"] == 100 and len(data["frames"]) == 101 and data["result"] is None
    assert (
        "decision 100" in data["verdict"]["message"] and "state digest differs" in data["verdict"]["message"]
    )
    # a spectator reads where and what kind, not the action the message quotes
    spectator = page_data(log, SPECTATOR).data["verdict"]
    assert spectator["kind"] == "digest" and "decision 100" in spectator["message"]
    assert lines[decisions[100]]["action"]["type"] not in spectator["message"]


def test_a_broken_chain_is_shown_up_to_the_line_before_the_break(tmp_path: Path) -> None:
    raw = (GOLDEN / "3p_trading_recommended.jsonl").read_bytes().splitlines()
    edited = json.loads(raw[51])
    edited["time_ms"] = 5.0  # not re-chained: line 53 no longer follows line 52
    raw[51] = json.dumps(edited, separators=(",", ":")).encode()
    log = tmp_path / "broken.jsonl"
    log.write_bytes(b"\n".join(raw) + b"\n")
    built = page_data(log, ALL)
    assert built.verdict.status == "invalid" and built.verdict.divergence.kind == "chain"
    data = built.data
    assert data["verdict"]["status"] == "invalid" and "hash chain breaks" in data["verdict"]["message"]
    assert data["verdict"]["steps"] == 50  # decisions 0-49 are lines 2-51; line 52 is not trusted
    assert data["result"] is None


def test_a_log_of_which_nothing_verifies_is_a_page_with_its_banner_alone(tmp_path: Path) -> None:
    lines = log_lines(GOLDEN / "innovation_2p_greedy.jsonl")
    lines[0]["initial_digest"] = "0" * 32
    log = tmp_path / "bad.jsonl"
    log.write_bytes(rechained(lines))
    r = altay("view", str(log), "-o", str(tmp_path / "bad.html"))
    assert r.exit_code == 1 and "initial_digest" in r.output
    data = page_data_of((tmp_path / "bad.html").read_text())
    assert data["frames"] == [] and data["decisions"] == [] and data["result"] is None
    assert (
        data["verdict"]["kind"] == "initial_digest" and "initial state differs" in data["verdict"]["message"]
    )


def test_a_page_of_a_long_four_player_game_stays_small(tmp_path: Path) -> None:
    """A fixed log, so a fixed size: the 4-player golden (546 decisions) through all eyes, the
    largest frames, is about 0.3 MB; the bound is generous (measured figures in the report)."""
    out = tmp_path / "all.html"
    assert (
        altay("view", str(GOLDEN / "4p_mixed_choose.jsonl"), "--view", "all", "-o", str(out)).exit_code == 0
    )
    assert out.stat().st_size < 1_000_000


@pytest.mark.parametrize("drawn", [True, False], ids=["the game's drawing", "the generic frames"])
def test_frames_decode_to_exactly_what_was_recorded(drawn: bool, monkeypatch) -> None:
    log = GOLDEN / "mammothodus_2p_discoveries_mixed.jsonl"
    game = load_game("mammothodus")
    drawing = game.drawing if drawn else None
    if not drawn:
        monkeypatch.setattr(type(game), "drawing", property(lambda self: None))
    built = page_data(log, ALL)
    recorded: list[str] = []

    def record(d, before, after) -> None:  # (the frame shares the state's lists: copy at once)
        if not recorded:
            recorded.append(repr(frames.as_json(frame_of(game, drawing, before, ALL))))
        recorded.append(repr(frames.as_json(frame_of(game, drawing, after, ALL))))

    replay_log(log, on_step=record)
    decoded = list(frames.decode(built.data["frames"]))
    assert len(decoded) == len(recorded) == 407
    assert [repr(frame) for frame in decoded] == recorded  # repr: true is not 1, 1.0 is not 1
    keyframes = sum("k" in entry for entry in built.data["frames"])
    assert keyframes == -(-len(recorded) // frames.KEYFRAME_EVERY)


def test_decisions_hold_legal_actions_and_info_only_for_entitled_eyes(tmp_path: Path) -> None:
    log = marked_log(tmp_path / "toy.jsonl", TOY_GAME, 3, 41)
    spectator = page_data(log, SPECTATOR).data
    seat1 = page_data(log, seat_eyes(1)).data
    everything = page_data(log, ALL).data
    for d in spectator["decisions"]:
        assert d["text"] == f"P{d['seat']} decided" and not {"legal", "chosen", "info"} & set(d)
    for d in seat1["decisions"]:
        assert ("legal" in d) == (d["seat"] == 1)
        assert ("info" in d) == (d["seat"] == 1 and d["status"] != "default")  # (a timeout has none)
    for d in everything["decisions"]:
        assert d["legal"][d["chosen"]] == d["text"]
    timeout = everything["decisions"][3]
    assert timeout["status"] == "default" and timeout["failures"][0]["status"] == "timeout"
    assert "detail" in timeout["failures"][0] and "detail" not in spectator["decisions"][3]["failures"][0]


def test_the_clock_is_recomputed_from_the_header_and_the_times(tmp_path: Path) -> None:
    log = marked_log(tmp_path / "toy.jsonl", TOY_GAME, 2, 7, timeout_at=2)
    decisions = page_data(log, ALL).data["decisions"]
    seat0 = [d for d in decisions if d["seat"] == 0]
    seat1 = [d for d in decisions if d["seat"] == 1]
    # seat 0: 1000 ms a move, 600 ms bank, +100 a decision; answered in 40-46 ms: +100 each time
    assert seat0[0]["clock"]["bank_before_ms"] == 600 and seat0[0]["clock"]["bank_after_ms"] == 700
    # its timeout (decision 2, played for it) empties the bank: only the increment is left
    assert decisions[2]["status"] == "default" and decisions[2]["clock"]["bank_after_ms"] == 100
    # seat 1 has its own clock: 20 ms a move, no bank; 20-26 ms over each time, the bank stays empty
    assert all(d["clock"]["move_ms"] == 20 for d in seat1)
    assert seat1[0]["clock"] == {
        "kind": "wall",
        "move_ms": 20,
        "increment_ms": 100,
        "bank_before_ms": 0.0,
        "bank_after_ms": 100.0,
    }
    assert seat1[1]["clock"]["bank_after_ms"] == round(
        100 - (decisions[seat1[1]["n"]]["time_ms"] - 20) + 100, 1
    )


def test_the_drawn_toy_game_gets_its_drawing_statics_and_script(tmp_path: Path) -> None:
    log = marked_log(tmp_path / "drawn.jsonl", TOY_DRAWN, 2, 3)
    out = tmp_path / "drawn.html"
    assert altay("view", str(log), "-o", str(out)).exit_code == 0
    text = out.read_text()
    data = page_data_of(text)
    assert data["game"]["drawing"] is True and data["statics"] == {"cards": [1, 2, 3, 4, 5], "copies": 3}
    assert 'window.altayGames["toy-drawn"]' in text
    first = data["frames"][0]["k"]
    assert first["hands"] == [None, None] and first["hand_sizes"] == [2, 2]


def test_match_prints_the_view_command_with_its_result(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    r = altay("match", "--game", TOY_GAME, "random", "random", "--log", str(log), "--sandbox", "off")
    assert r.exit_code in (0, 1), r.output
    assert f"altay view {log} -o {tmp_path / 'm.html'} --open" in r.stdout
    assert altay("view", str(log), "-o", str(tmp_path / "m.html")).exit_code == 0
    r = altay(
        "match", "--game", TOY_GAME, "random", "random", "--log", str(log), "--sandbox", "off", "--json"
    )
    assert "altay view" not in r.output and json.loads(r.stdout)  # --json: the result alone


def test_replay_prints_the_view_command_for_its_log() -> None:
    log = GOLDEN / "innovation_3p_1e_mixed.jsonl"
    r = altay("replay", str(log))
    assert r.exit_code == 0 and f"altay view {log} -o " in r.stdout
    r = altay("replay", str(log), "--json")
    json.loads(r.output)  # the JSON alone, on stdout and stderr
    assert "altay view" not in altay("replay", "nothing.jsonl").output


def test_arena_prints_the_view_command_for_one_of_its_logs(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["arena", "--game", TOY_GAME, "a=random", "b=random 7", "-p", "2", "--games", "1"]
    r = altay(*args, "--out", str(out), "--sandbox", "off", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    json.loads(r.stdout)
    first = min((out / "logs").glob("*.jsonl"))
    assert f"altay view {first}" in r.stderr


def test_bench_view_times_a_page_through_every_eyes() -> None:
    r = altay(
        "bench", "view", "--log", str(GOLDEN / "innovation_3p_1e_mixed.jsonl"), "--rounds", "1", "--json"
    )
    assert r.exit_code == 0, r.output
    result = json.loads(r.stdout)
    assert result["decisions"] == 107 and result["players"] == 3 and result["rounds"] == 1
    assert set(result["cpu_s"]) == set(result["page_mb"]) == {"spectator", "seat 0", "all"}
    assert all(cpu["median"] > 0 for cpu in result["cpu_s"].values())
    assert altay("bench", "view", "--log", "missing.jsonl").exit_code == 2


def test_a_page_says_who_signed_its_log_and_refuses_another_key(tmp_path: Path) -> None:
    from altay_cli.gamelog import LogWriter, parse_line
    from altay_cli.logsign import generate

    signer = generate(tmp_path / "organiser.key")
    generate(tmp_path / "other.key")
    lines = log_lines(GOLDEN / "innovation_3p_1e_mixed.jsonl")

    log = tmp_path / "signed.jsonl"
    header = {
        **lines[0],
        "config": {**lines[0]["config"], "seed": lines[-1]["seed"]},
        "seed_commitment": None,
    }
    with LogWriter(log, signer=signer) as writer:  # the golden game again, sealed and signed anew
        for i, line in enumerate([header, *lines[1:]]):
            writer.write(parse_line(json.dumps(line).encode(), i + 1))
    ok = altay(
        "view", str(log), "-o", str(tmp_path / "ok.html"), "--public-key", str(tmp_path / "organiser.key.pub")
    )
    assert ok.exit_code == 0, ok.output
    data = page_data_of((tmp_path / "ok.html").read_text())
    assert data["log"]["signed_by"] == signer.fingerprint and data["verdict"]["steps"] == 107
    other = altay(
        "view", str(log), "-o", str(tmp_path / "no.html"), "--public-key", str(tmp_path / "other.key.pub")
    )
    assert other.exit_code == 1 and "not by the required key" in other.output
    data = page_data_of((tmp_path / "no.html").read_text())
    assert (
        data["verdict"]["kind"] == "signature" and data["verdict"]["steps"] == 107 and data["result"] is None
    )
