"""The README's Python examples are doctests: each runs, in a fresh folder, and prints what the
README says it prints, so an example cannot rot while the code moves on."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def python_blocks() -> list[tuple[int, str]]:
    """(line number, text) of every ```python block of the README."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in _BLOCK.finditer(text)]


def test_the_readme_has_python_examples_and_every_one_is_a_doctest() -> None:
    blocks = python_blocks()
    assert len(blocks) >= 2
    for line, text in blocks:
        assert text.lstrip().startswith(">>>"), f"README.md line {line}: a Python example that does not run"


def _example_id(value: object) -> str:
    return f"line{value}" if isinstance(value, int) else ""


@pytest.mark.parametrize(("line", "text"), python_blocks(), ids=_example_id)
def test_readme_example_runs(line: int, text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # an example may write files (a game log)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, f"README.md:{line}", str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0, f"README.md line {line}: the example fails (see above)"
