"""mypy passes, with the configuration in pyproject.toml, over every package that is clean, inside
the README's test command, so a new type error fails CI like any other test (as test_lint.py does
for ruff). The referee, the protocol and the arena are checked with --strict's flags, the rest at
mypy's default strictness: every module of altay_cli, protocol and arena, and the bots. One cold run
over ~180 files: about 15 s on a busy 2-core machine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The packages checked, every module in them (a new module is checked without a word here).
PACKAGES = ("altay_cli", "protocol", "arena")
#: The bots are scripts that import their neighbours by file name (pyproject's mypy_path is bots/);
#: their package's __init__.py is checked as `bots`, through the referee that imports it.
BOT_SCRIPTS = ("bots/*.py", "bots/starters/python/*.py")

#: What mypy must say when a module breaks a rule that only --strict checks.
UNTYPED_DEF = "def half(x):\n    return x / 2\n"


def _mypy(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """mypy of the test environment (the `[test]` extra installs it), with pyproject's settings."""
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: `pip install -e .[test]` installs it")
    command = [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "--cache-dir", str(cache)]
    return subprocess.run([*command, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def _targets() -> list[str]:
    scripts = sorted(
        str(p.relative_to(ROOT))
        for pattern in BOT_SCRIPTS
        for p in ROOT.glob(pattern)
        if p.name != "__init__.py"
    )
    return [*PACKAGES, *scripts]


def test_mypy_passes(tmp_path: Path) -> None:
    run = _mypy(*_targets(), cache=tmp_path)
    assert run.returncode == 0, f"mypy:\n{run.stdout}{run.stderr}"
    checked = re.search(r"no issues found in (\d+) source files", run.stdout)
    assert checked and int(checked.group(1)) > 170, run.stdout  # the packages were found, not skipped


@pytest.mark.parametrize(
    ("module", "strict"),
    [
        ("altay_cli/referee/signals.py", True),
        ("protocol/__init__.py", True),
        ("arena/bench.py", True),
        ("altay_cli/engine/api.py", True),
        ("altay_cli/engine/registry.py", True),
        ("altay_cli/textsafe.py", False),
    ],
)
def test_strict_where_configured(module: str, strict: bool, tmp_path: Path) -> None:
    """An untyped function, put in place of a module: an error in a strict package only."""
    shadow = tmp_path / "shadow.py"
    shadow.write_text(UNTYPED_DEF, encoding="utf-8")
    run = _mypy("--shadow-file", module, str(shadow), module, cache=tmp_path / "cache")
    untyped = "Function is missing a type annotation  [no-untyped-def]" in run.stdout
    assert untyped == strict, f"{module} (strict: {strict}):\n{run.stdout}{run.stderr}"
    assert run.returncode == (1 if strict else 0), run.stdout + run.stderr
