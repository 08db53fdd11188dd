"""Regenerate the golden game logs in this folder.

    python -m tests.golden.regenerate          # rewrite every golden log
    python -m tests.golden.regenerate --check  # exit 1 if a rewrite would change a file

Each golden log is one whole game between in-process policies with a fixed seed, written in
the game log format. `tests/test_replay_golden.py` replays them: when a rules change alters
any game, the replay fails at the first decision that differs. If that change was intended,
run this module, look at `git diff --stat tests/golden`, and commit the new logs with it.

The goldens are written in today's format (GOLDEN_FORMAT). The same games as written by the
format-2 writer (before failures had one order and headers said where the seed came from) are
kept in `format2/`, never regenerated: the test that logs of that release keep replaying.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from altay_cli.engine import load_game
from altay_cli.engine.altay import SETUP_CHOOSE, SETUP_RECOMMENDED, GameConfig
from altay_cli.engine.innovation.state import InnovationConfig
from altay_cli.engine.mammothodus.state import MammothodusConfig
from altay_cli.gamelog import LOG_FORMAT_VERSION, SeatInfo
from altay_cli.interactive.session import Session
from altay_cli.policies import make_policy

HERE = Path(__file__).resolve().parent
#: The log format the goldens are written in (see the module docstring).
GOLDEN_FORMAT = LOG_FORMAT_VERSION
REGENERATE = "python -m tests.golden.regenerate"


@dataclass(frozen=True)
class Golden:
    file: str
    config: Any  # the game's configuration
    policies: tuple[str, ...]  # one per seat, names as altay_cli.policies.make_policy takes
    note: str
    game: str = "altay"


GOLDENS: tuple[Golden, ...] = (
    Golden(
        "2p_greedy_choose.jsonl",
        GameConfig(players=2, seed=11, setup=SETUP_CHOOSE),
        ("greedy", "greedy"),
        "2 players choosing factions and start farmlands, played to the natural end",
    ),
    Golden(
        "3p_trading_recommended.jsonl",
        GameConfig(players=3, seed=12, setup=SETUP_RECOMMENDED, trading=True),
        ("greedy", "greedy", "greedy"),
        "3 players, Trading variant (coins are traded), recommended setup",
    ),
    Golden(
        "4p_mixed_choose.jsonl",
        GameConfig(players=4, seed=15, setup=SETUP_CHOOSE, max_rounds=30),
        ("greedy", "greedy", "greedy", "random"),
        "4 players choosing setup, one random player (fights, surrenders, abandons, releases)",
    ),
    Golden(
        "innovation_2p_greedy.jsonl",
        InnovationConfig(players=2, seed=21),
        ("greedy", "greedy"),
        "Innovation, 2 greedy players, 3rd edition, to the natural end",
        game="innovation",
    ),
    Golden(
        "innovation_3p_1e_mixed.jsonl",
        InnovationConfig(players=3, seed=22, edition="1e"),
        ("greedy", "random", "greedy"),
        "Innovation, 3 players with the 1st-edition cards, one random player",
        game="innovation",
    ),
    Golden(
        "innovation_4p_random.jsonl",
        InnovationConfig(players=4, seed=23),
        ("random", "random", "random", "random"),
        "Innovation, 4 random players (every kind of decision, demands out of turn)",
        game="innovation",
    ),
    Golden(
        "mammothodus_1p_greedy.jsonl",
        MammothodusConfig(players=1, seed=347),
        ("greedy",),
        "Mammothodus, 1 clan (basic game), the team heuristic, won: the portal opens after 50 turns",
        game="mammothodus",
    ),
    Golden(
        "mammothodus_2p_discoveries_mixed.jsonl",
        MammothodusConfig(players=2, seed=135, discoveries=True),
        ("greedy", "random"),
        "Mammothodus, 2 clans with human discoveries, one random clan, lost (population below minimum)",
        game="mammothodus",
    ),
    Golden(
        "mammothodus_4p_talents_discoveries.jsonl",
        MammothodusConfig(players=4, seed=818, discoveries=True, talents=True),
        ("greedy", "greedy", "greedy", "greedy"),
        "Mammothodus, 4 clans with talents and discoveries, won (every kind of decision it offers)",
        game="mammothodus",
    ),
)


def play_golden(golden: Golden) -> Session:
    """Play the golden game from scratch (deterministic: seeded policies, no clocks)."""
    config = golden.config
    game = load_game(golden.game)
    seats = [SeatInfo(seat=i, name=f"{name}-{i}", kind="policy") for i, name in enumerate(golden.policies)]
    session = Session(config, seats, game)
    players = [make_policy(name, game, config.seed * 10 + i) for i, name in enumerate(golden.policies)]
    g = session.state
    while not g.is_terminal:
        legal = g.legal_actions()
        session.apply(legal[players[g.to_move].choose(g, legal)])  # type: ignore[index]
        g = session.state
    return session


def fixed_randomness(name: str):
    """The writer's random bytes (log id, seed nonce), derived from the file name: goldens must
    come out byte-identical every time."""
    import hashlib
    import itertools

    counter = itertools.count()

    def randomness(n: int) -> bytes:
        return hashlib.sha256(f"{name}/{next(counter)}".encode()).digest()[:n]

    return randomness


def golden_bytes(golden: Golden) -> bytes:
    import io

    import msgspec

    from altay_cli.gamelog import LogWriter

    session = play_golden(golden)
    header, *rest = session.log_lines(source="golden", created=None, meta={"note": golden.note})
    lines = [msgspec.structs.replace(header, format_version=GOLDEN_FORMAT), *rest]
    out = io.BytesIO()
    with LogWriter(out, randomness=fixed_randomness(golden.file)) as writer:
        for line in lines:
            writer.write(line)
    return out.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    changed = []
    for golden in GOLDENS:
        path = HERE / golden.file
        data = golden_bytes(golden)
        old = path.read_bytes() if path.exists() else None
        if old != data:
            changed.append(golden.file)
            if not check:
                path.write_bytes(data)
        print(f"{'changed' if old != data else 'same   '}  {path}")
    if check and changed:
        print(f"{len(changed)} golden log(s) would change; run `{REGENERATE}` if that is intended")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
