"""One bot process and its three pipes: spawn, line I/O with deadlines, stderr capture, reaping.

Blocking I/O on non-blocking file descriptors with `select.poll` and explicit deadlines
(asyncio streams measured about ten times slower per round trip). stdout is read into a
bounded buffer, so a multi-megabyte line is detected without holding it in memory; stderr is
drained continuously by a thread into a capped buffer, so a bot flooding stderr never blocks.
The bot runs in its own session (process group), normally inside the sandbox (`sandbox.py`):
then its processes live in their own PID namespace and, where possible, their own cgroup, and
`kill()` ends all of them at once. Without a sandbox, `kill()` ends the process group and any
other process still holding one of the bot's pipes (a forked child that left the group).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import select
import signal
import struct
import subprocess
import termios
import threading
import time
from collections.abc import Sequence

from .limits import LimitHit, classify_exit, close_preexec_fds
from .sandbox import LaunchPlan

#: Longest single wait inside a deadline; between slices the referee checks that the bot lives.
POLL_SLICE_S = 0.2
READ_CHUNK = 65536


class TransportError(Exception):
    """Base class: the line could not be exchanged."""


class ReadTimeout(TransportError):
    """The deadline passed before a complete line arrived."""


class EndOfOutput(TransportError):
    """The bot closed its stdout or exited."""


class LineTooLong(TransportError):
    def __init__(self, size: int, limit: int) -> None:
        super().__init__(
            f"a line of more than {limit} bytes (at least {size} bytes read before discarding it)"
        )
        self.size = size
        self.limit = limit


class WriteClosed(TransportError):
    """The bot no longer reads its stdin (pipe closed): it exited or closed stdin."""


class WriteBlocked(TransportError):
    """The deadline passed while the request was still being written: the bot stopped reading."""

    def __init__(self, unsent: int) -> None:
        super().__init__(f"{unsent} bytes of the request could not be written")
        self.unsent = unsent


#: bwrap reports a child killed by signal N as exit code 128 + N.
_SIGNAL_EXIT_BASE = 128


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def describe_returncode(code: int) -> str:
    return f"killed by {signal_name(-code)}" if code < 0 else f"exit code {code}"


class StderrCapture(threading.Thread):
    """Drains a stderr pipe until EOF, keeping the first `cap` bytes and counting the rest."""

    def __init__(self, fd: int, cap: int) -> None:
        super().__init__(name=f"bot-stderr-{fd}", daemon=True)
        self.fd = fd
        self.cap = cap
        self.total = 0
        self._buf = bytearray()
        self._lock = threading.Lock()
        self._waiting = False

    def run(self) -> None:
        while True:
            self._waiting = True  # everything read so far is in the buffer
            try:
                chunk = os.read(self.fd, READ_CHUNK)
            except InterruptedError:
                continue
            except OSError:
                break
            self._waiting = False
            if not chunk:
                break
            with self._lock:
                self.total += len(chunk)
                room = self.cap - len(self._buf)
                if room > 0:
                    self._buf += chunk[:room]

    @property
    def truncated(self) -> bool:
        return self.total > self.cap

    def text(self) -> str:
        with self._lock:
            return self._buf.decode("utf-8", "replace")

    def drained(self, timeout_s: float) -> bool:
        """Wait (up to `timeout_s`) until everything written so far is captured: the pipe holds
        nothing and the thread waits for more. False when the bot keeps writing (or has exited)."""
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        end = time.monotonic() + timeout_s
        while self.is_alive():
            if self._waiting and not poller.poll(0):
                return True
            if time.monotonic() >= end:
                return False
            time.sleep(0.002)
        return False

    def reset(self) -> None:
        """Forget what was captured (a kept bot's next game starts with an empty stderr)."""
        with self._lock:
            self.total = 0
            self._buf = bytearray()

    def tail(self, limit: int = 400) -> str:
        text = self.text().strip()
        return text if len(text) <= limit else "..." + text[-limit:]


def _pipe_inode(fd: int) -> int:
    return os.fstat(fd).st_ino


def pipe_holders(inodes: set[int]) -> list[int]:
    """Pids (other than ours) holding a descriptor on one of these pipes (Linux /proc scan)."""
    targets = {f"pipe:[{ino}]" for ino in inodes}
    me = os.getpid()
    found: list[int] = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for entry in entries:
        if not entry.isdecimal() or int(entry) == me:
            continue
        fd_dir = f"/proc/{entry}/fd"
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"{fd_dir}/{fd}") in targets:
                    found.append(int(entry))
                    break
            except OSError:
                continue
    return found


def process_state(pid: int) -> str | None:
    """The one-letter state from /proc/<pid>/stat (R, S, T, Z, ...), or None if unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    end = data.rfind(b")")
    return data[end + 2 : end + 3].decode() if end >= 0 else None


def children(pid: int) -> list[int]:
    """Direct children of `pid` (from /proc/PID/task/*/children; [] if unknown)."""
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as fh:
                out.extend(int(x) for x in fh.read().split())
        except (OSError, ValueError):
            continue
    return out


def descendants(pid: int) -> list[int]:
    """Every descendant of `pid`, parents before children."""
    out: list[int] = []
    todo = children(pid)
    while todo:
        child = todo.pop(0)
        out.append(child)
        todo.extend(children(child))
    return out


def cpu_seconds_of(pid: int) -> float | None:
    """User + system CPU seconds of one process (and its reaped children), from /proc/PID/stat."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    fields = data[data.rfind(b")") + 2 :].split()
    try:
        ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    except (IndexError, ValueError):
        return None
    return ticks / _CLOCK_TICKS


_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class BotProcess:
    """A child process speaking JSON lines on stdin/stdout, stderr captured."""

    def __init__(
        self,
        argv: Sequence[str],
        max_line_bytes: int,
        stderr_cap_bytes: int,
        plan: LaunchPlan | None = None,
    ) -> None:
        self.argv = list(argv)
        self.plan = plan
        self.max_line_bytes = max_line_bytes
        self.stderr_cap_bytes = stderr_cap_bytes
        self.proc: subprocess.Popen[bytes] | None = None
        self.stderr: StderrCapture | None = None
        self._buf = bytearray()
        self._scan = 0  # bytes of _buf already searched for a newline
        self._skipping = False  # discarding the rest of an over-long line
        self._inodes: set[int] = set()
        self._in_fd = -1
        self._out_fd = -1
        self._out_poll = select.poll()
        self._in_poll = select.poll()
        self.killed = False
        self._out_pending = b""  # the rest of a message a blocked write could not finish
        self._limit_hit: LimitHit | None = None
        self._limit_checked = False
        self._bot_pid: int | None = None

    @property
    def sandboxed(self) -> bool:
        return self.plan is not None and self.plan.sandboxed

    # ------------------------------------------------------------------ lifecycle
    def spawn(self) -> None:
        """Start the program in a new session (sandboxed and limited as its plan says).

        Raises OSError if it cannot be started.
        """
        plan = self.plan
        pass_fds: tuple[int, ...]
        if plan is None:
            env = dict(os.environ)
            env.setdefault("PYTHONUNBUFFERED", "1")  # Python bots that forget to flush still work
            argv, cwd, preexec, pass_fds = self.argv, None, None, ()
        else:
            argv, env, cwd, preexec, pass_fds = plan.argv, plan.env, plan.cwd, plan.preexec, plan.pass_fds
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                close_fds=True,
                env=env,
                cwd=cwd,
                preexec_fn=preexec,
                pass_fds=pass_fds,
            )
        except BaseException:
            if plan is not None:
                plan.release()
            raise
        finally:
            if preexec is not None:
                close_preexec_fds(preexec)
            if plan is not None:
                plan.spawned()
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self._in_fd = self.proc.stdin.fileno()
        self._out_fd = self.proc.stdout.fileno()
        err_fd = self.proc.stderr.fileno()
        self._inodes = {_pipe_inode(fd) for fd in (self._in_fd, self._out_fd, err_fd)}
        os.set_blocking(self._in_fd, False)
        os.set_blocking(self._out_fd, False)
        self._out_poll.register(self._out_fd, select.POLLIN)
        self._in_poll.register(self._in_fd, select.POLLOUT)
        self.stderr = StderrCapture(err_fd, self.stderr_cap_bytes)
        self.stderr.start()

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def returncode(self) -> int | None:
        """The exit status if the process has exited (reaping it), else None.

        Negative: killed by that signal, also inside the sandbox (where bwrap reports 128 + N).
        """
        return self._decode(self.proc.poll()) if self.proc else None

    def wait_exit(self, timeout_s: float) -> int | None:
        if self.proc is None:
            return None
        try:
            return self._decode(self.proc.wait(timeout=max(0.0, timeout_s)))
        except subprocess.TimeoutExpired:
            return None

    def _decode(self, code: int | None) -> int | None:
        if code is not None and self.sandboxed and _SIGNAL_EXIT_BASE < code <= _SIGNAL_EXIT_BASE + 64:
            return _SIGNAL_EXIT_BASE - code
        return code

    def exit_description(self, wait_s: float = 0.3) -> str:
        """How the bot ended ('exit code 3', 'killed by SIGSEGV'), waiting briefly for it."""
        code = self.wait_exit(wait_s)
        if code is None:
            return "the process is still running but closed its stdout"
        return describe_returncode(code)

    def bot_pid(self) -> int | None:
        """The host pid of the bot program itself (inside the sandbox: below bwrap's processes)."""
        if self.proc is None:
            return None
        if not self.sandboxed:
            return self.proc.pid
        if self._bot_pid is None:
            # bwrap (ours) -> bwrap, pid 1 of the namespace -> the bot program.
            for init in children(self.proc.pid):
                kids = children(init)
                if kids:
                    self._bot_pid = kids[0]
                    break
        return self._bot_pid

    def is_stopped(self) -> bool:
        pid = self.bot_pid()
        return pid is not None and process_state(pid) in ("T", "t")

    def cpu_seconds(self) -> float | None:
        """CPU time used so far by the bot and every process it started (None if unknown)."""
        if self.proc is None:
            return None
        group = self.plan.cgroup if self.plan is not None else None
        if group is not None:
            value = group.cpu_seconds()
            if value is not None:
                return value
        total = 0.0
        known = False
        for pid in [self.proc.pid, *descendants(self.proc.pid)]:
            value = cpu_seconds_of(pid)
            if value is not None:
                total += value
                known = True
        return total if known else None

    def quiet(self) -> bool:
        """Nothing in flight either way: no part of a line read or left to write, nothing to read
        now, the process running (what a bot kept for another game must be between games)."""
        if self.proc is None or self.killed or self.proc.poll() is not None:
            return False
        if self._buf or self._skipping or self._out_pending:
            return False
        return not self._out_poll.poll(0)

    def cgroup_cpu_seconds(self) -> float | None:
        """CPU time used so far by the bot's cgroup (the bot and every process it started), or
        None when it has no cgroup with CPU accounting. One read of a cgroup file."""
        group = self.plan.cgroup if self.plan is not None else None
        return None if group is None else group.cpu_seconds()

    def busy(self, window_s: float = 0.1) -> bool | None:
        """Whether the bot is using the CPU right now (sampled over `window_s`); None if unknown.

        Tells a slow bot (computing, so not reading its input yet: a timeout) from a stuck one
        (blocked or sleeping without reading: a stall).
        """
        before = self.cpu_seconds()
        if before is None:
            return None
        time.sleep(window_s)
        after = self.cpu_seconds()
        return None if after is None else after - before >= min(0.01, window_s / 10)

    def limit_hit(self) -> LimitHit | None:
        """Which resource limit, if any, explains the bot's death (ask once it has exited)."""
        if self._limit_checked:
            return self._limit_hit
        plan = self.plan
        if plan is None:
            return None
        code = self.returncode()
        if code is None:
            return None
        self._limit_checked = True
        stderr = self.stderr.text()[-4000:] if self.stderr is not None else ""
        self._limit_hit = classify_exit(
            -code if code < 0 else None,
            plan.cgroup,
            plan.memory_bytes,
            plan.rlimits.address_space is not None,
            stderr,
            file_size_limited=plan.rlimits.file_size is not None,
        )
        return self._limit_hit

    def unread_input_bytes(self) -> int:
        """Bytes written to the bot's stdin that it has not read yet (FIONREAD on the pipe)."""
        if self._in_fd < 0:
            return 0
        try:
            raw = fcntl.ioctl(self._in_fd, termios.FIONREAD, b"\0\0\0\0")
        except OSError:
            return 0
        return int(struct.unpack("i", raw)[0])

    # ------------------------------------------------------------------ writing
    def send(self, data: bytes, deadline: float | None) -> None:
        """Write all of `data`; WriteClosed if the bot is gone, WriteBlocked at the deadline.

        What could not be written before the deadline is kept and written first next time, so
        the bot never reads half a line followed by another message.
        """
        if not self._out_pending:
            # The common case, a line into a pipe with room: one write, nothing else. A write
            # that fails or falls short is left to _write_all, which writes again and reports.
            try:
                written = os.write(self._in_fd, data)
            except OSError:
                written = 0
            if written == len(data):
                return
            data = data[written:]
        view = memoryview(self._out_pending + data if self._out_pending else data)
        self._out_pending = b""
        try:
            self._write_all(view, deadline)
        except WriteBlocked as blocked:
            self._out_pending = bytes(view[len(view) - blocked.unsent :])
            raise

    def _write_all(self, view: memoryview, deadline: float | None) -> None:
        while view:
            try:
                n = os.write(self._in_fd, view)
            except BlockingIOError:
                n = 0
            except BrokenPipeError as exc:
                raise WriteClosed("the bot's stdin is closed") from exc
            except OSError as exc:
                if exc.errno != errno.EBADF:
                    raise
                raise WriteClosed("the bot's stdin is closed") from exc
            view = view[n:]
            if not view:
                return
            while True:
                timeout = self._slice(deadline)
                if timeout is not None and timeout <= 0:
                    raise WriteBlocked(len(view))
                events = self._in_poll.poll(None if timeout is None else timeout * 1000)
                if events:
                    if events[0][1] & (select.POLLERR | select.POLLHUP):
                        raise WriteClosed("the bot's stdin is closed")
                    break
                if self.returncode() is not None:
                    raise WriteClosed("the bot exited")

    # ------------------------------------------------------------------ reading
    def read_line(self, deadline: float | None) -> bytes:
        """The next line from stdout without its newline (a trailing CR is dropped too).

        ReadTimeout at the deadline, EndOfOutput if the bot closed stdout or exited,
        LineTooLong if a line exceeds max_line_bytes (its rest is then skipped as it arrives).
        """
        buf = self._buf
        limit = self.max_line_bytes
        if not buf and not self._skipping:
            # The common case, nothing buffered: the chunk read is usually exactly one line.
            chunk = self._read_chunk(deadline)
            nl = chunk.find(b"\n")
            if nl == len(chunk) - 1:
                line = chunk[:-2] if chunk.endswith(b"\r\n") else chunk[:-1]
                if len(line) <= limit:
                    return line
            buf += chunk
        while True:
            nl = buf.find(b"\n", self._scan)
            if nl >= 0:
                line = bytes(buf[:nl])
                del buf[: nl + 1]
                self._scan = 0
                if line.endswith(b"\r"):
                    line = line[:-1]
                if len(line) > limit:
                    raise LineTooLong(len(line), limit)
                return line
            self._scan = len(buf)
            if len(buf) > limit:
                size = len(buf)
                buf.clear()
                self._scan = 0
                self._skipping = True
                raise LineTooLong(size, limit)
            chunk = self._read_chunk(deadline)
            if self._skipping:
                nl = chunk.find(b"\n")
                if nl < 0:
                    continue
                chunk = chunk[nl + 1 :]
                self._skipping = False
            buf += chunk

    def _read_chunk(self, deadline: float | None) -> bytes:
        # Wait first, then read: the answer is almost never there yet when this is called (the
        # request was just written), and a read that fails costs a system call and an exception.
        ready = False
        while True:
            if ready:
                try:
                    chunk = os.read(self._out_fd, READ_CHUNK)
                except BlockingIOError:
                    chunk = None
                if chunk is not None:
                    if not chunk:
                        raise EndOfOutput("the bot closed its stdout")
                    return chunk
            timeout = self._slice(deadline)
            if timeout is not None and timeout <= 0:
                if ready:
                    raise ReadTimeout("no complete line before the deadline")
                ready = True  # one last look, at the deadline
                continue
            ready = bool(self._out_poll.poll(None if timeout is None else timeout * 1000))
            if not ready and self.returncode() is not None:
                # The bot exited but a child it forked still holds stdout open: no EOF will come.
                with contextlib.suppress(BlockingIOError):
                    rest = os.read(self._out_fd, READ_CHUNK)
                    if rest:
                        return rest
                raise EndOfOutput("the bot exited")

    @staticmethod
    def _slice(deadline: float | None) -> float | None:
        """Seconds to wait now: up to POLL_SLICE_S, not past the deadline (None: no deadline)."""
        if deadline is None:
            return POLL_SLICE_S
        return min(POLL_SLICE_S, deadline - time.monotonic())

    # ------------------------------------------------------------------ ending
    def kill(self, term_grace_s: float = 0.5) -> None:
        """End the process group: SIGTERM (and SIGCONT), then SIGKILL after the grace period.

        Then kill any process outside the group still holding one of the pipes, reap the bot
        and close our pipe ends. Safe to call more than once.
        """
        proc = self.proc
        if proc is None or self.killed:
            return
        self.killed = True
        plan = self.plan
        if proc.poll() is not None:
            self.limit_hit()  # read the cgroup's counters before it goes
        if plan is not None and plan.cgroup is not None and plan.sandboxed:
            # Quit was already asked for: everything in the namespace dies at once.
            plan.cgroup.kill_all()
        pgid = proc.pid
        if proc.poll() is None:
            self._signal_group(pgid, signal.SIGTERM)
            self._signal_group(pgid, signal.SIGCONT)  # a stopped process acts on SIGTERM only once resumed
            self.wait_exit(term_grace_s)
        self._signal_group(pgid, signal.SIGKILL)  # the leader may be gone; sweep the rest of its group
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        if not self._pipes_released(0.3):
            for pid in pipe_holders(self._inodes):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            self._pipes_released(1.0)
        if plan is not None:
            plan.release()  # kills anything still in the bot's cgroup, removes it
        if self.stderr is not None:
            self.stderr.join(timeout=1.0)
        for stream in (proc.stdin, proc.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        if self.stderr is not None and not self.stderr.is_alive() and proc.stderr is not None:
            with contextlib.suppress(OSError):
                proc.stderr.close()

    @staticmethod
    def _signal_group(pgid: int, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, sig)

    def _pipes_released(self, timeout_s: float) -> bool:
        """Wait until no other process holds our pipes (stdout/stderr hung up, stdin broken)."""
        poller = select.poll()
        for fd in (self._in_fd, self._out_fd):
            poller.register(fd, 0)  # POLLHUP / POLLERR are always reported
        end = time.monotonic() + timeout_s
        while True:
            hung = {fd for fd, ev in poller.poll(0) if ev & (select.POLLHUP | select.POLLERR)}
            stderr_done = self.stderr is None or not self.stderr.is_alive()
            if hung.issuperset((self._in_fd, self._out_fd)) and stderr_done:
                return True
            if time.monotonic() >= end:
                return False
            time.sleep(0.01)
