"""Altay's engine modules import one another one way: no circle, even through a function-level import.

Imports under `if TYPE_CHECKING:` are annotations only and are not followed (the rule modules name
`GameState` there, while state.py imports them to offer them as methods). Reads source only: instant.
"""

from __future__ import annotations

import ast
from pathlib import Path

import altay_cli.engine.altay

PACKAGE = Path(altay_cli.engine.altay.__file__).parent


def _runtime_imports(path: Path) -> set[str]:
    """The sibling modules a module imports when it runs (`from .x import ...`, at any depth)."""
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                self.generic_visit(node)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level == 1:
                found.update([node.module.split(".")[0]] if node.module else (a.name for a in node.names))

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def _circle_through(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """A path start -> ... -> start, or None."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        module, path = stack.pop()
        for nxt in graph.get(module, ()):
            if nxt == start:
                return [*path, start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def test_no_import_circle_in_altay_engine() -> None:
    graph = {p.stem: _runtime_imports(p) for p in PACKAGE.glob("*.py")}
    assert {"state", "apply", "legal", "observe"} <= graph.keys()
    assert "apply" in graph["state"], "state.py offers the rules as methods, importing them at the top"
    circles = {m: c for m in graph if (c := _circle_through(m, graph))}
    assert not circles, f"import circles: {circles}"


def test_the_circle_finder_finds_one() -> None:
    assert _circle_through("a", {"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle_through("a", {"a": {"b"}, "b": {"c"}}) is None
