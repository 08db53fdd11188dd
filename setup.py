"""The build's one dynamic part: the engines' C extensions, compiled by mypyc only when
`ALTAY_COMPILE=1` (altay_cli/_build.py, the build backend pyproject.toml names). Everything
else about the package is in pyproject.toml."""

from setuptools import setup

from altay_cli._build import ext_modules

setup(ext_modules=ext_modules())
