"""The seam holds: nothing outside a game's package imports it (the registry aside), and the
protocol imports no part of altay_cli. Read from the source, so a new import fails here at once."""

from __future__ import annotations

import ast
from pathlib import Path

from altay_cli.engine import game_names

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "altay_cli" / "engine"
REGISTRY = GAMES_DIR / "registry.py"


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[str]:
    """Every module `path` imports, relative imports resolved, lazy ones inside functions too."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = _module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.append(stem)
            found += [f"{stem}.{alias.name}" for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return found


def _sources(*folders: str) -> list[Path]:
    return [p for f in folders for p in sorted((ROOT / f).rglob("*.py"))]


def test_nothing_outside_a_game_imports_it() -> None:
    games = [f"altay_cli.engine.{name}" for name in game_names()]
    offenders = []
    for path in _sources("altay_cli", "arena", "protocol", "bots"):
        module = _module_of(path)
        if path == REGISTRY:
            continue
        own = [g for g in games if module == g or module.startswith(g + ".")]
        for imported in _imports(path):
            for game in games:
                if game in own:
                    continue
                if imported == game or imported.startswith(game + "."):
                    offenders.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert not offenders, "only the registry may import a game's package:\n" + "\n".join(offenders)


def test_the_protocol_imports_no_part_of_altay_cli() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {imported}"
        for path in _sources("protocol")
        for imported in _imports(path)
        if imported == "altay_cli" or imported.startswith("altay_cli.")
    ]
    assert not offenders, "\n".join(offenders)


def test_the_checker_sees_the_imports_it_must_refuse(tmp_path: Path) -> None:
    """The reader resolves relative and lazy imports (else the tests above could not fail)."""
    path = ROOT / "altay_cli" / "commands" / "match.py"
    seen = _imports(path)
    assert "altay_cli.commands.options" in seen and "altay_cli.referee" in seen
    game = GAMES_DIR / "altay" / "game.py"
    assert "altay_cli.engine.api" in _imports(game)
    assert "altay_cli.engine.altay.game" in _imports(REGISTRY) or "importlib" in _imports(REGISTRY)
