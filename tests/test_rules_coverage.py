"""Every game's RULES.md (issue 23) points at real code and real tests.

A rules-coverage document says, for each rule, where the engine does it and which tests pin it.
Its references are the backticked tokens of the document:

- `file::test` (`file` is a test file of `tests/`, or a short name the document defines as
  `` `short` = `test_x.py` ``): `test` is a test function of that file (at module level or in a
  class; a parametrized test counts by its function name); a `*` in it is a wildcard that must
  match at least one;
- `module:name` (`module` relative to the game's package, `/` or `.` between its parts; `name`
  an attribute, `Class.method` a chain of them): the module imports and has it;
- `module.py` (the older form Altay's table uses): the package has that module, and a
  `` `module.py` `name` `` pair names one of its attributes;
- a bare `test_name` (Altay's rows name tests without their file): some test file defines it.

A token that looks like a reference but does not parse (`a:b:c`, `x::`, a test part that is not
a test name) fails, so a typo cannot slip past as prose. The parser is proved on synthetic
tables below. Stale references that cannot be fixed by an obvious rename are in `ALLOWED`, each
with its reason. Takes well under a second (it parses files and imports the game packages)."""

from __future__ import annotations

import ast
import fnmatch
import inspect
import re
import textwrap
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
ENGINE = ROOT / "altay_cli" / "engine"
GAMES = sorted(p.parent.name for p in ENGINE.glob("*/RULES.md"))

#: (game, reference) pairs left out of the check, each with its reason
ALLOWED: dict[tuple[str, str], str] = {}

TOKEN = re.compile(r"`([^`\n]+)`")
SHORT_NAME = re.compile(r"`(\w+)` = `(test_\w+\.py)`")
TEST_REF = re.compile(r"^(?P<file>[\w.]+)::(?P<test>test_[\w*]*)(?:\[[\w.-]+\])?$")
CODE_REF = re.compile(
    r"^(?P<module>(?:\.\./)*[a-z_]\w*(?:[/.][a-z_]\w*)*):(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$"
)
MODULE_REF = re.compile(r"^(?P<module>(?:\.\./)*[a-z_]\w*(?:/[a-z_]\w*)*)\.py$")
TEST_FILE = re.compile(r"^test_\w+\.py$")
#: the forms the documents describe in their prose, not references
PLACEHOLDERS = {"module:function", "module:Class", "module:Class.method", "file::test", "cards/ageN.py"}
BARE_TEST = re.compile(r"^test_[\w*]+$")
IDENT = re.compile(r"^_?[A-Za-z]\w*$")


@cache
def defined_tests(path: Path) -> frozenset[str]:
    """The test functions `path` defines (module level or in classes), by name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")
    }
    return frozenset(names)


@cache
def all_tests() -> frozenset[str]:
    return frozenset().union(*(defined_tests(p) for p in TESTS.rglob("test_*.py")))


def has(owner: object, name: str) -> bool:
    """Whether `owner` has the attribute `name`; for a class, an instance attribute its methods
    assign (`self.name = ...`) counts too."""
    if hasattr(owner, name):
        return True
    if not inspect.isclass(owner):
        return False
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(owner)))
    except (OSError, TypeError):
        return False
    return any(
        isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr == name
        for node in ast.walk(tree)
    )


def matches(pattern: str, names: frozenset[str]) -> bool:
    return pattern in names if "*" not in pattern else any(fnmatch.fnmatchcase(n, pattern) for n in names)


def references(text: str) -> Iterator[tuple[str, str | None]]:
    """(token, the token after it when it follows at once with one space) for each backticked token."""
    found = list(TOKEN.finditer(text))
    for i, m in enumerate(found):
        nxt = found[i + 1] if i + 1 < len(found) else None
        pair = nxt.group(1) if nxt and text[m.end() : nxt.start()] == " " else None
        yield m.group(1), pair


def problems(text: str, package: str, tests: Path = TESTS) -> list[str]:
    """What is wrong with the references of one RULES.md (`text`) of the game package `package`
    (a dotted name), its tests in `tests`."""
    short = dict(SHORT_NAME.findall(text))
    out: list[str] = []

    def module(name: str) -> object | None:
        ups = name.count("../")
        dotted = name.replace("../", "").replace("/", ".")
        try:
            return import_module("." * (ups + 1) + dotted, package)
        except ModuleNotFoundError:
            return None

    for token, after in references(text):
        if token in PLACEHOLDERS:
            continue
        if TEST_FILE.match(token):
            if not (tests / token).is_file():
                out.append(f"`{token}`: no test file {token}")
        elif "::" in token:
            m = TEST_REF.match(token)
            if not m:
                out.append(f"`{token}`: not a file::test reference")
                continue
            name = short.get(str(m["file"]), str(m["file"]))
            path = tests / name
            if not name.endswith(".py") or not path.is_file():
                out.append(f"`{token}`: no test file {name}")
            elif not matches(m["test"], defined_tests(path)):
                out.append(f"`{token}`: no test {m['test']} in {name}")
        elif ":" in token and " " not in token:
            m = CODE_REF.match(token)
            if not m:
                out.append(f"`{token}`: not a module:name reference")
                continue
            found = module(m["module"])
            if found is None:
                out.append(f"`{token}`: no module {m['module']}")
                continue
            for part in m["name"].split("."):
                if not has(found, part):
                    out.append(f"`{token}`: {m['module']} has no {m['name']}")
                    break
                found = getattr(found, part, None)
        elif m := MODULE_REF.match(token):
            found = module(m["module"])
            if found is None:
                out.append(f"`{token}`: no module {m['module']}")
            elif after and IDENT.match(after) and not BARE_TEST.match(after) and not has(found, after):
                out.append(f"`{token}` `{after}`: {m['module']} has no {after}")
        elif BARE_TEST.match(token):
            names = (
                all_tests()
                if tests == TESTS
                else frozenset().union(*map(defined_tests, tests.glob("test_*.py")))
            )
            if not matches(token, names):
                out.append(f"`{token}`: no test of that name in {tests.name}/")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_reference_of_rules_md_resolves(game: str) -> None:
    text = (ENGINE / game / "RULES.md").read_text(encoding="utf-8")
    found = problems(text, f"altay_cli.engine.{game}")
    stale = [p for p in found if (game, p.split("`")[1]) not in ALLOWED]
    assert stale == [], "\n".join(stale)
    used = {p.split("`")[1] for p in found}
    unused = [ref for g, ref in ALLOWED if g == game and ref not in used]
    assert unused == [], f"allowed but resolved (take them off ALLOWED): {unused}"


def test_every_mammothodus_row_names_its_code_and_a_test() -> None:
    """The newest table keeps the full form: in every row, the code column names at least one
    `module:name` and the tests column at least one `file::test`."""
    text = (ENGINE / "mammothodus" / "RULES.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| Rule |")]
    assert len(rows) > 60
    for row in rows:
        cells = row.strip().strip("|").split(" | ")
        assert len(cells) == 3, row
        code = [t for t in TOKEN.findall(cells[1]) if CODE_REF.match(t)]
        tests = [t for t in TOKEN.findall(cells[2]) if TEST_REF.match(t)]
        assert code and tests, row


def test_every_game_has_its_rules_md() -> None:
    packages = sorted(p.parent.name for p in ENGINE.glob("*/__init__.py") if (p.parent / "game.py").is_file())
    assert GAMES == packages == ["altay", "innovation", "mammothodus"]


# ---------------------------------------------------------------------------- the parser itself
SYNTHETIC_TESTS = """
import pytest

def test_one():
    pass

@pytest.mark.parametrize("x", [1, 2])
def test_two_cases(x):
    pass

class TestGroup:
    def test_in_a_class(self):
        pass

def helper():
    pass
"""


@pytest.fixture
def synthetic(tmp_path: Path) -> Path:
    (tmp_path / "test_toy.py").write_text(SYNTHETIC_TESTS, encoding="utf-8")
    return tmp_path


GOOD = """
Short names: `toy` = `test_toy.py`.

| Rule | Code | Tests |
|---|---|---|
| Ops | `ops:draw`, `state:GameState.draw_value`, `cards/common:draw_and_meld` | `toy::test_one` |
| File | `ops:meld` | `test_toy.py::test_two_cases` |
| Classes | `machine:new_game` | `toy::test_in_a_class`, `toy::test_t*`, `test_one` |
| Older form | `ops.py` `draw`, `state.py` refill, `../rng.py` | `test_two_*`, `test_toy.py` |
| Instances | `state:GameState.known`, `../rng:Rng` | `toy::test_two_cases[1]` |
"""


def test_a_good_synthetic_table_has_no_problems(synthetic: Path) -> None:
    assert problems(GOOD, "altay_cli.engine.innovation", synthetic) == []


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("`toy::test_on`", "`toy::test_on`: no test test_on in test_toy.py"),
        ("`toy::helper`", "`toy::helper`: not a file::test reference"),
        ("`toy::test_zz*`", "`toy::test_zz*`: no test test_zz* in test_toy.py"),
        ("`tyo::test_one`", "`tyo::test_one`: no test file tyo"),
        ("`test_other.py::test_one`", "`test_other.py::test_one`: no test file test_other.py"),
        ("`toy::`", "`toy::`: not a file::test reference"),
        ("`ops:drwa`", "`ops:drwa`: ops has no drwa"),
        ("`state:GameState.draw_valeu`", "`state:GameState.draw_valeu`: state has no GameState.draw_valeu"),
        ("`opz:draw`", "`opz:draw`: no module opz"),
        ("`ops:draw:x`", "`ops:draw:x`: not a module:name reference"),
        ("`ops:draw()`", "`ops:draw()`: not a module:name reference"),
        ("`opz.py`", "`opz.py`: no module opz"),
        ("`ops.py` `drwa`", "`ops.py` `drwa`: ops has no drwa"),
        ("`test_oen`", "`test_oen`: no test of that name in " + "{tmp}/"),
        ("`test_toys.py`", "`test_toys.py`: no test file test_toys.py"),
        ("`state:GameState.knwon`", "`state:GameState.knwon`: state has no GameState.knwon"),
        ("`../rgn.py`", "`../rgn.py`: no module ../rgn"),
        ("`toy::test_two_case[1]`", "`toy::test_two_case[1]`: no test test_two_case in test_toy.py"),
    ],
)
def test_a_typo_in_a_synthetic_table_fails(synthetic: Path, row: str, problem: str) -> None:
    text = GOOD + f"| Typo | x | {row} |\n"
    assert problems(text, "altay_cli.engine.innovation", synthetic) == [
        problem.replace("{tmp}", synthetic.name)
    ]
