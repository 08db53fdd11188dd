"""What `altay serve` may read: paths inside its folder only, named relative to it, never a link out.

A request names a file by its path relative to DIR (`sub/arena/logs/000003.jsonl`). It is
refused (`OutsideError`) when it holds a NUL, is absolute, has an empty, `.` or `..` part, or
resolves (every link followed) outside DIR; the resolved path must also be the same file (device
and inode) as the one opened, without following a last link (O_NOFOLLOW), so a name swapped for
a link between the check and the read is refused too. The containment test is the sandbox's
(`referee.visibility.inside`, on resolved paths) and identities are compared by (st_dev,
st_ino), as its masking does.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..referee.visibility import inside

#: The largest file served (a game log is a few hundred KiB; the log reader refuses more).
MAX_READ_BYTES = 256 << 20


class OutsideError(ValueError):
    """The name is not one of a file inside the served folder; the message says why."""


@dataclass(frozen=True)
class Root:
    """The served folder, resolved once."""

    path: Path

    @classmethod
    def of(cls, folder: str | Path) -> Root:
        real = Path(os.path.realpath(folder))
        if not real.is_dir():
            raise OutsideError(f"{folder} is not a folder")
        return cls(real)

    def resolve(self, rel: str) -> Path:
        """The resolved path `rel` names inside the folder; OutsideError when it names none."""
        if "\x00" in rel:
            raise OutsideError("a path holds no NUL")
        if rel in ("", "."):
            return self.path
        if rel.startswith("/") or "\\" in rel:
            raise OutsideError("give a path relative to the served folder, with / between its parts")
        parts = rel.split("/")
        if any(p in ("", ".", "..") for p in parts):
            raise OutsideError("a path here has no empty, . or .. part")
        joined = os.path.join(self.path, *parts)
        real = os.path.realpath(joined)
        if not inside(real, str(self.path)):
            raise OutsideError("that path leads outside the served folder")
        try:
            if not _same(os.stat(joined), os.stat(real)):
                raise OutsideError("that path changed while it was looked up")
        except FileNotFoundError:
            raise OutsideError("no such file in the served folder") from None
        except OSError as exc:
            raise OutsideError(f"that path cannot be read: {exc.strerror or exc}") from None
        return Path(real)

    def relative(self, path: Path) -> str:
        """`path` (inside the folder) as the name a request gives."""
        rel = os.path.relpath(path, self.path)
        return "." if rel == "." else rel.replace(os.sep, "/")

    @contextlib.contextmanager
    def open_file(self, rel: str) -> Iterator[int]:
        """A read-only descriptor of the plain file `rel` names, checked to be the file resolved."""
        real = self.resolve(rel)
        try:
            fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
        except OSError as exc:
            raise OutsideError(f"that file cannot be opened: {exc.strerror or exc}") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise OutsideError("that is not a plain file")
            again = os.stat(real)
            if not _same(st, again) or not inside(os.path.realpath(real), str(self.path)):
                raise OutsideError("that path changed while it was opened")
            yield fd
        finally:
            os.close(fd)

    def read_bytes(self, rel: str, limit: int = MAX_READ_BYTES) -> bytes:
        """The bytes of the plain file `rel` names (at most `limit`: OutsideError beyond)."""
        with self.open_file(rel) as fd:
            chunks = []
            size = 0
            while chunk := os.read(fd, 1 << 20):
                size += len(chunk)
                if size > limit:
                    raise OutsideError(f"that file is larger than {limit >> 20} MiB")
                chunks.append(chunk)
            return b"".join(chunks)


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)
