"""What would break inside the sandbox: advice for `altay check-bot`.

Two sources: the bot's command line (files it names that the sandbox shows alone, without their
directory) and what the bot said when it failed inside the sandbox (a read-only file system, a
network it cannot reach, memory). The caller also re-runs a failing bot without the sandbox;
when it then passes, the sandbox is the cause and these hints say what to change.
"""

from __future__ import annotations

from .sandbox import SCRATCH, SandboxPolicy, visible_paths
from .visibility import NotVisible

#: (what the bot's error output contains, advice)
_SYMPTOMS: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        ("Read-only file system", "EROFS"),
        f"it tried to write outside its scratch space: write to {SCRATCH} or $HOME (a private tmpfs) "
        "instead of its own directory",
    ),
    (
        ("No such file or directory", "ENOENT", "FileNotFoundError", "ModuleNotFoundError", "cannot find"),
        "it looked for a file the sandbox does not show: keep what the bot reads in its own "
        "directory, or let it read more with --bot-ro PATH",
    ),
    (
        ("Permission denied", "EACCES"),
        "it was refused access to a file or device: keep what it reads in its own directory, or "
        "pass --bot-ro PATH",
    ),
    (
        (
            "Network is unreachable",
            "Temporary failure in name resolution",
            "Name or service not known",
            "ENETUNREACH",
            "getaddrinfo",
        ),
        "it tried to use the network, which bots may not by default: the organiser can pass --bot-network",
    ),
    (
        ("MemoryError", "bad_alloc", "out of memory", "Cannot allocate memory", "heap out of memory"),
        "it ran out of memory: raise --bot-memory (MiB), or use less",
    ),
    (
        ("Resource temporarily unavailable", "can't start new thread", "EAGAIN"),
        "it hit the process/thread limit: raise --bot-processes, or start fewer threads",
    ),
)


def command_warnings(argv: list[str], policy: SandboxPolicy) -> list[str]:
    """Warnings about the command line itself (files shown without their directory, or why the
    sandbox refuses to start the bot)."""
    try:
        _, alone = visible_paths(argv, policy)
    except NotVisible as exc:
        return [f"the sandbox will not start it: {exc}"]
    return [
        f"{path} lies directly in a shared directory, so the sandbox shows that file alone, not the "
        "files next to it: give the bot a directory of its own (or pass --bot-ro PATH for what it reads)"
        for path in alone
    ]


def failure_hints(text: str) -> list[str]:
    """Advice for the symptoms found in a failed run's details and stderr."""
    return [advice for signs, advice in _SYMPTOMS if any(sign in text for sign in signs)]
