"""`altay play` driven by a script through a pipe, in text and in --json mode.

Seed 7 with the recommended setup: seat 0 (Earthfolk) opens with Digger, Hunter, Settler,
Village and Warrior; `--max-rounds 2` makes a whole game a handful of commands.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import orjson

from altay_cli.replay import replay_log
from tests.play_helpers import REPO, altay_argv, json_lines, run_altay

GAME = ["--seed", "7", "--recommended", "--max-rounds", "2"]
VS_POLICY = [*GAME, "--seat", "1=policy:greedy"]


def test_text_pipe_plays_a_whole_game() -> None:
    commands = "play Hunter\nplay dig 1\nbuy Farmer\nend\nplay Hunter\nend\n"
    res = run_altay(["play", *VS_POLICY], commands)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "P0 (you): play Hunter: produce F" in out
    assert "P0 (you): play Digger: produce S" in out
    assert "P0 (you): buy Farmer paying F" in out
    assert "P1 greedy-1: " in out  # the other seat's moves are shown
    assert "Game over after 2 rounds" in out and "Winner:" in out
    assert "Rank" in out and "VP" in out  # the score table
    assert "P0> " not in out  # no prompt when stdin is not a terminal
    assert res.stderr == ""


def test_text_mistakes_leave_the_game_unchanged() -> None:
    commands = "play Farmer\nbuy\nfrobnicate\n42\nsettle 3\nplay Hunter\nhistory\n"
    res = run_altay(["play", *VS_POLICY], commands)
    out = res.stdout
    assert res.returncode == 0
    assert "'play Farmer': you have no Farmer in hand or archive" in out
    assert "Legal play actions now: play Hunter, play Digger 0" in out
    assert "'buy': no buy action is legal now. Possible now: play, attack, end" in out
    assert "unknown command 'frobnicate'" in out and "`help`" in out
    assert "there is no action 42: choose 0 to 6" in out
    assert "Settle is not possible during a turn's main phase" in out
    # none of the mistakes was applied: the history holds exactly the one real move
    history = out.split("play Hunter: produce F", 1)[1]
    assert "   0  P0 (you): play Hunter: produce F" in history
    assert "   1  " not in history
    assert "Left the game (end of input)" in out


def test_ambiguous_text_lists_the_options() -> None:
    res = run_altay(["play", *VS_POLICY], "play Digger\nplay hun\nbuy\n")
    out = res.stdout
    assert "'play Digger' matches 2 legal actions" in out
    assert "play Digger 0" in out and "play Digger 1" in out
    assert "'buy' matches 4 legal actions" in out and "buy Stonecutter F" in out


def test_json_pipe_answers_one_line_per_command() -> None:
    commands = [
        "play Hunter",
        "play Hunter",  # a mistake: no second Hunter
        '{"type": "play", "card": "Digger", "effect": 1}',
        '{"index": 99}',
        "{not json",
        "buy",
        "actions",
        "hand",
        '{"index": 0}',
        "end",
        "end",
    ]
    res = run_altay(["play", *VS_POLICY, "--json"], "\n".join(commands) + "\n")
    assert res.returncode == 0, res.stderr
    msgs = json_lines(res.stdout)
    assert len(msgs) == 1 + len(commands)  # the first decision, then one answer per command
    first, *answers = msgs
    assert first["type"] == "decide" and first["seat"] == 0 and "seed" not in first["config"]
    assert {"type": "end", "archive": None} in first["legal"]
    assert "hand" in first["observation"]["you"]
    assert answers[0]["type"] == "decide" and answers[0]["events"][0]["action"]["card"] == "Hunter"
    assert answers[1]["type"] == "error" and "no Hunter" in answers[1]["error"]
    assert answers[2]["type"] == "decide" and answers[2]["events"][0]["action"]["effect"] == 1
    assert answers[3]["type"] == "error" and "no action 99" in answers[3]["error"]
    assert answers[4]["type"] == "error" and "not valid JSON" in answers[4]["error"]
    assert answers[5]["type"] == "error" and answers[5]["error"].startswith("'buy' matches")
    assert answers[5]["candidates"][0]["command"] == "buy Farmer F"
    assert answers[6]["type"] == "actions" and answers[6]["legal"] == answers[2]["legal"]
    assert answers[7]["type"] == "observation"
    assert answers[8]["type"] == "decide"
    assert answers[9]["type"] == "decide" and answers[9]["round"] == 2
    assert any(e["seat"] == 1 for e in answers[9]["events"])  # the bot's turn, as events
    result = answers[10]
    assert result["type"] == "result" and result["finished"] and result["end_reason"] == "round_limit"
    assert len(result["scores"]) == 2 and result["names"] == ["human-0", "greedy-1"]


def test_json_error_leaves_the_state_unchanged() -> None:
    res = run_altay(
        ["play", *VS_POLICY, "--json"], '{"type": "attack", "from": 1, "to": 13, "cards": []}\nstate\n'
    )
    first, error, state = json_lines(res.stdout)[:3]
    assert error["type"] == "error" and error["error"].startswith("illegal action:")
    assert "at least one card" in error["error"]
    assert state["observation"] == first["observation"]


def test_json_undo_restores_the_position() -> None:
    res = run_altay(["play", *VS_POLICY, "--json"], "play Hunter\nplay Digger 0\nundo 2\nundo\n")
    first, _, _, undone, nothing, bye = json_lines(res.stdout)
    assert undone["type"] == "decide" and undone["undone"] == 2
    assert undone["observation"] == first["observation"] and undone["legal"] == first["legal"]
    assert nothing["type"] == "error" and "nothing to undo" in nothing["error"]
    assert bye == {"type": "bye", "reason": "end of input", "decisions": 0, "finished": False}


def test_undo_takes_back_the_bots_replies_too() -> None:
    res = run_altay(["play", *VS_POLICY], "end\nundo\nhistory\n")
    out = res.stdout
    assert "Undo: took back 1 decision(s) of yours and" in out and "of other seats" in out
    assert out.rstrip().endswith("Use `save FILE` to keep a game.")
    assert "no decisions yet" in out


def test_save_then_load_in_another_process(tmp_path: Path) -> None:
    saved = tmp_path / "half.jsonl"
    res = run_altay(["play", *VS_POLICY, "--json"], f"play Hunter\nend\nplay Hunter\nsave {saved}\nquit\n")
    msgs = json_lines(res.stdout)
    assert msgs[-2] == {"type": "saved", "path": str(saved), "decisions": msgs[-2]["decisions"]}
    assert msgs[-1]["type"] == "bye" and msgs[-1]["reason"] == "quit"
    before = msgs[3]  # the position after the last move, when it was saved
    assert replay_log(saved).ok
    res = run_altay(["play", "--load", str(saved), "--seat", "1=policy:greedy", "--json"], "end\n")
    first, result = json_lines(res.stdout)
    assert first["observation"] == before["observation"]
    assert result["type"] == "result" and result["rounds"] == 2
    text = run_altay(["play", "--load", str(saved), "--seat", "1=policy:greedy"], "hand\n").stdout
    assert f"Continuing {saved}:" in text and "decisions replayed" in text


def test_log_option_writes_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    res = run_altay(["play", *VS_POLICY, "--log", str(log)], "end\nend\n")
    assert res.returncode == 0 and f"Game log: {log}" in res.stdout
    verdict = replay_log(log, strict=True)
    assert verdict.ok and verdict.result.finished
    header = orjson.loads(log.read_bytes().splitlines()[0])
    assert header["source"] == "play"
    assert [s["kind"] for s in header["seats"]] == ["human", "policy"]


def test_hot_seat_announces_who_decides() -> None:
    res = run_altay(["play", "--seed", "3", "--max-rounds", "1"], "faction earth\nelven\nstart 1\n4\n")
    out = res.stdout
    assert "Seats: P0 human, P1 human." in out
    assert "--- P1 must decide now: pass the keyboard to P1 ---" in out
    assert "--- P0 Earthfolk must decide now: pass the keyboard to P0 ---" in out
    assert "P1: take the Elvenfolk faction" in out


def test_bot_seat_through_the_real_referee(tmp_path: Path) -> None:
    log = tmp_path / "bot.jsonl"
    commands = "play Hunter\nend\nundo\nend\nend\n"  # undo takes back the bot's turn too
    res = run_altay(["play", *GAME, "--seat", "1=greedy", "--log", str(log)], commands)
    assert res.returncode == 0, res.stderr
    assert "P1 greedy: " in res.stdout and "Game over" in res.stdout
    assert "Undo: took back 1 decision(s) of yours and" in res.stdout
    assert " failed (" not in res.stdout
    verdict = replay_log(log)
    assert verdict.ok, verdict.message
    assert verdict.header.seats[1].command == "greedy"
    assert all(d.request_id is not None for d in verdict.decisions if d.seat == 1)


def test_failing_bot_gets_the_first_legal_action(tmp_path: Path) -> None:
    bot = tmp_path / "quitter.py"
    bot.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'ready'}), flush=True)\n"
        "    elif msg['type'] == 'request':\n"
        "        print('bye', file=sys.stderr, flush=True)\n"
        "        sys.exit(5)\n"
    )
    log = tmp_path / "quitter.jsonl"
    res = run_altay(["play", *GAME, "--seat", f"1=python3 {bot}", "--log", str(log)], "end\nend\n")
    assert res.returncode == 0, res.stderr
    assert "! P1 quitter failed (crash: the bot exited (exit code 5)" in res.stdout
    assert "[default action]" in res.stdout
    verdict = replay_log(log)
    assert verdict.ok, verdict.message
    assert [(f.status, f.consequence) for f in verdict.failures] == [("crash", "default_action")]
    assert "bye" in verdict.stderr[0].text


def test_bad_options_exit_2_with_a_hint(tmp_path: Path) -> None:
    res = run_altay(["play", "--seat", "5=greedy"])
    assert res.returncode == 2 and "seats are numbered 0 to 1" in res.stderr
    res = run_altay(["play", "--seat", "greedy"])
    assert res.returncode == 2 and "expected SEAT=WHO" in res.stderr
    res = run_altay(["play", "--seat", "1=gredy"])
    assert res.returncode == 2 and "no program 'gredy' on the PATH" in res.stderr
    res = run_altay(["play", "--seat", "1=policy:genius"])
    assert res.returncode == 2 and "unknown policy 'genius'" in res.stderr
    res = run_altay(["play", "--factions", "Earthfolk,Dwarves"])
    assert res.returncode == 2 and "unknown faction 'Dwarves'" in res.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n")
    res = run_altay(["play", "--load", str(bad)])
    assert res.returncode == 2 and "cannot continue" in res.stderr


def test_help_teaches_with_examples() -> None:
    out = run_altay(["play", "--help"]).stdout
    assert "altay play --seat 1=greedy" in out and "printf 'play Hunter" in out
    assert "play Farmer 1" in out and "undo [N]" in out
    out = run_altay(["replay", "--help"]).stdout
    assert "Exit codes:" in out and "truncated" in out and "--show --seat 0" in out
    res = run_altay(["play", *VS_POLICY], "help\n")
    assert "buy Worker FWS" in res.stdout and "save FILE" in res.stdout


def test_json_conversation_one_answer_at_a_time() -> None:
    """A script can hold a conversation: send one line, read one answer, decide, repeat."""
    proc = subprocess.Popen(
        [*altay_argv(), "play", *VS_POLICY, "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        msg = orjson.loads(proc.stdout.readline())
        answers = 0
        while msg["type"] == "decide":
            last = len(msg["legal"]) - 1  # `end` (nobody has Writing this early, so it is last)
            proc.stdin.write(orjson.dumps({"index": last}).decode() + "\n")
            proc.stdin.flush()
            msg = orjson.loads(proc.stdout.readline())
            answers += 1
        assert msg["type"] == "result" and answers == 2
        proc.stdin.close()
        assert proc.wait(timeout=10) == 0
    finally:
        proc.kill()


def test_match_and_play_read_the_same_game_options() -> None:
    """--factions is Altay's option, read once by the game for every command: lower case works in
    `play` as in `match`, and the same mistake gets the same message from both."""
    played = run_altay(
        ["play", "--factions", "firefolk,smallfolk", "--seat", "1=policy:random", "--json"], "quit\n"
    )
    assert played.returncode == 0, played.stderr
    first = json_lines(played.stdout)[0]
    assert first["config"]["factions"] == ["Firefolk", "Smallfolk"] and first["game"] == "altay"
    matched = run_altay(["match", "random", "random", "--factions", "FIREFOLK,smallfolk", "--json"])
    assert matched.returncode == 0 and orjson.loads(matched.stdout)["factions"] == ["Firefolk", "Smallfolk"]
    for command in (["play"], ["match", "random", "random"]):
        r = run_altay([*command, "--factions", "firefolk,dwarves"], "quit\n")
        assert r.returncode == 2 and "unknown faction 'dwarves'" in r.stderr, r.stderr


def test_load_restores_the_bot_seats_and_never_shows_a_bots_hand(tmp_path) -> None:
    saved = tmp_path / "s.jsonl"
    first = run_altay(
        ["play", "--seed", "5", "--recommended", "--seat", "1=greedy"], f"play Hunter\nsave {saved}\nquit\n"
    )
    assert first.returncode == 0 and "P1 greedy will play as before" in first.stdout, first.stdout
    again = run_altay(["play", "--load", str(saved), "--json"], "quit\n")
    decide = json_lines(again.stdout)[0]
    assert decide["type"] == "decide" and decide["seat"] == 0
    assert [s["kind"] for s in decide["seats"]] == ["human", "bot"] and decide["seats"][1][
        "command"
    ] == "greedy"
    # what the person sees is seat 0's observation: seat 1's hand stays hidden
    assert decide["observation"]["seat"] == 0
    # naming the seat overrides what the log recorded
    third = run_altay(["play", "--load", str(saved), "--seat", "1=policy:random", "--json"], "quit\n")
    assert json_lines(third.stdout)[0]["seats"][1]["kind"] == "policy"


def test_json_decide_counts_innovation_in_turns() -> None:
    """Innovation counts its length in turns: each `decide` says the turn (and the round) so far."""
    argv = ["play", "--game", "innovation", "--seed", "5", "--seat", "1=policy:greedy", "--json"]
    answers = json_lines(run_altay(argv, "1\n" * 6).stdout)
    decides = [a for a in answers if a["type"] == "decide"]
    assert [d["turn"] for d in decides[:2]] == [0, 1]  # the first meld is no turn; then turn 1
    turns = [d["turn"] for d in decides]
    assert turns == sorted(turns) and turns[-1] > 1
    assert all(d["round"] <= d["turn"] for d in decides)
