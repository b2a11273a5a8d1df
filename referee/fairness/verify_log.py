"""Checks of the log itself: contiguous sequence numbers, the hash chain, revealed secrets
against their digests, and the signed head that pins the end of the log.

Secret digests are salted (docs/fairness.md section 7): a revealed secret comes with its salt
(``secret_salt``), a sealed one with neither, no salt serves two entries, and once an entry has a
salted digest no later one may be unsalted (anyone could test guesses against it); a private
message carries neither its text nor a digest. An export whose sealed entries have unsalted
digests (a log written before salting) verifies as before, with a note that says what it leaks.

>>> from referee.fairness.keys import Signer
>>> from referee.fairness.export import build_export
>>> from referee.fairness.report import Report
>>> signer = Signer.from_private_bytes(bytes(32))
>>> report = Report()
>>> check_log(build_export(signer, "t1", []), report)
>>> report.ok
True
"""
from __future__ import annotations

from typing import Any

from referee.fairness.encoding import HEAD_DOMAIN, statement
from referee.fairness.keys import verify_signature
from referee.fairness.report import Report
from referee.store.chain import GENESIS, PRIVATE_KINDS, digest_holds, entry_hash, is_salted


def check_log(export: dict[str, Any], report: Report) -> None:
    """Check the entries' order and hash chain, then the signed head, into ``report``."""
    entries = export["entries"]
    failures_before = len(report.failures)
    previous: dict[str, Any] | None = None
    salted, salts = False, dict[str, int]()
    for position, entry in enumerate(entries):
        _check_link(position, previous, entry, report)
        salted = salted or is_salted(entry["secret_digest"])
        _check_secret(entry, salted, report)
        _check_salt_once(entry, salts, report)
        previous = entry
    if len(report.failures) == failures_before:
        report.add("log", True, f"{len(entries)} entries, sequence and hash chain intact")
    unsalted = sum(1 for entry in entries if _guessable(entry))
    if unsalted:
        report.add("log", True, f"note: {unsalted} sealed entries have unsalted digests (a log written before "
                                "digests were salted): anyone can test guesses against them")
    _check_head(export, report)


def _check_link(position: int, previous: dict[str, Any] | None, entry: dict[str, Any], report: Report) -> None:
    seq = entry["seq"]
    if previous is None:
        if seq == 1 and entry["prev_hash"] != GENESIS:
            report.fail("log", "seq 1: prev_hash is not the genesis hash")
        elif seq != 1:
            report.add("log", True, f"the export starts at seq {seq}; earlier entries are not included")
    elif seq <= previous["seq"]:
        report.fail("log", f"entry {position}: seq {seq} comes after seq {previous['seq']}: entries are out of order")
    elif seq != previous["seq"] + 1:
        report.fail("log", f"entry {position}: seq {seq} follows seq {previous['seq']}: entries {previous['seq'] + 1}..{seq - 1} are missing")
    elif entry["prev_hash"] != previous["hash"]:
        report.fail("log", f"seq {seq}: prev_hash does not match the hash of seq {previous['seq']}")
    computed = entry_hash(entry["prev_hash"], seq, entry["kind"], entry["public"], entry["secret_digest"], entry["at"])
    if computed != entry["hash"]:
        report.fail("log", f"seq {seq} ({entry['kind']}): the hash does not match the entry's content: the entry was altered")


def _guessable(entry: dict[str, Any]) -> bool:
    """A sealed entry whose digest is unsalted: its secret can be guessed and tested."""
    digest = entry["secret_digest"]
    return entry.get("secret") is None and digest is not None and not is_salted(digest)


def _check_secret(entry: dict[str, Any], salted: bool, report: Report) -> None:
    """``entry``'s revealed secret against its digest; ``salted`` once the log has a salted digest."""
    where = f"seq {entry['seq']} ({entry['kind']})"
    digest, secret, salt = entry["secret_digest"], entry.get("secret"), entry.get("secret_salt")
    if entry["kind"] in PRIVATE_KINDS and secret is not None:
        report.fail("log", f"{where}: a private message's text is in the export")
    elif entry["kind"] in PRIVATE_KINDS and salted and digest is not None:
        report.fail("log", f"{where}: a private message is published as a digest: it must leave the server in no form")
    elif salted and digest is not None and not is_salted(digest):
        report.fail("log", f"{where}: an unsalted secret digest after salted ones: anyone can test guesses against it")
    elif secret is None and salt is not None:
        report.fail("log", f"{where}: the salt is published before the secret: anyone can test guesses against its digest")
    elif secret is not None and is_salted(digest) and salt is None:
        report.fail("log", f"{where}: the revealed secret comes without its salt")
    elif secret is not None and not digest_holds(secret, salt, digest):
        report.fail("log", f"{where}: the revealed secret does not match its secret_digest")


def _check_salt_once(entry: dict[str, Any], salts: dict[str, int], report: Report) -> None:
    """A salt revealed twice: the first reveal let anyone test guesses against the other digest."""
    salt = entry.get("secret_salt")
    if salt is None:
        return
    if salt in salts:
        report.fail("log", f"seq {entry['seq']} ({entry['kind']}): its salt is the salt of seq {salts[salt]}: "
                           "a salt used again lets anyone test guesses once the first is revealed")
    else:
        salts[salt] = entry["seq"]


def _check_head(export: dict[str, Any], report: Report) -> None:
    head, entries = export["head"], export["entries"]
    signed = {"table": head["table"], "seq": head["seq"], "hash": head["hash"]}
    if not verify_signature(export["server_key"], statement(HEAD_DOMAIN, signed), head["signature"]):
        report.fail("head", "the head signature is not valid for the server key")
        return
    if head["table"] != export["table"]:
        report.fail("head", f"the head is signed for table {head['table']!r}, the export is of table {export['table']!r}")
    last_seq = entries[-1]["seq"] if entries else 0
    last_hash = entries[-1]["hash"] if entries else GENESIS
    if last_seq < head["seq"]:
        report.fail("head", f"the log ends at seq {last_seq} but the signed head is at seq {head['seq']}: the export is truncated")
    elif last_seq > head["seq"]:
        report.fail("head", f"the log runs to seq {last_seq}, past the signed head at seq {head['seq']}")
    elif last_hash != head["hash"]:
        report.fail("head", f"the hash of seq {last_seq} differs from the signed head's hash")
    else:
        report.add("head", True, f"signed by the server key at seq {last_seq}")
