"""Every game package has the same rooms, with the same names for the same jobs
(altay_cli/engine/README.md lists them), so that whoever knows one game's package finds their way
in another's, and a fourth game starts from the same plan."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import msgspec
import pytest

import altay_cli.engine
from altay_cli.engine import Rules, load_game

ENGINE = Path(altay_cli.engine.__file__).parent

#: room -> its job (the README's table says the same)
ROOMS: dict[str, str] = {
    "__init__.py": "the package's docstring: a whole game that runs (a doctest), and the rooms",
    "game.py": "the rules contract: GAME, a Rules",
    "facets.py": "the facets: text, search, deals, check-bot",
    "config.py": "the configuration record (GAME.config_type)",
    "actions.py": "the action types (GAME.action_type) and their wire form",
    "state.py": "the game state: zones, clone, digest, to_dict",
    "observation.py": "what a seat may see (GAME.observation_type)",
    "events.py": "what the others learn of a seat's action (event_for)",
    "hidden.py": "what a seat may not know: perturb_hidden for the leak tests",
    "notation.py": "commands a person types, and their words",
    "views.py": "the terminal views",
    "explain.py": "why an action is illegal",
    "reference.py": "the rules reference `altay rules` prints",
    "data.py": "the game's data and named rulings, typed",
    "static.py": "the static information a bot gets at `hello`",
    "invariants.py": "what must hold in every state (the property tests check it)",
    "drawing.py": "the web viewer's drawing (a Drawing)",
    "draw.js": "the viewer's script that draws it",
    "RULES.md": "every rule of the rulebook, where the engine does it, and its tests",
}

#: rooms of a game with more to say: room -> (what makes the game have it, its job)
OPTIONAL_ROOMS: dict[str, str] = {
    "belief.py": "a belief sampler (Search.has_sampler): what one seat knows, and states drawn from it",
}

GAME_PACKAGES = sorted(info.name for info in pkgutil.iter_modules([str(ENGINE)]) if info.ispkg)


def test_the_games_are_the_packages() -> None:
    assert GAME_PACKAGES == ["altay", "innovation", "mammothodus"]


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_room_is_there(package: str) -> None:
    folder = ENGINE / package
    missing = [room for room in ROOMS if not (folder / room).is_file()]
    assert not missing, f"{package} has no {', '.join(missing)} ({'; '.join(ROOMS[r] for r in missing)})"
    for room in ROOMS:
        if room.endswith(".py"):
            text = (folder / room).read_text(encoding="utf-8")
            assert text.lstrip().startswith(('"""', "'''")), f"{package}/{room} says nothing of its job"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_each_room_does_its_job(package: str) -> None:
    """The types and classes the contract names live in the rooms of those names."""
    base = f"altay_cli.engine.{package}"
    game = load_game(package)
    assert isinstance(game, Rules) and type(game).__module__ == f"{base}.game"
    assert game.config_type.__module__ == f"{base}.config"
    assert game.observation_type.__module__ == f"{base}.observation"
    union = getattr(game.action_type, "__args__", (game.action_type,))
    assert {member.__module__ for member in union} == {f"{base}.actions"}
    for facet in (game.text, game.search, game.deals, game.checkbot):  # its own, or the default
        assert type(facet).__module__ in (f"{base}.facets", "altay_cli.engine.api"), type(facet).__name__
    if game.search.has_sampler:  # OPTIONAL_ROOMS
        config = game.make_config(game.kind.min_players, 1)
        settings = msgspec.to_builtins(game.public_settings(config))
        belief = game.search.new_belief(settings, msgspec.to_builtins(game.static_info(config)), 0)
        assert type(belief).__module__ == f"{base}.belief"
    drawing = game.drawing
    assert drawing is not None and type(drawing).__module__ == f"{base}.drawing"
    assert type(game.new_state(game.make_config(game.kind.min_players, 1))).__module__ in (
        f"{base}.state",
        f"{base}.machine",  # a step-machine game's state class adds the seam's methods there
    )


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_the_search_facet_perturbs_with_hidden_py(package: str) -> None:
    game = load_game(package)
    hidden = importlib.import_module(f"altay_cli.engine.{package}.hidden")
    state = game.new_state(game.make_config(game.kind.min_players, 5))
    for _ in range(12):  # a few steps in, so there is something hidden to perturb
        state.apply(state.legal_actions()[0])
    seat = 0
    ours = game.search.perturb_hidden(state, seat, 99)
    assert ours is not None and ours.digest() == hidden.perturb_hidden(state, seat, 99).digest()
