"""Every asset a page inlines ships with a plain `pip install .`: each drawing script, style
and report asset under altay_cli/ matches a package-data pattern of pyproject.toml."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSET_SUFFIXES = (".js", ".css", ".json")  # what the code reads at run time


def test_every_asset_is_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    package = ROOT / "altay_cli"
    missing = []
    for path in sorted(package.rglob("*")):
        if path.suffix not in ASSET_SUFFIXES or "__pycache__" in path.parts or "screenshots" in path.parts:
            continue
        relative = path.relative_to(package).as_posix()
        if not any(fnmatch.fnmatch(relative, pattern) for pattern in patterns["altay_cli"]):
            missing.append(relative)
    assert not missing, f"not listed in pyproject.toml's package-data: {missing}"
