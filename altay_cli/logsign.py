"""Signed game logs: the organiser's Ed25519 key signs the hash chain's last link.

A log's lines are hash-chained (gamelog.py), so the hash of its last line stands for the whole
file; signing that one hash signs every byte of the log. Without a signature, anyone who
rewrites a whole log can recompute the chain; with one, nobody without the private key can.

    altay keygen organiser.key               # organiser.key (private, 0600) + organiser.key.pub
    altay match a b --sign-key organiser.key --log game.jsonl
    altay replay game.jsonl --public-key organiser.key.pub
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cryptography loads only when a key is used
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

#: What is signed: this prefix, then the 32 bytes of the chain hash (domain separation, so a
#: signature made for a log can never be replayed as a signature of anything else).
DOMAIN = b"altay-log-v2 chain\n"


class KeyFileError(ValueError):
    """A key file that cannot be used; the message says which and why."""


def fingerprint(public_key_hex: str) -> str:
    """A short, stable name for a public key: 16 hex digits of SHA-256 of its raw bytes."""
    try:
        raw = bytes.fromhex(public_key_hex)
    except ValueError:
        return "(not a key)"
    return hashlib.sha256(raw).hexdigest()[:16]


@dataclass(frozen=True)
class Signer:
    """A loaded private key that signs chain hashes."""

    _key: Ed25519PrivateKey
    public_key_hex: str
    path: str | None = None  # the key file (hidden from bots)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key_hex)

    def sign_chain(self, last_hash_hex: str) -> str:
        return self._key.sign(DOMAIN + bytes.fromhex(last_hash_hex)).hex()


def _raw_public(public_key: Ed25519PublicKey) -> str:
    from cryptography.hazmat.primitives import serialization

    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return raw.hex()


def _read(path: str | Path, what: str) -> bytes:
    from .userfiles import MAX_KEY_BYTES, UserFileError, read_user_file

    try:
        return read_user_file(path, what, MAX_KEY_BYTES)
    except UserFileError as exc:
        raise KeyFileError(str(exc)) from None


def load_signer(path: str | Path) -> Signer:
    """The Ed25519 private key in PEM file `path` (as written by `altay keygen`)."""
    key = _private_key(_read(path, "private key"), path)
    return Signer(key, _raw_public(key.public_key()), str(Path(path).absolute()))


def _private_key(data: bytes, path: str | Path) -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"{path} is not an unencrypted PEM private key ({_first_line(exc)})") from None
    except Exception as exc:  # the parser may raise other errors on hostile input
        raise KeyFileError(f"{path} is not a PEM private key ({exc.__class__.__name__})") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(
            f"{path} holds a {type(key).__name__}, not an Ed25519 key (make one: altay keygen)"
        )
    return key


def load_public_key(path: str | Path) -> str:
    """The raw public key (hex) from a PEM public key file (or a private key file)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    data = _read(path, "public key")
    if b"PRIVATE KEY" in data:
        return _raw_public(_private_key(data, path).public_key())
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"{path} is not a PEM public key ({_first_line(exc)})") from None
    except Exception as exc:
        raise KeyFileError(f"{path} is not a PEM public key ({exc.__class__.__name__})") from None
    if not isinstance(key, Ed25519PublicKey):
        raise KeyFileError(f"{path} holds a {type(key).__name__}, not an Ed25519 public key")
    return _raw_public(key)


def _first_line(exc: BaseException) -> str:
    """The parser's reason, on one line (cryptography's messages can run to several)."""
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else exc.__class__.__name__


def verify_chain(public_key_hex: str, last_hash_hex: str, signature_hex: str) -> bool:
    """Whether `signature_hex` is the key's signature of the chain ending in `last_hash_hex`."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key_hex))
        key.verify(bytes.fromhex(signature_hex), DOMAIN + bytes.fromhex(last_hash_hex))
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def generate(path: str | Path, force: bool = False) -> Signer:
    """Write a new private key to `path` (mode 0600) and its public key to `path`.pub."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    private = Path(path)
    public = Path(f"{path}.pub")
    for p in (private, public):
        _check_target(p, force)
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    pub = key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    _write_file(private, pem, 0o600)
    _write_file(public, pub, 0o644)
    return Signer(key, _raw_public(key.public_key()))


def _check_target(p: Path, force: bool) -> None:
    """A key is written only to a new name, or with `force` over a regular file (never into a
    FIFO, a device or a directory)."""
    import stat

    from .userfiles import kind_of

    try:
        st = os.stat(p)
    except FileNotFoundError:
        return
    except (OSError, ValueError) as exc:
        raise KeyFileError(f"cannot write the key {p}: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise KeyFileError(f"{p} is {kind_of(st.st_mode)}, not a regular file: a key cannot be written there")
    if not force:
        raise KeyFileError(f"{p} exists; choose another name or pass --force to replace it")


def _write_file(p: Path, data: bytes, mode: int) -> None:
    import stat

    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(p, flags, mode)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # the name was changed since the check
                raise KeyFileError(f"{p} is not a regular file: a key cannot be written there")
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fchmod(fd, mode)
        finally:
            os.close(fd)
    except OSError as exc:
        raise KeyFileError(f"cannot write the key {exc.filename or p}: {exc.strerror}") from None
