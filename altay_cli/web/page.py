"""One self-contained HTML file: the viewer's template with its styles, scripts and data inlined.

Nothing is loaded when the page opens: a Content-Security-Policy in the page forbids every
request (scripts, styles, images, fonts, fetches) except its own inline scripts and styles and
`data:` images, so even a drawing that tried to fetch something would be stopped, and an error
would say so in the console. It works from file://.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources
from typing import Any

import orjson

#: The viewer's assets (package data in altay_cli/web/assets/), in the order the page runs them.
SCRIPTS = ("frames.js", "tree.js")
MAIN_SCRIPT = "viewer.js"
STYLE = "viewer.css"
TEMPLATE = "viewer.html"
CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data: blob:; base-uri 'none'; form-action 'none'"
)
_SLOT = re.compile(r"<!--ALTAY:([A-Z]+)-->")


@cache
def asset(name: str) -> str:
    """The text of one of the viewer's assets."""
    return resources.files("altay_cli.web").joinpath("assets", name).read_text(encoding="utf-8")


def script_text(source: str) -> str:
    """JavaScript safe inside a <script> element: no `</script` or `<!--` can end it early."""
    source = re.sub(r"</(script)", r"<\\/\1", source, flags=re.IGNORECASE)
    return source.replace("<!--", "<\\!--")


#: JavaScript's numbers hold integers exactly up to 2**53: larger ones (a generator's state, a
#: 63-bit seed) are written as strings, or the page would show a neighbouring number.
MAX_SAFE_INTEGER = (1 << 53) - 1
_LONG_NUMBER = re.compile(r"\d{16,}")


def exact_numbers(value: Any) -> Any:
    """`value` with every integer JavaScript cannot hold exactly written as a string."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value) if abs(value) > MAX_SAFE_INTEGER else value
    if isinstance(value, dict):
        return {k: exact_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [exact_numbers(v) for v in value]
    return value


def data_text(data: Any) -> str:
    """JSON safe inside <script type="application/json">: no `<` at all (escaped as \\u003c,
    which JSON reads back as `<`), so nothing in a log (names, info texts) can end the element;
    integers beyond 2**53 as strings (see MAX_SAFE_INTEGER)."""
    try:
        raw = orjson.dumps(data).decode()
    except TypeError:  # an integer beyond 64 bits
        raw = ""
    if not raw or _LONG_NUMBER.search(raw):  # (perhaps only in a string: then nothing changes)
        raw = orjson.dumps(exact_numbers(data)).decode()
    return raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render(data: dict[str, Any], drawing_script: str | None) -> str:
    """The page for `data` (pagedata.page_data's), with a game's drawing script or none."""
    title = f"{data['game']['title']}: {data['log']['file']} ({data['eyes']['text'].split(':')[0]})"
    game_script = ""
    if drawing_script is not None:
        game_script = "<script>" + script_text(drawing_script) + "</script>"
    slots = {
        "CSP": html.escape(CSP, quote=True),
        "TITLE": html.escape(title),
        "STYLE": asset(STYLE),
        "DATA": data_text(data),
        "SCRIPTS": "".join("<script>" + script_text(asset(name)) + "</script>" for name in SCRIPTS),
        "GAME": game_script,
        "MAIN": "<script>" + script_text(asset(MAIN_SCRIPT)) + "</script>",
    }
    return _SLOT.sub(lambda m: slots[m.group(1)], asset(TEMPLATE))
