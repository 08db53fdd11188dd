"""A person at a terminal plays `altay play` against the greedy bot (a real subprocess run by
the referee): mistakes, undo, save, quit, then `--load` and `load` to finish the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.play_helpers import REPO, altay_argv

pexpect = pytest.importorskip("pexpect")

GAME = ["play", "--seed", "7", "--recommended", "--max-rounds", "2", "--seat", "1=greedy"]
PROMPT = "P0> "


def spawn(args: list[str]):
    argv = altay_argv()
    child = pexpect.spawn(
        argv[0], [*argv[1:], *args], cwd=str(REPO), encoding="utf-8", timeout=30, dimensions=(50, 120)
    )
    return child


def ask(child, line: str, *expect: str) -> None:
    """Type a line at the prompt, then expect each text in order and the next prompt."""
    child.sendline(line)
    for text in expect:
        child.expect_exact(text)
    child.expect_exact(PROMPT)


def test_a_person_plays_a_whole_game_with_mistakes_undo_save_and_load(tmp_path: Path) -> None:
    saved = tmp_path / "halfway.jsonl"
    child = spawn(GAME)
    try:
        child.expect_exact("Seats: P0 you, P1 greedy (bot)")
        child.expect_exact("You are P0 Earthfolk")
        child.expect_exact("Legal actions (7)")
        child.expect_exact(PROMPT)
        # mistakes: each is explained and changes nothing
        ask(child, "play Farmer", "you have no Farmer in hand or archive", "Legal play actions now:")
        ask(child, "attack 1 13 Warrior", "the attack must exceed the conquest marker's value")
        ask(child, "dance", "unknown command 'dance'")
        ask(child, "play Digger", "'play Digger' matches 2 legal actions", "play Digger 0", "play Digger 1")
        # real moves, an undo, and the move again
        ask(child, "pl hun", "P0 (you): play Hunter: produce F", "pool     F1")
        ask(child, "undo", "Undo: took back 1 decision(s) of yours", "hand     Digger, Hunter, Settler")
        ask(child, "0", "P0 (you): play Hunter: produce F")
        ask(child, "play digger 1", "P0 (you): play Digger: produce S", "pool     F1 S1")
        ask(child, "buy farmer", "P0 (you): buy Farmer paying F")
        ask(child, "end", "P1 greedy: ", "P1 greedy: end the turn", "Round 2 of 2")
        ask(child, f"save {saved}", "Saved 11 decisions", "altay play --load")
        child.sendline("quit")
        child.expect_exact("Left the game (quit)")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert saved.exists()

    child = spawn(["play", "--load", str(saved), "--seat", "1=greedy"])
    try:
        child.expect_exact(f"Continuing {saved}: 11 decisions replayed.")
        child.expect_exact("Round 2 of 2")
        child.expect_exact(PROMPT)
        ask(child, "play hunter", "P0 (you): play Hunter: produce F")
        ask(child, f"load {saved}", f"Loaded {saved}: 11 decisions replayed.", "Round 2 of 2")
        ask(child, "history 2", "P1 greedy: end the turn")
        ask(child, "board", "# terrain   holder  marker  VP  next to")
        child.sendline("end")
        child.expect_exact("P1 greedy: end the turn")
        child.expect_exact("Game over after 2 rounds: round limit reached")
        child.expect_exact("Rank")
        child.expect_exact("Winner:")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
