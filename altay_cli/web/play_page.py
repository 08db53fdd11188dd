"""The page of `altay play --web`: the viewer's styles, frame decoder, generic drawing and the
game's own drawing script, with the play page's template and script (play_assets/).

Unlike the viewer's file, this page talks to the server that served it, and only to it: its
Content-Security-Policy allows requests to its own origin (`connect-src 'self'`) and nothing
else, so a drawing or a bot's text can reach no other address.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources
from typing import Any

from ..engine import Game
from .page import SCRIPTS, STYLE, asset, data_text, script_text

CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'"
)
#: the same policy as the page's response header, which can also forbid framing the page
CSP_HEADER = CSP + "; frame-ancestors 'none'"
_SLOT = re.compile(r"<!--ALTAY:([A-Z]+)-->")


@cache
def play_asset(name: str) -> str:
    """The text of one of the play page's assets (package data in altay_cli/web/play_assets/)."""
    return resources.files("altay_cli.web").joinpath("play_assets", name).read_text(encoding="utf-8")


def render_play_page(game: Game, token: str, seats: tuple[int, ...]) -> str:
    """The page of the person playing `seats` (their token is in it: it is served only to them)."""
    drawing = game.drawing
    data: dict[str, Any] = {"token": token, "game": game.kind.name, "seats": list(seats)}
    game_script = "" if drawing is None else "<script>" + script_text(drawing.script()) + "</script>"
    you = ", ".join(f"P{s}" for s in seats)
    slots = {
        "CSP": html.escape(CSP, quote=True),
        "TITLE": html.escape(f"{game.kind.title}: {you} (altay play)"),
        "STYLE": asset(STYLE) + "\n" + play_asset("play.css"),
        "DATA": data_text(data),
        "SCRIPTS": "".join("<script>" + script_text(asset(name)) + "</script>" for name in SCRIPTS),
        "GAME": game_script,
        "MAIN": "<script>" + script_text(play_asset("play.js")) + "</script>",
    }
    return _SLOT.sub(lambda m: slots[m.group(1)], play_asset("play.html"))
