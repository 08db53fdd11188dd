"""The engine's API contract: typed actions with stable JSON, refusals, clone, serialization."""

import json
import random

import msgspec
import pytest

from altay_cli.engine.altay import (
    ACTION_TYPES,
    Attack,
    Buy,
    EndTurn,
    GameConfig,
    IllegalAction,
    Play,
    action_from_builtins,
    action_from_json,
    action_to_builtins,
    action_to_json,
    new_game,
    state_from_dict,
)
from altay_cli.engine.altay.actions import Abandon, Develop, Place, Surrender
from tests.helpers_engine import game, set_hand, set_pool


def play_some(g, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_terminal:
            return
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])


def test_every_action_type_has_a_stable_tagged_json_form() -> None:
    tags = {t.__struct_config__.tag for t in ACTION_TYPES}
    assert len(tags) == len(ACTION_TYPES) == 19
    examples = [
        (Play("Farmer", 1), {"type": "play", "card": "Farmer", "effect": 1, "resource": None}),
        (Attack(6, 12, ("Warrior",)), {"type": "attack", "from": 6, "to": 12, "cards": ["Warrior"]}),
        (Buy("Worker", "FWS"), {"type": "buy", "card": "Worker", "pay": "FWS"}),
        (EndTurn(), {"type": "end", "archive": None}),
        (Abandon(), {"type": "abandon"}),
    ]
    for action, form in examples:
        assert json.loads(action_to_json(action)) == form
        assert action_to_builtins(action) == form
        assert action_from_json(json.dumps(form)) == action
        assert action_from_builtins(form) == action


def test_decoding_ignores_unknown_fields_and_fills_defaults() -> None:
    assert action_from_json('{"type": "play", "card": "Hunter", "comment": "hi"}') == Play("Hunter", 0)
    with pytest.raises(msgspec.ValidationError, match="type"):
        action_from_json('{"type": "dance"}')
    with pytest.raises(msgspec.ValidationError):
        action_from_json('{"type": "attack", "from": 1}')


def test_legal_actions_round_trip_through_json_for_many_states() -> None:
    for n in (2, 3, 4):
        g = new_game(GameConfig(players=n, seed=n))
        rng = random.Random(n)
        for _ in range(300):
            if g.is_terminal:
                break
            actions = g.legal_actions()
            assert len(set(actions)) == len(actions), "no duplicates in the legal list"
            for a in actions:
                assert action_from_json(action_to_json(a)) == a
            g.apply(actions[rng.randrange(len(actions))])


def test_illegal_action_is_refused_with_a_reason_and_state_unchanged() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Hunter"])
    before = g.digest()
    cases = [
        (Play("Farmer", 0), "no Farmer in hand"),
        (Play("Hunter", 3), "effects 0 to 0"),
        (Buy("Farmer", "F"), "payment 'F' does not match it or your pool lacks it"),
        (Place("achievement", "F"), "no F in your pool"),
        (Develop("Masonry", "Q"), None),
        (Surrender(()), "main phase"),
        (Attack(0, 6, ("Warrior",)), None),
    ]
    for action, fragment in cases:
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert err.value.reason
        if fragment:
            assert fragment in err.value.reason
        assert g.digest() == before


def test_wrong_seat_actions_say_who_must_decide() -> None:
    g = new_game(GameConfig(players=2, seed=1))
    with pytest.raises(IllegalAction, match="must now choose a faction"):
        g.apply(EndTurn())


def test_apply_index() -> None:
    g = game()
    legal = g.legal_actions()
    assert g.apply_index(len(legal) - 1) == legal[-1]
    with pytest.raises(IllegalAction, match="out of range"):
        g.apply_index(999)


def test_clone_is_independent_and_identical() -> None:
    g = new_game(GameConfig(players=4, seed=14))
    play_some(g, 60)
    assert not g.is_terminal
    c = g.clone()
    assert c.digest() == g.digest()
    assert c.legal_actions() == g.legal_actions()
    play_some(c, 50, seed=1)
    assert c.digest() != g.digest()
    g2 = g.clone()
    play_some(g, 50, seed=1)
    play_some(g2, 50, seed=1)
    assert g.digest() == g2.digest(), "clones share no mutable state"


def test_full_state_serialization_round_trip() -> None:
    for n in (2, 3, 4):
        g = new_game(GameConfig(players=n, seed=n, trading=True))
        play_some(g, 60)
        assert not g.is_terminal
        d = json.loads(json.dumps(g.to_dict()))
        h = state_from_dict(d)
        assert h.digest() == g.digest()
        assert h.legal_actions() == g.legal_actions()
        play_some(g, 100, seed=3)
        play_some(h, 100, seed=3)
        assert h.digest() == g.digest()


def test_state_from_dict_rejects_garbage() -> None:
    with pytest.raises(ValueError, match="format"):
        state_from_dict({"format": 99})
    with pytest.raises(ValueError, match="not a valid"):
        state_from_dict({"format": 1})


def test_determinism_same_seed_same_actions_same_digests() -> None:
    def run() -> list[str]:
        g = new_game(GameConfig(players=3, seed=77))
        rng = random.Random(5)
        out = []
        while not g.is_terminal and len(out) < 400:
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])
            out.append(g.digest())
        return out

    assert run() == run()


def test_observation_is_json_ready_and_shows_only_own_private_zones() -> None:
    g = new_game(GameConfig(players=3, seed=4, setup="recommended"))
    for seat in range(3):
        obs = msgspec.to_builtins(g.observation(seat))
        json.dumps(obs)
        assert obs["seat"] == seat
        assert len(obs["you"]["hand"]) == 5
        for other in obs["players"]:
            assert "hand" not in other and "deck" not in other
            assert other["hand_size"] == 5
    with pytest.raises(ValueError, match="seat must be"):
        g.observation(3)


def test_defender_decides_mid_turn() -> None:
    from tests.test_engine_combat import opponent_example

    g, e, sm = opponent_example()
    g.apply(Attack(7, 2, ("Warrior", "Cavalry")))
    assert g.to_move == sm and g.active == e
    kinds = {type(a).__name__ for a in g.legal_actions()}
    assert kinds == {"Surrender", "Fight"}


def test_pool_and_digest_change_with_every_action() -> None:
    g = game()
    s = g.active
    set_pool(g, s, "F")
    d1 = g.digest()
    g.apply(Buy("Farmer", "F"))
    assert g.digest() != d1


def test_to_dict_is_a_copy_editing_it_never_changes_the_game() -> None:
    g = new_game(GameConfig(players=3, seed=5))
    for _ in range(40):
        g.apply(g.legal_actions()[0])
    before = g.digest()
    data = g.to_dict()
    data["owner"][0] = 2
    data["players"][0]["hand"].clear()
    data["reserve"][0] = 99
    assert g.digest() == before and g.to_dict() != data


# ---------------------------------------------------------------------------- the seam: rules and facets
#: what a game must write: four declarations and five methods (`options` declares its flags)
CONTRACT = {
    "kind",
    "config_type",
    "action_type",
    "observation_type",
    "make_config",
    "new_state",
    "event_for",
    "outcome",
    "state_from_dict",
}


def test_the_rules_contract_is_small_and_the_toy_game_implements_it_alone() -> None:
    from altay_cli.engine import load_game
    from altay_cli.engine.api import CheckBot, Deals, Rules, Search, Text
    from tests.conftest import TOY_GAME
    from tests.toygame import ToySum

    assert Rules.__abstractmethods__ == CONTRACT - {"kind", "config_type", "action_type", "observation_type"}
    written = {name for name in vars(ToySum) if not name.startswith("_")}
    assert written - {"event_type"} == CONTRACT | {"options"}  # event_type: filled in by the seam
    assert ToySum.event_type is ToySum.action_type
    toy = load_game(TOY_GAME)
    facets = (type(toy.text), type(toy.search), type(toy.deals), type(toy.checkbot))
    assert facets == (Text, Search, Deals, CheckBot)
    assert toy.drawing is None and toy.text is toy.text, "a facet is built once per game"


def test_every_game_declares_its_own_facets() -> None:
    from altay_cli.engine import load_game
    from altay_cli.engine.api import CheckBot, Deals, Drawing, Rules, Search, Text

    for name in ("altay", "innovation", "mammothodus"):
        game = load_game(name)
        assert isinstance(game, Rules)
        for facet, default in ((game.text, Text), (game.search, Search), (game.checkbot, CheckBot)):
            assert isinstance(facet, default) and type(facet) is not default, (name, default)
            assert facet.game is game
        assert isinstance(game.drawing, Drawing) and game.drawing is game.drawing
    assert type(load_game("innovation").deals) is Deals  # its deals are the defaults
    assert type(load_game("altay").deals) is not Deals and type(load_game("mammothodus").deals) is not Deals


def test_the_default_notation_names_every_legal_action_and_reads_it_back() -> None:
    """The toy game's words come from the seam alone: for every legal action of 40 seeded games
    (1-4 players), its command text and its JSON parse back to its index, no line of any view
    shows brackets, quotes or engine names, and a mistake is one of the three errors."""
    from altay_cli.engine import AmbiguousCommand, IllegalCommand, InvalidCommand, load_game
    from tests.conftest import TOY_GAME

    game = load_game(TOY_GAME)
    text = game.text
    checked = 0
    for seed in range(40):
        state = game.new_state(game.make_config(1 + seed % 4, seed))
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            for i, action in enumerate(legal):
                said = text.command_text(action)
                assert text.parse(state, said) == i == text.parse(state, said.upper())
                assert text.parse(state, json.dumps(game.action_to_builtins(action))) == i
                assert text.describe(action) == said and "{" not in said and "_" not in said
                checked += 1
            plays = [i for i, a in enumerate(legal) if text.command_text(a).startswith("play ")]
            if len(plays) == 1:
                assert text.parse(state, "play") == plays[0]
            elif plays:
                with pytest.raises(AmbiguousCommand) as many:
                    text.parse(state, "play")
                assert many.value.candidates == plays
            with pytest.raises(IllegalCommand):
                text.parse(state, "play 99")
            with pytest.raises(InvalidCommand):
                text.parse(state, "dance")
            with pytest.raises(InvalidCommand):
                text.parse(state, '{"type": "dance"}')
            for seat in (None, *range(state.config.players)):
                for name in text.views():
                    for line in text.view(state, seat, name):
                        assert not set(line) & set("[]{}\"'_"), line
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 400
    assert text.view(state, None, "full") == ["the game is over"]  # no spectator observation
    assert text.seat_label(state, 0) == "P0" and text.end_reason_text("stopped_short") == "stopped short"


def test_the_other_facets_have_working_defaults() -> None:
    from altay_cli.engine import ConfigError, load_game
    from tests.conftest import TOY_GAME

    game = load_game(TOY_GAME)
    config = game.make_config(3, 11, {"bonus": 2})
    assert game.deals.deal(11, 3, {"bonus": 2}) == config and game.deals.player_range() == (1, 4)
    assert game.deals.config_roles(config) == ["", "", ""] and game.deals.role_choices() == ()
    assert game.config_from_builtins(game.config_to_builtins(config), 11) == config
    assert game.public_settings(config) == {"players": 3, "bonus": 2} and game.static_info(config) == {}
    assert game.event_type is game.action_type
    with pytest.raises(ConfigError, match="1 to 4 players"):
        game.make_config(5, 0)
    with pytest.raises(ConfigError, match="not a Toy Sum configuration"):
        game.validate_config(load_game("altay").make_config(2, 0))
    state = game.new_state(config)
    assert game.roles(state) == ["", "", ""] and game.check_invariants(state) == []
    assert game.search.evaluate(state, 0) == 0.0 and not game.search.has_sampler
    assert game.search.perturb_hidden(state, 0, 1) is None
    assert 0 <= game.search.playout_action(state, random.Random(1)) < len(state.legal_actions())
    assert not game.checkbot.is_interrupt(state) and game.checkbot.pressure(state, 1) == []
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert game.search.evaluate(state, 0) in (1.0, -1.0)
    assert game.text.reference() == "{}\n" and not game.text.has_own_reference
    assert load_game("altay").text.has_own_reference


def test_the_seam_and_a_game_written_on_it_pass_mypy_strict(tmp_path) -> None:
    """api.py and registry.py are strictly typed, and so is a game written on `Rules` (the toy:
    its config, state, action and observation types check its methods). About 5 s."""
    from pathlib import Path

    mypy = pytest.importorskip("mypy.api")
    root = Path(__file__).resolve().parent.parent
    seam = ("altay_cli/engine/api.py", "altay_cli/engine/registry.py", "tests/toygame.py")
    files = [str(root / name) for name in seam]
    out, err, status = mypy.run(["--strict", "--cache-dir", str(tmp_path), "--no-incremental", *files])
    assert status == 0, out + err
