"""`--ship` without a cluster (arena/ship.py): the bots' archive is deterministic and unpacks to
the same content hash as the coordinator's files; `unpack` refuses every archive that could write
outside its folder, or more than its bounds, and leaves nothing behind; a worker's cache is
checked by content (a tampered copy is removed and fetched again), never trusted by its name;
a game's parameters are rewritten to run the bots from the cache. tests/test_arena_cluster.py
ships a bot to real workers. Small archives only (well under a second)."""

from __future__ import annotations

import gzip
import io
import os
import sys
import tarfile
from pathlib import Path

import pytest

from arena import ship
from arena.params import ArenaParams, BotEntry
from arena.ship import ShipAnswer, ShipRef, UnsafeArchive, build, rewritten, unpack
from arena.units import content_hash


def _bot(folder: Path) -> Path:
    (folder / "data").mkdir(parents=True)
    (folder / "bot.py").write_text("import sys\nfor line in sys.stdin: pass\n")
    (folder / "run.sh").write_text("#!/bin/sh\n")
    (folder / "run.sh").chmod(0o755)
    (folder / "data" / "book.txt").write_text("e4\n")
    (folder / "book").symlink_to("data/book.txt")
    return folder / "bot.py"


def _params(bot: Path, read_only: tuple[str, ...] = ()) -> ArenaParams:
    from dataclasses import replace

    params = ArenaParams(
        bots=(BotEntry("p", f"{sys.executable} {bot} 5"), BotEntry("g", "greedy")), players=2, games=1
    )
    sandbox = replace(params.match.sandbox, read_only=read_only)
    return replace(params, match=replace(params.match, sandbox=sandbox))


def test_the_archive_is_deterministic_and_unpacks_to_the_same_content(tmp_path: Path) -> None:
    bot = _bot(tmp_path / "bot")
    weights = tmp_path / "weights.bin"
    weights.write_bytes(b"\x00\x01" * 100)
    params = _params(bot, (str(weights),))
    first = build(params, str(tmp_path))
    assert first is not None and first.ref.roots == [str(bot.parent), str(weights)]
    os.utime(bot, (1, 1))  # times are not part of it
    again = build(params, str(tmp_path))
    assert again is not None and again.ref == first.ref and again.archive == first.archive
    unpack(first.archive, tmp_path / "u", 2)
    assert content_hash(str(tmp_path / "u" / "0")) == content_hash(str(bot.parent))
    assert content_hash(str(tmp_path / "u" / "1")) == content_hash(str(weights))
    (bot.parent / "data" / "book.txt").write_text("d4\n")
    changed = build(params, str(tmp_path))
    assert changed is not None and changed.ref.sha256 != first.ref.sha256


def test_a_link_out_of_the_bot_s_folder_is_not_shipped(tmp_path: Path) -> None:
    from arena.params import ArenaUsageError

    bot = _bot(tmp_path / "bot")
    (bot.parent / "out").symlink_to("../../etc")
    with pytest.raises(ArenaUsageError, match="links out of"):
        build(_params(bot), str(tmp_path))


def _archive(*entries: tarfile.TarInfo | tuple[tarfile.TarInfo, bytes]) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as gz, tarfile.open(fileobj=gz, mode="w") as tar:
        for entry in entries:
            info, data = entry if isinstance(entry, tuple) else (entry, b"")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data else None)
    return buf.getvalue()


def _info(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname, info.mode = kind, link, 0o644
    return info


ROOT = _info("0", tarfile.DIRTYPE)
MALICIOUS = {
    "an absolute name": _archive(ROOT, (_info("/tmp/altay-escaped"), b"x")),
    "a dot-dot": _archive(ROOT, (_info("0/../../altay-escaped"), b"x")),
    "a link out by an absolute target": _archive(ROOT, _info("0/l", tarfile.SYMTYPE, "/etc/passwd")),
    "a link out by dot-dots": _archive(ROOT, _info("0/l", tarfile.SYMTYPE, "../../etc")),
    "a file written through a link": _archive(
        ROOT, _info("0/l", tarfile.SYMTYPE, "."), (_info("0/l/x"), b"x")
    ),
    "a device": _archive(ROOT, _info("0/dev", tarfile.CHRTYPE)),
    "a FIFO": _archive(ROOT, _info("0/fifo", tarfile.FIFOTYPE)),
    "a hard link": _archive(ROOT, (_info("0/a"), b"x"), _info("0/b", tarfile.LNKTYPE, "0/a")),
    "a name twice": _archive(ROOT, (_info("0/a"), b"x"), (_info("0/a"), b"y")),
    "no such root": _archive(ROOT, _info("7", tarfile.DIRTYPE)),
    "a root that is a link": _archive(_info("0", tarfile.SYMTYPE, "0")),
    "a file before its folder": _archive(ROOT, (_info("0/d/x"), b"x")),
    "not a tar": b"\x1f\x8b" + b"x" * 40,
    "a root missing": _archive(_info("1", tarfile.DIRTYPE)),
}


@pytest.mark.parametrize("what", MALICIOUS)
def test_a_malicious_archive_is_refused_and_leaves_nothing(what: str, tmp_path: Path) -> None:
    dest = tmp_path / "sub" / "u"
    dest.parent.mkdir()
    with pytest.raises(UnsafeArchive):
        unpack(MALICIOUS[what], dest, 2 if what == "a root missing" else 1)
    assert not dest.exists() and list(dest.parent.iterdir()) == []
    assert not Path("/tmp/altay-escaped").exists() and not (tmp_path / "altay-escaped").exists()


def test_an_archive_past_its_bounds_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ship, "MAX_BYTES", 1000)
    with pytest.raises(UnsafeArchive, match=r"past 0 MiB|more than"):
        unpack(_archive(ROOT, (_info("0/big"), b"x" * 2000)), tmp_path / "u", 1)
    monkeypatch.setattr(ship, "MAX_BYTES", 1 << 20)
    monkeypatch.setattr(ship, "MAX_ENTRIES", 3)
    many = _archive(ROOT, *[(_info(f"0/f{i}"), b"x") for i in range(5)])
    with pytest.raises(UnsafeArchive, match="entries"):
        unpack(many, tmp_path / "u", 1)
    assert not (tmp_path / "u").exists()


def _ask(ref: ShipRef, archive: bytes = b"") -> ShipAnswer:
    return ship.decode_ship_answer(ship.ship_worker(ship.encode_ship_task(ref, archive)))


def test_a_worker_s_cache_is_checked_by_content_and_a_tampered_copy_fetched_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ship.CACHE_ENV, str(tmp_path / "cache"))
    shipment = build(_params(_bot(tmp_path / "bot")), str(tmp_path))
    assert shipment is not None
    ref = shipment.ref
    assert _ask(ref).status == "missing"
    wrong = _ask(ref, shipment.archive + b"\0")
    assert wrong.status == "refused" and "SHA-256" in wrong.detail
    assert _ask(ref, shipment.archive).status == "unpacked"
    assert _ask(ref).status == "cached"
    cached = tmp_path / "cache" / ref.sha256 / "0" / "bot.py"
    cached.write_text("import os; os.system('evil')\n")  # the cache's name is no proof
    tampered = _ask(ref)
    assert tampered.status == "tampered" and not cached.exists()
    assert _ask(ref, shipment.archive).status == "unpacked" and _ask(ref).status == "cached"
    assert "evil" not in cached.read_text()
    lying = ShipRef(ref.sha256, "sha256:" + "0" * 64, ref.roots)  # an archive that is not its digest's
    assert _ask(lying).status == "tampered"
    assert _ask(lying, shipment.archive).status == "refused"
    assert not list((tmp_path / "cache").glob(".incoming-*"))


def test_a_game_runs_the_bots_from_the_cache(tmp_path: Path) -> None:
    bot = _bot(tmp_path / "bot")
    weights = tmp_path / "w"
    weights.mkdir()
    params = _params(bot, (str(weights),))
    shipment = build(params, str(tmp_path))
    assert shipment is not None
    there = rewritten(params, shipment.ref, "/cache/u")
    assert (
        there.bots[0].command == f"{sys.executable} /cache/u/0/bot.py 5" and there.bots[1].command == "greedy"
    )
    assert there.match.sandbox.read_only == ("/cache/u/1",)
    assert params.bots[0].command.endswith(f"{bot} 5")  # (the arena's own parameters are unchanged)


def test_the_resume_command_repeats_ship_and_the_sample_rate(tmp_path: Path) -> None:
    from altay_cli.commands.arena import resume_command

    opts = {"cluster": "tcp://127.0.0.1:8786", "verify_sample": 0.0, "ship": True, "signer": None}
    params = _params(_bot(tmp_path / "bot"))
    words = resume_command("arena", tmp_path / "a", params, opts).split()
    at = words.index("--cluster")
    assert words[at : at + 5] == ["--cluster", "tcp://127.0.0.1:8786", "--verify-sample", "0.0", "--ship"]
    assert "--ship" not in resume_command("arena", tmp_path / "a", params, {**opts, "ship": False})
