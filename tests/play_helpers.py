"""Helpers shared by the `altay play` / `altay replay` tests: how to start the real command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"


def altay_argv() -> list[str]:
    """The installed `altay` console script next to this interpreter, else the module form."""
    script = Path(sys.executable).parent / "altay"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from altay_cli.cli import main; sys.exit(main())"]


def run_altay(args: list[str], stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run `altay ARGS` with `stdin` piped in (never a terminal), capturing output."""
    return subprocess.run(
        [*altay_argv(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )


def json_lines(text: str) -> list[dict]:
    """Every stdout line parsed as JSON (fails the test on a line that is not)."""
    return [orjson.loads(line) for line in text.splitlines() if line.strip()]
