"""The text views of `altay play` show a seat everything it may know and nothing more."""

from __future__ import annotations

import random

import msgspec

from altay_cli.engine.altay import GameConfig, action_to_builtins, new_game
from altay_cli.engine.altay import views as view
from altay_cli.engine.altay.data import ACHIEVEMENTS


def positions():
    for seed in range(4):
        g = new_game(GameConfig(players=2 + seed % 3, seed=seed, setup="recommended", max_rounds=8))
        rng = random.Random(seed)
        for step in range(400):
            if g.is_terminal:
                break
            if step % 37 == 0:
                yield g
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])


def test_a_seat_never_sees_another_seats_secret_wonder() -> None:
    checked = 0
    for g in positions():
        for seat in range(g.n):
            lines = view.full_view(msgspec.to_builtins(g.observation(seat)))
            assert all(len(line) <= 100 for line in lines), [line for line in lines if len(line) > 100]
            text = "\n".join(lines)
            mine = ACHIEVEMENTS[g.players[seat].secret].name
            assert f"secret wonder {mine} " in text
            for other in range(g.n):
                p = g.players[other]
                if other != seat and not p.secret_revealed:
                    assert ACHIEVEMENTS[p.secret].name not in text
            checked += 1
    assert checked > 20


def test_full_view_shows_hand_board_display_and_players() -> None:
    g = new_game(GameConfig(players=4, seed=2, setup="recommended"))
    obs = msgspec.to_builtins(g.observation(g.to_move))
    text = "\n".join(view.full_view(obs))
    hand = view.cards(obs["you"]["hand"])
    assert f"hand     {hand}" in text
    assert "  18 mountain" in text and "+1" in text  # a VP marker territory in 4 players
    assert "Chariot     MMCC  2VP x8" in text
    assert "L3: " in text and "(deck " in text
    for seat in range(4):
        assert f"P{seat} " in text
    lines = view.actions_lines([action_to_builtins(a) for a in g.legal_actions()])
    assert lines[0].startswith(f"Legal actions ({len(g.legal_actions())})")
    assert all(len(line) <= 100 for line in [*lines, *view.full_view(obs)])


def test_resources_and_cards_are_compact() -> None:
    assert view.resources("FFWC") == "F2 W1 C1"
    assert view.resources("") == "-"
    assert view.cards(["Hunter", "Warrior", "Hunter"]) == "Hunter x2, Warrior"
    assert view.columns(["a", "b", "c"], width=11) == ["  a   b   c"]
    assert view.columns(["a", "b", "c"], width=10) == ["  a   c", "  b"]  # filled top to bottom


def _states(games: int = 6):
    import random as _random

    for seed in range(games):
        g = new_game(GameConfig(players=2 + seed % 3, seed=seed))
        rng = _random.Random(seed)
        while not g.is_terminal:
            yield g
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])


def test_the_running_score_is_the_engines_public_part() -> None:
    """The score shown each turn (from the observation alone) equals the engine's score without
    the categories that depend on hidden cards (wonders, action cards)."""
    from altay_cli.engine.altay.views import public_scores

    for i, g in enumerate(_states()):
        if i % 11:
            continue
        obs = msgspec.to_builtins(g.observation(0))
        assert public_scores(obs) == [s["total"] - s["wonders"] - s["action_cards"] for s in g.scores()]


def test_attack_and_defence_notes_are_what_the_engine_then_computes() -> None:
    from altay_cli.engine.altay.views import strength_note

    checked = 0
    for g in _states(10):
        if g.to_move is None:
            continue
        legal = [action_to_builtins(a) for a in g.legal_actions()]
        obs = msgspec.to_builtins(g.observation(g.to_move))
        for a in legal:
            if a["type"] == "fight":
                note = strength_note(a, obs)
                h = g.clone()
                h.apply(h.legal_actions()[legal.index(a)])
                assert note == f"def {h.last_combat['defence']} vs atk {h.last_combat['attack']}"
                checked += 1
            elif a["type"] == "attack" and "marker" in strength_note(a, obs):
                h = g.clone()
                h.apply(h.legal_actions()[legal.index(a)])
                assert strength_note(a, obs).startswith(f"atk {h.last_combat['attack']} vs marker")
                checked += 1
    assert checked > 20
