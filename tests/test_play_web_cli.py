"""`altay play --web` options, without a browser: what is refused before anything is served,
the warning of `--host`, and the sentence when the [web] extra is missing."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.replay import replay_log


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


def test_ctrl_c_ends_the_server_while_a_bot_without_a_clock_never_answers(tmp_path: Path) -> None:
    """The game thread is stuck in the bot's decision (--no-timeout): Ctrl-C stops the bot, the
    server ends with 0 and the log written holds the game as far as it went, and replays."""
    bots = Path(__file__).parent / "bad_bots"
    for name in ("_common.py", "never_answer.py"):
        shutil.copy(bots / name, tmp_path / name)
    log = tmp_path / "game.jsonl"
    bot_path = str((tmp_path / "never_answer.py").resolve())  # as the referee runs it
    bot = ("--seat", f"0={sys.executable} never_answer.py", "--no-timeout", "--log", str(log))
    proc = subprocess.Popen(
        [sys.executable, "-m", "altay_cli", "play", "--web", "--max-rounds", "1", "--recommended", *bot],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]
        assert lines[1].startswith("  P1: http://127.0.0.1:")
        deadline = time.monotonic() + 60
        while not _running(bot_path) and time.monotonic() < deadline:
            time.sleep(0.05)  # the bot has started: the game thread waits for its answer
        assert _running(bot_path)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    assert replay_log(log).ok
    assert not _running(bot_path)  # the bot was stopped with the server


def _running(script: str) -> bool:
    """Whether a process runs `script` (an absolute path: the bot of this test's command)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if b"\0" + script.encode() + b"\0" in (entry / "cmdline").read_bytes():  # an argument
                    return True
            except OSError:
                continue
    return False


def test_on_the_loopback_a_request_naming_another_host_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a page on another site whose name was made to point at 127.0.0.1 sends its
    own name as Host; the server answers only requests naming its loopback address (the token
    is not even looked at), and the right address with the token still gets the page."""
    import http.client

    proc = subprocess.Popen(
        [sys.executable, "-m", "altay_cli", "play", "--web", "--port", "0", *SEATS],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        proc.stdout.readline()
        url = proc.stdout.readline().split()[1]  # "  P0: http://127.0.0.1:PORT/?token=..."
        hostport, _, path = url.removeprefix("http://").partition("/")
        host, _, port = hostport.partition(":")

        def get(host_header: str) -> tuple[int, str]:
            conn = http.client.HTTPConnection(host, int(port), timeout=30)
            conn.request("GET", "/" + path, headers={"Host": host_header})
            answer = conn.getresponse()
            body = answer.read().decode()
            conn.close()
            return answer.status, body

        assert get("rebound.example:" + port)[0] == 400
        assert get("evil.example")[0] == 400
        status, body = get(hostport)
        assert status == 200 and "<html" in body.lower()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
