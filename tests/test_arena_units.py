"""A program bot's unit (what the sandbox binds for it) and how a worker's differs from the
coordinator's (arena/units.py), without a cluster: tests/test_arena_cluster.py checks workers."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from arena.params import ArenaParams, BotEntry
from arena.units import (
    Inspection,
    content_hash,
    difference,
    inspect_here,
    program_bots,
    share_cores,
    unit_paths,
)

BOT = "import sys\nfor line in sys.stdin: pass\n"


def _bot(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bot.py").write_text(BOT)
    (folder / "data").mkdir(exist_ok=True)
    (folder / "data" / "book.txt").write_text("e4\n")
    return folder / "bot.py"


def test_a_unit_is_the_bot_s_folder_its_bot_ro_paths_and_its_interpreter(tmp_path: Path) -> None:
    bot = _bot(tmp_path / "mine")
    extra = tmp_path / "weights"
    extra.mkdir()
    paths = unit_paths(f"{sys.executable} {bot}", [str(extra)], str(tmp_path))
    assert str(bot.parent) in paths and str(extra) in paths
    assert os.path.realpath(sys.executable) in paths  # the interpreter's identity
    assert not any(p == sys.prefix or p == os.path.dirname(sys.executable) for p in paths)


def test_built_in_bots_have_no_unit() -> None:
    params = ArenaParams(
        bots=(BotEntry("r", "random 3"), BotEntry("g", "greedy"), BotEntry("p", "./p.py")), players=2, games=1
    )
    assert [name for name, _, _ in program_bots(params)] == ["p"]


def test_a_content_hash_changes_with_a_byte_a_name_or_an_executable_bit(tmp_path: Path) -> None:
    bot = _bot(tmp_path / "b")
    before = content_hash(str(tmp_path / "b"))
    assert before == content_hash(str(tmp_path / "b")) and content_hash(str(tmp_path / "none")) == "missing"
    (bot.parent / "data" / "book.txt").write_text("d4\n")
    edited = content_hash(str(tmp_path / "b"))
    bot.chmod(0o755)
    assert len({before, edited, content_hash(str(tmp_path / "b"))}) == 3
    (bot.parent / "data" / "book.txt").rename(bot.parent / "data" / "book2.txt")
    assert content_hash(str(tmp_path / "b")) not in {before, edited}


def test_a_worker_that_differs_is_named_with_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here_bot = _bot(tmp_path / "b")
    bots = [("p", f"{sys.executable} {here_bot}", [])]
    monkeypatch.chdir(tmp_path)
    here = inspect_here(bots)
    assert difference("w1", here, here) is None
    (here_bot.parent / "data" / "book.txt").write_text("d4\n")  # the "worker" now has another book
    there = inspect_here(bots)
    from arena.units import tree

    theirs = tree(str(here_bot.parent))
    (here_bot.parent / "data" / "book.txt").write_text("e4\n")
    why = difference("w1", here, there, lambda folder: theirs or {})
    assert why == (
        f"worker w1: bot p's {here_bot.parent / 'data' / 'book.txt'} differs from the coordinator's copy; "
        "every worker needs the bot's files at the same path with the same content"
    )
    gone = inspect_here([("p", f"{sys.executable} {tmp_path / 'elsewhere' / 'bot.py'}", [])])
    assert "bot p's " in (difference("w1", here, gone) or "") and "is not there" in (
        difference("w1", here, gone) or ""
    )
    older = type(here)("0.0.1", here.cores, here.load, here.units)
    assert "worker w1 runs altay 0.0.1 and this coordinator altay" in (difference("w1", here, older) or "")


def test_a_machine_s_workers_share_its_cores_one_game_each() -> None:
    def said(machine: str, cores: int) -> Inspection:
        return Inspection("1", cores, 0.0, [], machine)

    found = {"tcp://a:1": said("a", 2), "tcp://a:2": said("a", 2), "tcp://a:3": said("a", 2)}
    found |= {"tcp://b:1": said("b", 8), "tcp://c:1": said("c", 1)}
    assert share_cores(found) == {"tcp://a:1": 1, "tcp://a:2": 1, "tcp://b:1": 1, "tcp://c:1": 1}
