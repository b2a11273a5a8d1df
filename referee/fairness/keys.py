"""The server's long-lived Ed25519 signing key.

The key is generated on first use and kept in a file (PKCS#8 PEM, mode 0600). Signatures
are 64 bytes written as 128 lowercase hex digits; public keys are the raw 32-byte Ed25519
key as 64 lowercase hex digits. The fingerprint shown on every table page is the first 16
hex digits of SHA-256(raw public key), in groups of four joined by ``-``.

>>> signer = Signer.from_private_bytes(bytes(32))
>>> signature = signer.sign(b"hello")
>>> verify_signature(signer.public_key_hex, b"hello", signature)
True
>>> verify_signature(signer.public_key_hex, b"hellO", signature)
False
>>> signer.fingerprint
'139e-3940-e64b-5491'
"""
from __future__ import annotations

import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from referee.fairness.encoding import FairnessError, sha256

RAW_KEY_LENGTH = 32
PEM_MARKER = b"-----BEGIN"


class KeyFileError(FairnessError):
    """The key file exists but does not hold an Ed25519 private key."""


class Signer:
    """Signs messages with the server's Ed25519 private key (which it never exposes)."""

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._private_key = private_key
        raw = private_key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        self.public_key_hex: str = raw.hex()
        self.fingerprint: str = fingerprint(self.public_key_hex)

    @classmethod
    def from_private_bytes(cls, raw: bytes) -> Signer:
        """A signer from a raw 32-byte private key (tests and key import)."""
        if len(raw) != RAW_KEY_LENGTH:
            raise KeyFileError(f"an Ed25519 private key is 32 bytes, got {len(raw)}")
        return cls(Ed25519PrivateKey.from_private_bytes(raw))

    def sign(self, message: bytes) -> str:
        """The Ed25519 signature of ``message`` as 128 lowercase hex digits."""
        return self._private_key.sign(message).hex()

    def __repr__(self) -> str:
        return f"Signer(fingerprint={self.fingerprint!r})"


def fingerprint(public_key_hex: str) -> str:
    """Short human-readable identity of a public key: ``xxxx-xxxx-xxxx-xxxx``.

    >>> fingerprint("00" * 32)
    '6668-7aad-f862-bd77'
    """
    digest = sha256(bytes.fromhex(public_key_hex)).hex()[:16]
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


def load_or_create_signing_key(path: str | os.PathLike[str]) -> Signer:
    """Load the key at ``path``, or generate one there (mode 0600) if the file is absent.

    The file holds a PKCS#8 PEM private key; a file of exactly 32 raw bytes is accepted too.

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> first = load_or_create_signing_key(os.path.join(folder, "server.key"))
    >>> again = load_or_create_signing_key(os.path.join(folder, "server.key"))
    >>> first.public_key_hex == again.public_key_hex
    True
    >>> oct(os.stat(os.path.join(folder, "server.key")).st_mode & 0o777)
    '0o600'
    """
    key_path = Path(path)
    if key_path.exists():
        return _load(key_path)
    key_path.parent.mkdir(parents=True, exist_ok=True)
    private_key = Ed25519PrivateKey.generate()
    pem = private_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    # Written whole beside it, then linked into place: workers starting together (serve --workers)
    # each see either no file or the whole key, never one half written.
    draft = key_path.with_name(f".{key_path.name}.{os.getpid()}.new")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(pem)
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.link(draft, key_path)
    except FileExistsError:
        return _load(key_path)  # another process created it first: use that one
    finally:
        draft.unlink()
    return Signer(private_key)


def _load(key_path: Path) -> Signer:
    data = key_path.read_bytes()
    if len(data) == RAW_KEY_LENGTH and not data.startswith(PEM_MARKER):
        return Signer.from_private_bytes(data)
    try:
        private_key = serialization.load_pem_private_key(data, password=None)
    except ValueError as error:
        raise KeyFileError(f"{key_path}: not a PEM private key or 32 raw bytes ({error})") from None
    if not isinstance(private_key, Ed25519PrivateKey):
        raise KeyFileError(f"{key_path}: holds a {type(private_key).__name__}, not an Ed25519 key")
    return Signer(private_key)


def verify_signature(public_key_hex: str, message: bytes, signature: str) -> bool:
    """True when ``signature`` (hex) is a valid Ed25519 signature of ``message``.

    Malformed keys or signatures are simply not valid: the answer is False, never an error.
    """
    try:
        public_key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key_hex))
        public_key.verify(bytes.fromhex(signature), message)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True
