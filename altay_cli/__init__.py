"""Altay: Dawn of Civilization — rules engine, bot referee, replayer and arena."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("altay")
except PackageNotFoundError:  # running from a source tree without installing
    __version__ = "0.0.0+source"
