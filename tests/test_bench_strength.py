"""`altay bench strength`: the bots' strength table is read from real arenas (played by the real
`altay arena` command), its figures are those arenas' own, and bad options are refused."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from click.testing import CliRunner

from altay_cli.bench_strength import elo_of_share, markdown
from altay_cli.cli import main


def test_elo_of_a_share() -> None:
    assert elo_of_share(0.5) == 0.0
    assert elo_of_share(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert elo_of_share(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_of_share(1.0) == math.inf and elo_of_share(0.0) == -math.inf


def _report(folder) -> dict:
    proc = subprocess.run(
        [sys.executable, "-m", "altay_cli", "arena", "report", str(folder), "--json"],
        capture_output=True,
        check=True,
    )
    return json.loads(proc.stdout)


def test_the_table_comes_from_the_arenas_it_played(tmp_path) -> None:
    """One deal of Altay (short games) and of Mammothodus at 1 and 4 clans: every row's figures
    are its arena's own (kept with --out), the search bot is measured where a sampler exists,
    and the Markdown table has a row per figure."""
    out = tmp_path / "arenas"
    runner = CliRunner()
    result = runner.invoke(
        main,
        [
            *("bench", "strength", "--game", "altay", "--game", "mammothodus", "--deals", "1"),
            *("--move-ms", "20", "--seed", "5", "--out", str(out), "--json"),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert "strength: arena 3 of 3: mammothodus, 4 clans, one program" in result.stderr
    rows = data["rows"]
    altay = {r["bot"]: r for r in rows if r["game"] == "altay"}
    assert set(altay) == {"greedy", "search"}  # random is the yardstick
    board = _report(out / "altay")
    for bot, row in altay.items():
        cell = board["head_to_head_95"][bot]["random"]
        assert row["share"] == pytest.approx(cell["share"], abs=1e-4)
        assert [row["low"], row["high"]] == cell["interval"]
        assert row["games"] == 2 and row["deals"] == 1  # one deal, both seatings
        elo = elo_of_share(row["share"])
        assert row["elo"] == (None if math.isinf(elo) else pytest.approx(elo, abs=0.1))  # JSON has no inf
    assert altay["search"]["vs_greedy"] is not None and altay["greedy"]["vs_greedy"] is None
    for clans in (1, 4):
        team = {r["bot"]: r for r in rows if r["game"] == "mammothodus" and r["players"] == clans}
        board = _report(out / f"mammothodus-{clans}")
        assert board["arena"]["teams"] == "self" and board["arena"]["players"] == clans
        for entry in board["leaderboard"]:
            assert team[entry["bot"]]["share"] == pytest.approx(entry["win_rate"], abs=1e-4)
            assert team[entry["bot"]]["measure"] == "team win rate"
        # the search bot against greedy on the same deal: the arena's own paired figures
        (pair,) = [p for p in board["paired"] if {p["a"], p["b"]} == {"search", "greedy"}]
        ahead, behind = (
            (pair["a_only"], pair["b_only"]) if pair["a"] == "search" else (pair["b_only"], pair["a_only"])
        )
        assert team["search"]["vs_greedy_deals"] == [ahead, behind, pair["p_value"]]
        assert team["greedy"]["vs_greedy_deals"] is None and team["random"]["vs_greedy_deals"] is None
    assert {a["game"] for a in data["arenas"]} == {"altay", "mammothodus"} and data["cpu_hours"] > 0
    table = markdown(data)
    assert table.count("\n| altay |") == 2 and "team win rate, 4 clans" in table
    assert table.count("same deals: ") == 2  # the search bot's rows at 1 and 4 clans
    assert data["command"] in table


def test_a_used_out_folder_is_refused(tmp_path) -> None:
    (tmp_path / "x").write_text("mine")
    result = CliRunner().invoke(main, ["bench", "strength", "--out", str(tmp_path), "--deals", "1"])
    assert result.exit_code == 2 and "not empty" in result.output
    assert (tmp_path / "x").read_text() == "mine"
