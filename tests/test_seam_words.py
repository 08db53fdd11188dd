"""No game's words above the seam: no module outside altay_cli/engine/ (the commands, the
referee, the play loop, the viewer, the arena, the protocol; the bots are each a game's own)
branches on a game's name, and a game's name appears there only where it is allow-listed
below: the default game, the program's name, and what old files leave unsaid (stored arena
parameters, game logs and boards made before there were several games are Altay's).

Read from the source (ast), so a new `if game == "innovation":` fails here at once, and so
does a new literal game name that nobody has looked at."""

from __future__ import annotations

import ast
from pathlib import Path

from altay_cli.engine import game_names

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "altay_cli" / "engine"
#: The name that stands for a game's name in code (the default game, registry.DEFAULT_GAME).
DEFAULT_NAMES = {"DEFAULT_GAME"}

#: (file, the source line holding a game's name as a value) -> why it may.
ALLOWED: dict[tuple[str, str], str] = {
    ("altay_cli/__init__.py", '__version__ = version("altay")'): "the distribution's name",
    (
        "altay_cli/cli.py",
        '@click.version_option(__version__, "-V", "--version", prog_name="altay")',
    ): "the program's name",
    (
        "altay_cli/commands/arena.py",
        'words = ["altay", cmd, "--resume", "--out", str(folder)]',
    ): "the program's name, in the command that resumes an arena",
    ("altay_cli/bench_strength.py", 'shown = ["altay", "arena", *args]'): (
        "the program's name, in the arena command the strength table shows"
    ),
    ("altay_cli/gamelog.py", 'game: str = "altay"'): (
        "a game log written before there were several games names none: it is Altay's"
    ),
    ("arena/params.py", 'game = data.get("game", "altay")  # arenas made before there were several games'): (
        "stored parameters of an arena made before there were several games"
    ),
}


def _sources() -> list[Path]:
    folders = [ROOT / "altay_cli", ROOT / "arena", ROOT / "protocol"]
    return [p for f in folders for p in sorted(f.rglob("*.py")) if ENGINE not in p.parents]


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _is_name(node: ast.AST, names: set[str]) -> bool:
    """A game's name as a value: the literal, or the name that stands for one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.lower() in names
    if isinstance(node, ast.Name | ast.Attribute):
        return (node.id if isinstance(node, ast.Name) else node.attr) in DEFAULT_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_name(e, names) for e in node.elts)
    return False


def branches(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, what) of every comparison, match case or dispatch table on a game's name."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(_is_name(n, names) for n in (node.left, *node.comparators)):
            found.append((node.lineno, "a comparison with a game's name"))
        elif isinstance(node, ast.MatchValue) and _is_name(node.value, names):
            found.append((node.lineno, "a match case on a game's name"))
        elif isinstance(node, ast.Dict) and any(k is not None and _is_name(k, names) for k in node.keys):
            found.append((node.lineno, "a table keyed by games' names"))
    return found


def literal_names(source: str, names: set[str]) -> list[int]:
    """The lines of every literal game name that is not a docstring (f-strings' text included:
    a piece equal to a name is one)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.lower() in names
        and id(node) not in docs
    )


def test_nothing_above_the_engine_branches_on_a_games_name() -> None:
    names = set(game_names())
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in _sources()
        for line, what in branches(path.read_text(encoding="utf-8"), names)
    ]
    assert not offenders, (
        "above the engine, a game is what its Game says (kind, options, facets), never its name:\n"
        + "\n".join(offenders)
    )


def test_a_games_name_above_the_engine_is_only_where_it_is_allowed() -> None:
    names = set(game_names())
    seen, offenders = set(), []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for line in literal_names(text, names):
            key = (path.relative_to(ROOT).as_posix(), lines[line - 1].strip())
            if key in ALLOWED:
                seen.add(key)
            else:
                offenders.append(f"{key[0]}:{line}: {key[1]}")
    assert not offenders, (
        "a game's name above the engine: use the game (load_game(params.game), game.kind.name) or "
        "registry.DEFAULT_GAME, or allow it in ALLOWED with the reason:\n" + "\n".join(offenders)
    )
    assert not set(ALLOWED) - seen, f"allowed but no longer there: {sorted(set(ALLOWED) - seen)}"


def test_the_scan_finds_what_it_looks_for() -> None:
    """The scan itself, on the forms it must catch and those it must let be."""
    names = {"altay", "innovation"}
    caught = """
if game.kind.name != "altay": pass
if name in ("innovation", "other"): pass
ok = "Altay" == name
if game == DEFAULT_GAME: pass
match name:
    case "innovation": pass
run = {"altay": f, "innovation": g}[name]
"""
    assert [line for line, _ in branches(caught, names)] == [2, 3, 4, 5, 7, 8]
    let_be = '''
"""altay is the program; altay arena runs an arena."""
def f(game=DEFAULT_GAME):
    """Plays a game of altay."""
    return load_game(game).kind.name == other.kind.name
text = f"altay {cmd}"
'''
    assert branches(let_be, names) == [] and literal_names(let_be, names) == []
    assert literal_names('x = "altay"\ny = f"{a}"\nz = ["innovation"]\n', names) == [1, 3]
