"""Golden game logs pin the rules down: every one must replay exactly, with invariants.

If a rules change makes one fail and the change is intended, regenerate them:
    python -m tests.golden.regenerate
then review `git diff --stat tests/golden` and commit the new logs with the change.
"""

from __future__ import annotations

import pytest

from altay_cli.replay import replay_log
from tests.golden.regenerate import GOLDENS, REGENERATE, golden_bytes
from tests.play_helpers import GOLDEN


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.file for g in GOLDENS])
def test_golden_log_replays_exactly(golden) -> None:
    path = GOLDEN / golden.file
    assert path.exists(), f"missing golden log {path}; create it with `{REGENERATE}`"
    verdict = replay_log(path, strict=True)
    assert verdict.ok, (
        f"golden log {golden.file} ({golden.note}) no longer replays: {verdict.message}\n"
        f"divergence: {verdict.divergence.to_dict() if verdict.divergence else None}\n"
        f"If this rules change is intended, regenerate the golden logs with `{REGENERATE}` "
        "and commit them with the change."
    )
    assert verdict.result is not None and verdict.result.finished
    assert len(verdict.decisions) > 300


def test_goldens_cover_every_player_count_and_trading() -> None:
    configs = [g.config for g in GOLDENS]
    assert sorted(c.players for c in configs) == [2, 3, 4]
    assert any(c.trading for c in configs)
    kinds = set()
    for g in GOLDENS:
        for line in (GOLDEN / g.file).read_text().splitlines():
            if line.startswith('{"type":"decision"'):
                kinds.add(line.split('"action":{"type":"', 1)[1].split('"', 1)[0])
    # the goldens exercise setup choices, combat on both sides, the display and the variant
    assert {"faction", "start", "play", "attack", "fight", "surrender", "buy", "develop", "trade"} <= kinds


def test_regenerating_writes_a_log_that_replays(tmp_path) -> None:
    golden = GOLDENS[1]
    path = tmp_path / golden.file
    path.write_bytes(golden_bytes(golden))
    assert replay_log(path).ok
