"""The build backend: setuptools, plus the engines compiled by mypyc when `ALTAY_COMPILE=1`.

`pip install .` builds the pure-Python wheel exactly as setuptools alone would and asks for
nothing more. `ALTAY_COMPILE=1 pip install .` asks for mypy (which ships mypyc) and the engines'
typed dependencies in the isolated build environment, and the wheel carries the hot modules of
the three engines (legal actions, apply, state, observation and event builders, the step
machine) as C extensions beside their sources: same behaviour, same digests
(tests/test_compiled.py). Data, action, observation and event records (msgspec Structs, whose
class options mypyc would not keep) stay interpreted, in modules of their own. An editable
install never compiles: a compiled module in the checkout would shadow the source being edited.

pyproject.toml names this module (`backend-path = ["."]`). There is no setup.py (the project's
top level is fixed): the backend is setuptools' own with its one `setup()` call made here, with
`ext_modules()`, where setuptools would otherwise run a setup.py.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from setuptools import build_meta

#: the switch users set
SWITCH = "ALTAY_COMPILE"
#: set by build_wheel for the setup call: this build makes a wheel (never an editable install)
_WHEEL = "_ALTAY_COMPILE_WHEEL"
#: what the isolated build environment needs to compile: mypyc and the types of the engines'
#: imports (without msgspec's and orjson's types mypyc would compile their uses as Any)
COMPILE_REQUIRES = ("mypy>=1.11", "msgspec>=0.18", "orjson>=3.9")

#: the modules compiled, relative to the source root: the hot paths of every engine
COMPILED = (
    "altay_cli/engine/steps.py",
    "altay_cli/engine/rng.py",
    "altay_cli/engine/altay/state.py",
    "altay_cli/engine/altay/legal.py",
    "altay_cli/engine/altay/apply.py",
    "altay_cli/engine/altay/observe.py",
    "altay_cli/engine/altay/scoring.py",
    "altay_cli/engine/innovation/state.py",
    "altay_cli/engine/innovation/machine.py",
    "altay_cli/engine/innovation/routines.py",
    "altay_cli/engine/innovation/ops.py",
    "altay_cli/engine/innovation/board.py",
    "altay_cli/engine/innovation/frames.py",
    "altay_cli/engine/innovation/observe.py",
    "altay_cli/engine/innovation/happenings.py",
    "altay_cli/engine/mammothodus/state.py",
    "altay_cli/engine/mammothodus/machine.py",
    "altay_cli/engine/mammothodus/ops.py",
    "altay_cli/engine/mammothodus/frames.py",
    "altay_cli/engine/mammothodus/humans.py",
    "altay_cli/engine/mammothodus/ancients.py",
    "altay_cli/engine/mammothodus/generation.py",
    "altay_cli/engine/mammothodus/observe.py",
    "altay_cli/engine/mammothodus/happenings.py",
)

#: mypyc's own mypy configuration: the project's [tool.mypy] has sections for modules a
#: compile does not check, and mypy's unused-section warning would fail the build
_MYPY_CONFIG = "[mypy]\npython_version = 3.11\nexplicit_package_bases = true\n"


def compiling() -> bool:
    """Whether the user asked for the compiled engines."""
    return os.environ.get(SWITCH, "") == "1"


class _Backend(build_meta._BuildMetaBackend):
    """setuptools' PEP 517 backend, whose setup script is this module's one `setup()` call."""

    def run_setup(self, setup_script: str = "setup.py") -> None:
        from setuptools import setup

        setup(ext_modules=ext_modules())


_BACKEND = _Backend()
# PEP 517's hooks: setuptools' own, run with the setup call above
get_requires_for_build_sdist = _BACKEND.get_requires_for_build_sdist
prepare_metadata_for_build_wheel = _BACKEND.prepare_metadata_for_build_wheel
build_sdist = _BACKEND.build_sdist
get_requires_for_build_editable = _BACKEND.get_requires_for_build_editable
prepare_metadata_for_build_editable = _BACKEND.prepare_metadata_for_build_editable
build_editable = _BACKEND.build_editable


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy with the engines' typed imports when compiling."""
    extra = list(COMPILE_REQUIRES) if compiling() else []
    return [*_BACKEND.get_requires_for_build_wheel(config_settings), *extra]


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """setuptools' wheel, with the engines compiled into it when the user asked."""
    if compiling():
        os.environ[_WHEEL] = "1"
    try:
        return _BACKEND.build_wheel(wheel_directory, config_settings, metadata_directory)
    finally:
        os.environ.pop(_WHEEL, None)


def ext_modules() -> list[Any]:
    """The C extensions of this build: none, or the COMPILED modules built by mypyc."""
    if not (compiling() and os.environ.get(_WHEEL) == "1"):
        return []
    from mypyc.build import mypycify

    # mypycify reads the configuration and writes the C sources before it returns: the folder
    # of the configuration is not needed after it (and is not left behind in /tmp)
    with tempfile.TemporaryDirectory(prefix="altay-mypyc-") as folder:
        config = Path(folder) / "mypy.ini"
        config.write_text(_MYPY_CONFIG)
        return list(
            mypycify(["--config-file", str(config), *COMPILED], opt_level="3", group_name="altay_engines")
        )
