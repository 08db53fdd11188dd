"""`altay bench cluster`: the coordinator's real intake against a simulated fleet (a smoke run
of a few short games; the figures themselves are not asserted, being the machine's)."""

from __future__ import annotations

import orjson
from click.testing import CliRunner

from altay_cli.cli import main


def test_the_bench_stores_every_game_of_each_simulated_fleet_and_reports_its_costs() -> None:
    done = CliRunner().invoke(
        main,
        ["bench", "cluster", "--games", "8", "--cores", "20,80", "--max-rounds", "1", "--json"],
    )
    assert done.exit_code == 0, done.output
    result = orjson.loads(done.stdout)
    assert result["games"] == 8 and result["decisions_per_game"] > 0 and result["log_kib"] > 0
    assert [f["cores"] for f in result["fleets"]] == [20, 80]
    assert [f["workers"] for f in result["fleets"]] == [2, 8]
    for fleet in result["fleets"]:
        assert fleet["stored_per_s"] > 0 and fleet["coordinator_cpu_ms_per_game"] > 0
        assert set(fleet["ms_per_game"]) == {"decode", "check_replay_write_sign", "commit"}
        assert isinstance(fleet["kept_up"], bool)
    assert result["cores_kept_busy"] == int(result["ceiling_games_per_s"] * result["real_game_s"])
    bad = CliRunner().invoke(main, ["bench", "cluster", "--cores", "ten"])
    assert bad.exit_code == 2 and "give core counts like 250,1000" in bad.output
