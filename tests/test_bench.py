"""`altay bench engine`, `bench match` and `bench all`, driven as a user runs them: the shape of
their figures (CPU time, rounds, median and spread, the machine), never their values."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.engine import game_names, load_game


def _json(*args: str) -> Any:
    r = CliRunner().invoke(main, ["bench", *args, "--json"])
    assert r.exit_code == 0, r.output
    return orjson.loads(r.output)


def _is_spread(value: Any) -> bool:
    """A figure over rounds: its median within its lowest and highest, all non-negative."""
    return (
        isinstance(value, dict)
        and set(value) == {"median", "min", "max"}
        and 0 <= value["min"] <= value["median"] <= value["max"]
    )


@pytest.mark.parametrize("game", game_names())
def test_bench_engine_gives_cpu_figures_over_rounds(game: str) -> None:
    """Seconds: 1 game, 2 rounds."""
    out = _json("engine", "--game", game, "--games", "1", "--rounds", "2")
    assert out["game"] == game and out["rounds"] == 2 and out["players"] == 2
    for key in ("legal_apply_cpu_us", "clone_cpu_us", "digest_cpu_us", "observation_cpu_us"):
        assert _is_spread(out[key]), key
    assert _is_spread(out["playouts_20_steps_per_s"])
    assert out["decisions_per_round"] > 0 and out["decisions_per_s"] > 0
    assert "CPU time" in out["notes"]


def test_bench_match_separates_steady_state_from_set_up_and_start_up() -> None:
    """A few seconds: one short Altay game in each of 2 rounds, real bot processes."""
    out = _json("match", "--game", "altay", "--quick", "--games", "1", "--rounds", "2")
    assert out["players"] == 2 and out["rounds"] == 2 and out["game_options"] == {"max_rounds": 10}
    for key in ("steady_cpu_us_per_decision", "setup_cpu_ms_per_game", "match_cpu_us_per_decision"):
        assert _is_spread(out[key]), key
    assert _is_spread(out["startup_cpu_ms"])
    # The whole match per decision holds the steady state and the set-up spread over the game;
    # the whole process adds the start-up on top of the match.
    assert out["process_cpu_us_per_decision"] >= out["match_cpu_us_per_decision"]["median"]
    for key in ("referee_overhead_us", "engine_observation_us", "engine_legal_actions_us"):
        assert out[f"in_loop_{key}_median"] >= 0
    machine = out["machine"]
    assert {"cpu", "cores", "python", "sandbox", "compiled_engine_modules"} <= set(machine)
    assert machine["python"] and machine["cores"] >= 1


def test_bench_match_parts_add_up_to_the_whole_match() -> None:
    """A few seconds: with one game in one round, the whole match's CPU is exactly its steady
    state over every decision plus its set-up (up to the figures' rounding)."""
    out = _json("match", "--game", "mammothodus", "--games", "1", "--rounds", "1")
    n = out["decisions_per_game"]
    whole = out["match_cpu_us_per_decision"]["median"] * n
    parts = out["steady_cpu_us_per_decision"]["median"] * n + 1000 * out["setup_cpu_ms_per_game"]["median"]
    assert abs(whole - parts) <= 0.1 * n + 10, (whole, parts)
    assert out["process_cpu_us_per_decision"] == pytest.approx(
        out["match_cpu_us_per_decision"]["median"] + 1000 * out["startup_cpu_ms"]["median"] / n,
        abs=0.2 + 50 / n,
    )


def test_bench_arena_refuses_an_option_the_game_does_not_have() -> None:
    r = CliRunner().invoke(main, ["bench", "arena", "--game", "mammothodus", "--max-rounds", "3"])
    assert r.exit_code == 2 and "no option max_rounds" in r.output and "Traceback" not in r.output


def test_bench_arena_compares_kept_and_fresh_bots_on_the_same_games() -> None:
    """Seconds: 2 games x 2 modes x 2 rounds. Both modes, each a median within its range, the
    ratio of their games/s, and one digest of the games' final states (every run agreed on it)."""
    out = _json(
        "arena", "--deals", "1", "--workers", "1", "--max-rounds", "3", "--rounds", "2", "--reuse", "both"
    )
    assert out["rounds"] == 2 and out["mode"] == "kept" and set(out["modes"]) == {"kept", "fresh"}
    assert out["workers"] == out["modes"]["kept"] and len(out["digest"]) == 16
    for runs in out["modes"].values():
        run = runs["1"]
        for key in ("games_per_s", "total_cpu_ms_per_game", "parent_cpu_ms_per_game", "seconds"):
            low, high = run[f"{key}_range"]
            assert 0 < low <= run[key] <= high, key
    ratio = out["modes"]["kept"]["1"]["games_per_s"] / out["modes"]["fresh"]["1"]["games_per_s"]
    assert out["kept_vs_fresh"]["1"] == pytest.approx(ratio, rel=0.01)


def test_bench_match_table_names_the_machine() -> None:
    """A few seconds: the table a user reads shows the figures with their spread and the machine."""
    r = CliRunner().invoke(main, ["bench", "match", "--quick", "--games", "1", "--rounds", "1"])
    assert r.exit_code == 0, r.output
    assert "steady_cpu_us_per_decision" in r.output and "machine.cpu" in r.output


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["match", "--rounds", "0"], "--rounds"),
        (["match", "--games", "-1"], "--games"),
        (["match", "--seed", "9" * 40], "--seed"),
        (["engine", "--rounds", "\u0663"], "--rounds"),
        (["all", "--seed", "-5"], "--seed"),
        (["all", "--game", "chess"], "--game"),
    ],
)
def test_bad_numbers_and_games_get_one_sentence(args: list[str], flag: str) -> None:
    r = CliRunner().invoke(main, ["bench", *args])
    assert r.exit_code == 2 and flag in r.output and "Traceback" not in r.output


def test_bench_all_quick_json_has_every_bench_of_every_game_and_the_machine() -> None:
    """About half a minute (the smallest sizes: every bench of every game once)."""
    out = _json("all", "--quick")
    assert out["command"] == "altay bench all --quick"
    assert set(out["games"]) == set(game_names())
    for game, benches in out["games"].items():
        assert set(benches) == {"engine", "match", "protocol", "bots", "view", "replay", "arena"}, game
        assert benches["engine"]["game"] == benches["match"]["game"] == game
        assert benches["arena"]["game"] == game and benches["arena"]["workers"]["1"]["games_per_s"] > 0
        assert _is_spread(benches["match"]["steady_cpu_us_per_decision"])
        assert _is_spread(benches["engine"]["playouts_20_steps_per_s"])
    # The table's rows: one figure per game in each, all present (the greedy bot's where the
    # game has one: the tests' toy game has none).
    for label, row in out["summary"].items():
        assert set(row) == set(game_names()), label
        for game, value in row.items():
            has = not label.startswith("bots: greedy") or "greedy" in load_game(game).search.in_process_bots
            assert (value is not None) == has, (label, game)
    assert {"cpu", "cores", "python", "sandbox"} <= set(out["machine"])
    assert _is_spread(benches["replay"]["decisions_per_s"]) and benches["replay"]["decisions"] > 0
    assert "extra_cpu_us_per_decision" in out["cgroup_cpu_read"]
    assert "games_per_s_ratio_on_vs_off" in out["sandbox"] or "unavailable" in out["sandbox"]


def test_bench_all_markdown_is_the_readme_table() -> None:
    """A few seconds: one game's quick benches, as the README's Speed section holds them."""
    r = CliRunner().invoke(main, ["bench", "all", "--quick", "--markdown", "--game", "altay"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "| figure | altay |" and lines[1] == "|---|---|"
    rows = [line for line in lines[2:] if line.startswith("| ")]
    assert len(rows) >= 20 and all(line.count("|") == 3 for line in rows)
    assert lines[-1].startswith("`altay bench all --quick`, seed 1,") and "cores" in lines[-1]
    both = CliRunner().invoke(main, ["bench", "all", "--quick", "--markdown", "--json"])
    assert both.exit_code == 2 and "not both" in both.output


def test_bench_all_table_has_a_column_per_game() -> None:
    """A few seconds more than one game's quick benches."""
    r = CliRunner().invoke(main, ["bench", "all", "--quick", "--game", "mammothodus"])
    assert r.exit_code == 0, r.output
    assert "mammothodus" in r.output and "altay bench all --quick" in r.output
    assert "machine:" in r.output and "match: referee steady CPU" in r.output
