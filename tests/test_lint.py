"""The code stays as the project writes it: `ruff check` (the rules in pyproject.toml) and
`ruff format --check` pass over the whole repository, inside the README's test command so that
CI checks what every contributor relies on without a step of its own."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    """The ruff of the test environment (the `[test]` extra installs it)."""
    beside = Path(sys.executable).with_name("ruff")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("ruff")
    if found is None:
        pytest.fail("ruff is not installed: `pip install -e .[test]` installs it")
    return [found]


@pytest.mark.parametrize("command", [["check", "--no-cache"], ["format", "--check", "--no-cache"]])
def test_ruff_passes(command: list[str]) -> None:
    run = subprocess.run([*_ruff(), *command, "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"ruff {' '.join(command)}:\n{run.stdout}{run.stderr}"
