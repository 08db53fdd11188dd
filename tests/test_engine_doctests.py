"""Every game package's docstring example runs: it is a doctest, run here (about a second)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import altay_cli.engine

# every game package under engine/, registered or not (a toy game kept in tests/ is not one)
PACKAGES = sorted(
    f"altay_cli.engine.{info.name}" for info in pkgutil.iter_modules(altay_cli.engine.__path__) if info.ispkg
)


@pytest.mark.parametrize("package", PACKAGES)
def test_package_docstring_examples_run(package: str) -> None:
    module = importlib.import_module(package)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{package}'s docstring examples fail (run: python -m pytest {__file__} -v)"
    assert result.attempted >= 5, f"{package}'s docstring shows no whole game that runs"


def test_altay_example_is_a_doctest() -> None:
    """The default game's docstring is the first a newcomer reads: it shows a whole game that runs."""
    module = importlib.import_module("altay_cli.engine.altay")
    assert doctest.testmod(module, report=False).attempted >= 5
