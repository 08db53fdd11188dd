"""The compiled engines (`ALTAY_COMPILE=1 pip install .`, altay_cli/_build.py) play exactly as the
pure ones: one real build of the wheel from a copy of the source, installed into a fresh venv,
and 300 seeded random games (100 per game, every player count) whose legal actions,
observations, final digests and states hash the same as the checkout's pure engine, and whose
belief samplers draw the same worlds (9 followed games, every game's sampler), each side in a
subprocess outside the checkout.

Cost: the one mypyc build takes about 1.5 min of CPU (3-4 min on a busy 2-core machine); the
games about 20 s. Skipped, saying why, only where no C compiler or Python headers exist (CI sets
ALTAY_REQUIRE_COMPILED=1 and installs both: there it fails instead)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from altay_cli import _build

ROOT = Path(__file__).resolve().parent.parent
CHECKER = Path(__file__).with_name("compiled_digests.py")
GAMES_PER_GAME = 100
#: what a wheel is built from (pyproject's packages and the build's own files)
SOURCE = ("pyproject.toml", "README.md", "altay_cli", "protocol", "arena", "bots")


def _missing_toolchain() -> str | None:
    if not (shutil.which("cc") or shutil.which("gcc")):
        return "no C compiler (cc or gcc) on the PATH: mypyc cannot build the compiled engines"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers} is missing): mypyc cannot build the compiled engines"
    return None


def _modules() -> list[str]:
    return [path.removesuffix(".py").replace("/", ".") for path in _build.COMPILED]


def _digests(python: str, cwd: Path, env: dict[str, str]) -> dict:
    run = subprocess.run(
        [python, str(CHECKER), str(GAMES_PER_GAME), *_modules()],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_default_build_compiles_nothing_and_asks_for_nothing_new(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_build.SWITCH, raising=False)
    monkeypatch.setenv("_ALTAY_COMPILE_WHEEL", "1")
    assert _build.ext_modules() == []
    monkeypatch.chdir(ROOT)
    assert not any(r.startswith("mypy") for r in _build.get_requires_for_build_wheel())
    monkeypatch.setenv(_build.SWITCH, "1")
    assert any(r.startswith("mypy") for r in _build.get_requires_for_build_wheel())


@pytest.mark.slow
def test_compiled_wheel_plays_as_the_pure_engine(tmp_path: Path) -> None:
    reason = _missing_toolchain()
    if reason and os.environ.get("ALTAY_REQUIRE_COMPILED") == "1":
        pytest.fail(f"ALTAY_REQUIRE_COMPILED=1 (CI) but {reason}")
    if reason:
        pytest.skip(reason)
    source = tmp_path / "src"
    source.mkdir()
    junk = shutil.ignore_patterns("__pycache__", "*.so", "build", "*.egg-info")
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=junk)
        else:
            shutil.copy2(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "_ALTAY_COMPILE_WHEEL")}
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)],
        env={**env, _build.SWITCH: "1"},
        capture_output=True,
        text=True,
        timeout=1500,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    (wheel,) = wheels.glob("altay-*.whl")
    assert "-py3-none-any" not in wheel.name  # a platform wheel: it carries C extensions

    # A fresh venv with the compiled wheel; its dependencies are this environment's (a .pth).
    target = tmp_path / "venv"
    venv.create(target, with_pip=False)
    python = str(target / "bin" / "python")
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", str(wheel)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    parents = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "_altay_test_parent.pth").write_text("\n".join(sorted(parents)) + "\n")

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    compiled = _digests(python, outside, env)
    pure = _digests(sys.executable, outside, {**env, "PYTHONPATH": str(ROOT)})
    assert compiled["compiled"] == sorted(_modules())
    assert pure["compiled"] == []
    assert compiled["games"] == pure["games"]
    # every belief sampler draws the same worlds compiled (Mammothodus's scripted generator is an
    # interpreted subclass of the compiled one: once a TypeError that sent the search back to
    # the team heuristic at every request)
    assert compiled["beliefs"] == pure["beliefs"]
    assert set(pure["beliefs"]) == {"altay", "innovation", "mammothodus"}
    assert all(b["samples"] > 20 for b in pure["beliefs"].values())
    assert all(g["decisions"] > 1000 for g in pure["games"].values())
