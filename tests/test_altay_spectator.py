"""Altay's spectator observation: what every seat may know, nothing more, and all of it.

Over 30 seeded random games (2, 3 and 4 players, trading or not, chosen or recommended set-up;
about 30 s), at every step: the spectator observation does not change when `perturb_hidden`
rearranges what any one seat may not see (so it holds nothing one seat alone knows: no hand, no
deck order, no secret wonder, no achievement deck), and it is exactly the part of every seat's
observation that is not that seat's own (so it holds every public fact). The terminal views of
a spectator (`game.text.view(state, None, ...)`, used by `replay --show --board`) are held to the
same test, and never show a hand.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
from click.testing import CliRunner

from altay_cli.commands.replay import replay as replay_cmd
from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig, GameState, new_game
from altay_cli.engine.altay.observation import Observation, SpectatorObservation

GAME = load_game("altay")
GAMES = 30
GOLDEN = Path(__file__).parent / "golden"
WEIGHTS = {"Settle": 8, "Place": 8, "Develop": 6, "Buy": 4, "Play": 5, "Attack": 3, "EndTurn": 1}


def config_of(i: int) -> GameConfig:
    return GameConfig(
        players=2 + i % 3,
        seed=7000 + i,
        trading=(i // 3) % 2 == 1,
        max_rounds=14,
        setup="recommended" if i % 4 == 0 else "choose",
    )


def games() -> list[tuple[int, GameConfig]]:
    return [(i, config_of(i)) for i in range(GAMES)]


def public_part(observation: Observation) -> dict:
    data = msgspec.to_builtins(observation)
    del data["seat"], data["you"]
    return data


def test_the_spectator_observation_is_every_observation_without_its_own_zones() -> None:
    """The type says so too: the same fields as an observation, less `seat` and `you`."""
    fields = [f for f in Observation.__struct_fields__ if f not in ("seat", "you")]
    assert list(SpectatorObservation.__struct_fields__) == fields


def test_a_spectator_sees_what_every_seat_sees_and_nothing_one_seat_alone_knows() -> None:
    steps = 0
    secrets_kept = 0
    for i, config in games():
        g: GameState = new_game(config)
        rng = random.Random(i)
        while not g.is_terminal:
            legal = g.legal_actions()
            weights = [WEIGHTS.get(type(a).__name__, 1.0) for a in legal]
            g.apply(legal[rng.choices(range(len(legal)), weights)[0]])
            steps += 1
            seen = GAME.spectator_observation(g)
            public = msgspec.to_builtins(seen)
            for seat in range(g.n):
                assert public_part(g.observation(seat)) == public, f"game {i} step {steps}: seat {seat}"
                twin = GAME.search.perturb_hidden(g, seat, seed=steps * 7 + seat)
                assert GAME.spectator_observation(twin) == seen, f"game {i} step {steps}: hidden from {seat}"
            secrets_kept += sum(1 for p in g.players if p.secret >= 0 and not p.secret_revealed)
    assert steps > 3000 and secrets_kept > 0  # the games went somewhere, with secrets to keep


def test_the_spectator_views_show_no_hand_and_hold_nothing_hidden() -> None:
    for i, config in games()[:6]:
        g: GameState = new_game(config)
        rng = random.Random(i)
        n = 0
        while not g.is_terminal:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            n += 1
            if n % 5:
                continue
            for name in GAME.text.views():
                lines = GAME.text.view(g, None, name)
                for seat in range(g.n):
                    twin = GAME.search.perturb_hidden(g, seat, seed=n + seat)
                    assert GAME.text.view(twin, None, name) == lines, f"game {i} step {n}: view {name}"
                text = "\n".join(lines)
                assert "You are" not in text and "(you)" not in text and "= yours" not in text
        assert GAME.text.view(g, None, "hand") == [
            "A spectator sees no hand and no hidden card (`players` shows what everyone sees)."
        ]


def test_a_seat_view_still_shows_that_seats_hand() -> None:
    g = new_game(GameConfig(players=3, seed=5, setup="recommended"))
    while g.phase != "main":
        g.apply(g.legal_actions()[0])
    seat = g.to_move
    hand = sorted(msgspec.to_builtins(g.observation(seat))["you"]["hand"])
    shown = "\n".join(GAME.text.view(g, seat, "hand"))
    assert f"You are P{seat}" in shown and hand[0] in shown
    assert "hand" not in "\n".join(GAME.text.view(g, None, "full")).split("Players:")[0]


def test_replay_show_board_is_a_spectators_board() -> None:
    """`altay replay --show --board` without --seat prints the board no seat owns ("*" marks a
    seat's own territories; a spectator has none); with --seat, that seat's."""
    log = GOLDEN / "4p_mixed_choose.jsonl"
    runner = CliRunner()
    shown = runner.invoke(replay_cmd, [str(log), "--show", "--board"])
    assert shown.exit_code == 0, shown.output
    boards = [line for line in shown.output.splitlines() if line.startswith("Board (")]
    assert boards and all("yours" not in line for line in boards)
    assert not [line for line in shown.output.splitlines() if "x1*" in line or "x2*" in line]
    assert "\n  hand " not in shown.output  # no hand shown at any turn
    seat = runner.invoke(replay_cmd, [str(log), "--show", "--board", "--seat", "2"])
    assert seat.exit_code == 0 and "* = yours" in seat.output and "\n  hand " in seat.output
