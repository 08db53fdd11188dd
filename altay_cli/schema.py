"""A game's protocol JSON Schema: the shared envelope (protocol/) with the game's own payload
types put in. The committed copies live in protocol/games/NAME.schema.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from protocol.schema import build_schema

from .engine import Game

GAMES_DIR = Path(__file__).resolve().parent.parent / "protocol" / "games"


def game_schema(game: Game) -> dict[str, Any]:
    return build_schema(
        settings=game.settings_type,
        static=game.static_info_type,
        action=game.action_type,
        observation=game.observation_type,
        event=game.event_type,
        game=game.kind.name,
        omitted=game.static_observation_fields,
    )


def game_schema_text(game: Game) -> str:
    return json.dumps(game_schema(game), indent=2) + "\n"


def committed_schema_path(game: Game) -> Path:
    return GAMES_DIR / f"{game.kind.name}.schema.json"
