"""A log's viewer page, built and written: the work of `altay view` (and of its benchmark)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ..engine.api import Eyes
from .page import render
from .pagedata import PageData, page_data


def build_page(
    log: str | Path,
    eyes: Eyes,
    *,
    seed: int | None = None,
    public_key: str | None = None,
    live: bool = False,
) -> tuple[str, PageData]:
    """The page's HTML for the game of `log` through `eyes`, and its data (with the verdict);
    pagedata.ViewError when nothing of the log can be shown. `live`: the log is a game still
    being written (`altay serve`), so its end is where the game has got to, not a cut."""
    data = page_data(log, eyes, seed=seed, public_key=public_key)
    if live:
        data.data["live"] = True
    game = data.verdict.game
    drawing = game.drawing if game is not None else None
    script = drawing.script() if drawing is not None else None
    return render(data.data, script), data


def write_text_atomically(path: str | Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (a temporary file beside it, then a rename):
    a page being rewritten is never seen half written."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
