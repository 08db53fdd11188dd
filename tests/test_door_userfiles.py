"""`userfiles`: the one bounded, non-blocking read of every file a user names, and the checks of
files and folders to write. Each kind of thing that is not a regular file is refused by name,
before a byte is read; a file that says it is small but streams more is cut at its limit."""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

import pytest

from altay_cli.userfiles import (
    UserFileError,
    missing_or_unusable_dir,
    read_user_file,
    read_user_text,
    unwritable_file,
)


@pytest.fixture
def alarm():
    """Fail instead of hanging, should an open ever block."""

    def hung(*_: object) -> None:
        raise AssertionError("blocked")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_a_regular_file_is_read_up_to_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"x" * 100)
    assert read_user_file(path, "TOML config", 100) == b"x" * 100
    with pytest.raises(
        UserFileError, match=r"config.toml is 100 bytes, over the 0 KiB a TOML config may have"
    ):
        read_user_file(path, "TOML config", 99)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(UserFileError, match="is not UTF-8 text"):
        read_user_text(path, "TOML config", 100)


def test_a_file_that_streams_more_than_its_size_says_is_cut_at_the_limit() -> None:
    status = Path("/proc/self/status")
    if not status.exists() or status.stat().st_size != 0:
        pytest.skip("needs /proc, whose files say they are empty")
    with pytest.raises(UserFileError, match="over the 0 KiB"):
        read_user_file(status, "public key", 64)


def test_what_is_not_a_regular_file_is_refused_by_name_at_once(tmp_path: Path, alarm: None) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    sock_path = tmp_path / "sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    loop = tmp_path / "loop"
    os.symlink(tmp_path / "loop2", loop)
    os.symlink(loop, tmp_path / "loop2")
    try:
        for path, said in [
            (fifo, "is a FIFO (named pipe), not a regular file: it cannot be a game log"),
            (sock_path, "is a socket, not a regular file"),
            (tmp_path, "is a directory, not a regular file"),
            (Path("/dev/zero"), "is a device, not a regular file"),
            (tmp_path / "missing", "missing: No such file or directory"),
            (loop, "Too many levels of symbolic links"),
            (Path("a\0b"), "holds a NUL byte"),
        ]:
            with pytest.raises(UserFileError) as caught:
                read_user_file(path, "game log", 1 << 20)
            assert said in str(caught.value), caught.value
    finally:
        sock.close()


def test_what_cannot_be_written_is_named(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "file").write_text("x")
    assert "FIFO" in (unwritable_file(fifo) or "")
    assert "directory" in (unwritable_file(tmp_path) or "")
    assert "device" in (unwritable_file("/dev/zero") or "")
    assert "NUL" in (unwritable_file("a\0b") or "")
    assert unwritable_file(tmp_path / "file") is None
    assert unwritable_file(tmp_path / "new") is None


def test_a_folder_to_write_into_is_a_folder_or_can_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert missing_or_unusable_dir(tmp_path) is None
    assert missing_or_unusable_dir(tmp_path / "new" / "deeper") is None
    assert "is a regular file, not a directory" in (missing_or_unusable_dir(tmp_path / "file") or "")
    assert "is a device, not a directory" in (missing_or_unusable_dir("/dev/zero") or "")
    assert "file/sub: Not a directory" in (missing_or_unusable_dir(tmp_path / "file" / "sub") or "")
    assert not (tmp_path / "new").exists()  # checking creates nothing
