"""No dead names: every module-level function, class and constant of the shipped packages is
used somewhere in the repository (code, tests, scripts or documents) besides its definition.

A name defined and never said again is code nobody runs and nobody reads: it misleads the next
reader and rots. Decorated functions are left out (a decorator registers them: a card's step,
a click command), and so are dunder names and a game module's GAME, which the registry loads by
name.
"""

from __future__ import annotations

import ast
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("altay_cli", "arena", "protocol", "bots")
#: where a name counts as said: every tracked text the project reads or ships
CORPUS = ("*.py", "*.js", "*.md", "*.html", "*.toml", "*.json")
LOADED_BY_NAME = {"GAME"}


def _tracked(*patterns: str) -> list[Path]:
    run = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip("not a git checkout")
    return [ROOT / name for name in run.stdout.split()]


def defined_names(source: str) -> list[tuple[int, str]]:
    """(line, name) of the module-level functions, classes and constants a source defines."""
    out: list[tuple[int, str]] = []
    for node in ast.parse(source).body:
        names: list[str] = []
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and not node.decorator_list
        ):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        out += [(node.lineno, n) for n in names if not n.startswith("__") and n not in LOADED_BY_NAME]
    return out


def dead_names(sources: dict[str, str], corpus: list[str]) -> list[str]:
    """`file:line: name` for every name of `sources` said only once in all of `corpus`."""
    said = Counter(w for text in corpus for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    return [
        f"{path}:{line}: {name}"
        for path, source in sources.items()
        for line, name in defined_names(source)
        if said[name] <= 1
    ]


def test_no_dead_names() -> None:
    sources = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in _tracked(*(f"{package}/*.py" for package in PACKAGES))
    }
    corpus = [p.read_text(encoding="utf-8", errors="replace") for p in _tracked(*CORPUS) if p.is_file()]
    assert len(sources) > 150
    assert dead_names(sources, corpus) == []


def test_a_name_said_only_where_it_is_defined_is_found() -> None:
    source = (
        "USED = 1\nUNUSED = 2\n\n\ndef helper():\n    return USED\n\n\n"
        "@register\ndef step():\n    pass\n\n\nclass Lonely:\n    pass\n"
    )
    caller = "from m import helper\nhelper()\n"
    assert dead_names({"m.py": source}, [source, caller]) == ["m.py:2: UNUSED", "m.py:14: Lonely"]
