import os
import stat

import pytest
from hypothesis import given, strategies as st

from referee.fairness.keys import KeyFileError, Signer, fingerprint, load_or_create_signing_key, verify_signature


@given(st.binary(min_size=32, max_size=32), st.binary(max_size=200))
def test_a_signature_verifies_for_its_message_and_key(private, message):
    signer = Signer.from_private_bytes(private)
    assert verify_signature(signer.public_key_hex, message, signer.sign(message))


@given(st.binary(max_size=100), st.binary(min_size=1, max_size=100))
def test_a_signature_does_not_verify_another_message(message, suffix):
    signer = Signer.from_private_bytes(bytes(32))
    assert not verify_signature(signer.public_key_hex, message + suffix, signer.sign(message))


def test_a_signature_does_not_verify_under_another_key():
    signature = Signer.from_private_bytes(bytes(32)).sign(b"m")
    other = Signer.from_private_bytes(bytes([1]) * 32)
    assert not verify_signature(other.public_key_hex, b"m", signature)


@pytest.mark.parametrize("key, signature", [("zz", "00" * 64), ("00" * 31, "00" * 64), ("00" * 32, "abc")])
def test_malformed_keys_and_signatures_are_invalid_not_errors(key, signature):
    assert verify_signature(key, b"m", signature) is False


def test_signatures_are_128_lowercase_hex_digits():
    signature = Signer.from_private_bytes(bytes(32)).sign(b"m")
    assert len(signature) == 128 and signature == signature.lower() and bytes.fromhex(signature)


def test_fingerprint_is_four_groups_of_four_hex_digits_of_the_key_hash():
    import hashlib

    key = Signer.from_private_bytes(bytes(32)).public_key_hex
    digest = hashlib.sha256(bytes.fromhex(key)).hexdigest()
    assert fingerprint(key) == "-".join([digest[0:4], digest[4:8], digest[8:12], digest[12:16]])


def test_key_file_is_created_once_with_mode_0600_and_reloaded(tmp_path):
    path = tmp_path / "keys" / "server.pem"
    first = load_or_create_signing_key(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert path.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert load_or_create_signing_key(path).public_key_hex == first.public_key_hex


def test_a_raw_32_byte_key_file_is_accepted(tmp_path):
    path = tmp_path / "raw.key"
    path.write_bytes(bytes(32))
    assert load_or_create_signing_key(path).public_key_hex == Signer.from_private_bytes(bytes(32)).public_key_hex


def test_a_file_that_is_not_a_key_is_refused_with_its_path(tmp_path):
    path = tmp_path / "junk.key"
    path.write_bytes(b"not a key at all")
    with pytest.raises(KeyFileError, match="junk.key"):
        load_or_create_signing_key(path)


def test_the_signer_does_not_show_its_private_key():
    signer = Signer.from_private_bytes(bytes([7]) * 32)
    assert "0707" not in repr(signer) and signer.fingerprint in repr(signer)


def _key_of(path: str, out) -> None:  # noqa: ANN001 - a multiprocessing queue
    out.put(load_or_create_signing_key(path).public_key_hex)


def test_workers_starting_together_all_sign_with_the_one_key_written_whole(tmp_path):
    """serve --workers starts every worker at once: each must load the same complete key file."""
    import multiprocessing
    for trial in range(8):
        path = str(tmp_path / f"run{trial}" / "var" / "server_key.pem")
        out = multiprocessing.Queue()
        workers = [multiprocessing.Process(target=_key_of, args=(path, out)) for _ in range(4)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
        assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
        assert len({out.get(timeout=10) for _ in workers}) == 1
        assert [p.name for p in (tmp_path / f"run{trial}" / "var").iterdir()] == ["server_key.pem"]  # no draft left
