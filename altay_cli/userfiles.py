"""Bounded reads of the files a user names: configs (`--config`), keys (`--sign-key`,
`--public-key`), game logs (`replay`, `play --load`, `load FILE` in `play`).

A name typed by a careless organiser, or planted by someone else, may be a FIFO with no
writer (an open that blocks forever), a device that never ends (/dev/zero), a socket, a
directory or a file of gigabytes. `read_user_file` looks at what the name is before opening it,
opens without blocking and without taking a terminal, checks again what it opened (the name may
have been swapped in between), and reads at most the limit for that kind of file; everything
else is one sentence in a `UserFileError`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: The largest TOML configuration (`arena`/`sprt --config`); a real one is under a kilobyte.
MAX_CONFIG_BYTES = 1 << 20
#: The largest key file (a PEM Ed25519 key is under 200 bytes).
MAX_KEY_BYTES = 64 << 10


class UserFileError(ValueError):
    """A file the user named cannot be used; the message says which and why, in one sentence."""


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _size_text(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


def read_user_file(path: str | os.PathLike[str], what: str, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; UserFileError (one sentence
    naming `what` the file should have been) for anything else. Never blocks."""
    name = os.fspath(path)
    try:
        before = os.stat(name)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise UserFileError(f"cannot read the {what} {name}: {_reason(exc)}") from None
    _check(name, before, what, limit)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise UserFileError(f"cannot read the {what} {name}: {_reason(exc)}") from None
    try:
        opened = os.fstat(fd)
        _check(name, opened, what, limit)  # what was opened, should the name have changed
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise UserFileError(f"cannot read the {what} {name}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise UserFileError(f"{name} is over the {_size_text(limit)} a {what} may have")
    return data


def read_user_text(path: str | os.PathLike[str], what: str, limit: int) -> str:
    """`read_user_file` decoded as UTF-8 (UserFileError for other bytes)."""
    data = read_user_file(path, what, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserFileError(
            f"{os.fspath(path)} is not UTF-8 text (byte {exc.start}), so it is not a {what}"
        ) from None


def _check(name: str, st: os.stat_result, what: str, limit: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise UserFileError(f"{name} is {kind_of(st.st_mode)}, not a regular file: it cannot be a {what}")
    if st.st_size > limit:
        raise UserFileError(f"{name} is {st.st_size:,} bytes, over the {_size_text(limit)} a {what} may have")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, ValueError):
        return "the name holds a NUL byte"
    return str(exc) or exc.__class__.__name__


def missing_or_unusable_dir(path: str | os.PathLike[str]) -> str | None:
    """Why `path` cannot be a directory to write into, or None when it can (it is one and is
    writable, or it does not exist yet and its nearest existing ancestor is a writable
    directory, so it can be created)."""
    p = Path(os.fspath(path))
    try:
        st = os.stat(p)
    except FileNotFoundError:
        ancestor = p.absolute().parent
        while True:
            try:
                st = os.stat(ancestor)
                break
            except FileNotFoundError:
                ancestor = ancestor.parent
            except OSError as exc:
                return f"{p} cannot be created: {ancestor}: {_reason(exc)}"
        if not stat.S_ISDIR(st.st_mode):
            return f"{p} cannot be created: {ancestor} is {kind_of(st.st_mode)}"
        if not os.access(ancestor, os.W_OK | os.X_OK):
            return f"{p} cannot be created: {ancestor} is not writable"
        return None
    except (OSError, ValueError) as exc:
        return f"{p}: {_reason(exc)}"
    if not stat.S_ISDIR(st.st_mode):
        what = "a regular file" if stat.S_ISREG(st.st_mode) else kind_of(st.st_mode)
        return f"{p} is {what}, not a directory"
    if not os.access(p, os.W_OK | os.X_OK):
        return f"{p} is a directory that cannot be written"
    return None


def unwritable_file(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at `path` without blocking or harm (it is a directory, a
    FIFO, a device or a socket, or the name holds a NUL byte), or None. A missing file is fine:
    the writer creates it and reports what stops it."""
    name = os.fspath(path)
    if "\0" in name:
        return f"{name!r} holds a NUL byte"
    try:
        st = os.stat(name)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{name}: {_reason(exc)}"
    if not stat.S_ISREG(st.st_mode):
        return f"{name} is {kind_of(st.st_mode)}, not a regular file"
    return None
