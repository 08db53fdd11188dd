"""`altay play --web` options, without a browser: what is refused before anything is served,
the warning of `--host`, and the sentence when the [web] extra is missing."""

from __future__ import annotations

import importlib.util
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from altay_cli.cli import main


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--host", "127.0.0.1"], "--host and --port are for --web"),
        (["--port", "8000"], "--host and --port are for --web"),
        (["--web", "--json"], "choose one"),
        (["--web", "--seat", "0=policy:random", "--seat", "1=policy:random"], "every seat is a bot's"),
        (["--web", "--port", "70000"], "70000"),
    ],
)
def test_options_web_cannot_use_are_refused_with_a_sentence(args: list[str], words: str) -> None:
    result = CliRunner().invoke(main, ["play", "--max-rounds", "1", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_without_the_web_extra_web_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a)
    )
    result = CliRunner().invoke(main, ["play", "--web", "--seat", "1=policy:random"])
    assert result.exit_code == 2
    assert "pip install 'altay[web]'" in result.output and "uvicorn not installed" in result.output


SEATS = ("--seat", "1=policy:random", "--max-rounds", "1")


def test_a_host_beyond_this_machine_is_served_with_a_warning(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "altay_cli", "play", "--web", "--host", "0.0.0.0", "--port", "0", *SEATS],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert proc.stderr is not None and proc.stdout is not None
        warning = proc.stderr.readline()
        address = proc.stdout.readline() + proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    assert warning.startswith("warning: --host 0.0.0.0 serves the game beyond this machine")
    assert "P0: http://" in address and "?token=" in address
    assert proc.returncode == 0, proc.stderr.read()
