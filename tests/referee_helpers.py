"""Helpers for the referee tests: bad-bot commands and a leak check.

`marked(monkeypatch, tmp_path)` puts a unique marker into the environment that every bot the
test starts inherits (forked children included), so `assert_no_leak` finds any survivor by
scanning /proc/<pid>/environ.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD_BOTS = ROOT / "tests" / "bad_bots"
BOTS = ROOT / "bots"
PY = sys.executable


MARKER_VAR = "ALTAY_TEST_MARKER"


def bad_bot(script: str, *args: object) -> str:
    """Command line for a misbehaving bot in tests/bad_bots."""
    return " ".join([PY, str(BAD_BOTS / script), *(str(a) for a in args)])


def marked(monkeypatch, tmp_path: Path) -> str:
    """Tag every bot started from now on in this test; returns the marker."""
    marker = f"{tmp_path}-{os.getpid()}-{time.monotonic_ns()}"
    monkeypatch.setenv(MARKER_VAR, marker)
    monkeypatch.setenv("ALTAY_BOT_ENV", MARKER_VAR)  # the sandbox passes only what it is told to
    return marker


def _alive(pid: str) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
    except OSError:
        return False
    state = stat[stat.rfind(b")") + 2 : stat.rfind(b")") + 3]
    return state not in (b"Z", b"X")


def processes_with(marker: str) -> list[int]:
    """Live (non-zombie) processes whose environment holds the marker."""
    needle = f"{MARKER_VAR}={marker}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as fh:
                environ = fh.read()
        except OSError:
            continue
        if needle in environ and _alive(entry):
            found.append(int(entry))
    return found


def assert_no_leak(marker: str, wait_s: float = 1.0) -> None:
    """Fail if a process started with the marker is still alive (after a short settling time)."""
    end = time.monotonic() + wait_s
    while True:
        left = processes_with(marker)
        if not left or time.monotonic() > end:
            break
        time.sleep(0.05)
    assert not left, f"bot processes left running: {left}"
