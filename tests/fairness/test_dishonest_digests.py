"""A dishonest server publishes a guessable digest (issue 24, guarantee 4; docs/fairness.md section
10): on a real refereed export taken mid-round (``sealed_evening``) it seals a die change with the
bare SHA-256 of its secret, publishes a private message's digest or text, publishes a salt before
its secret, reveals a secret without its salt, or salts two entries alike, re-chaining the log and re-signing the head each
time. The Python verifier and the browser's (node) fail each with the same checks; a log written
before salting verifies in both, with the same note of what it leaks."""
from __future__ import annotations

import copy

import pytest

from referee.fairness.verify import verify_export
from referee.fairness.encoding import HEAD_DOMAIN, statement
from referee.store.chain import entry_hash, salted_digest, secret_digest
from tests.audit.node_verifier import node_verdicts
from tests.audit.sealed_evening import MESSAGES, sealed_evening, server_log
from tests.gm.support import SIGNER


def resigned(export, entries):
    """The export with ``entries`` re-chained and its head re-signed (what a server with the key can publish)."""
    forged = copy.deepcopy(export)
    previous = entries[0]["prev_hash"]
    for entry in entries:
        entry["prev_hash"] = previous
        entry["hash"] = entry_hash(previous, entry["seq"], entry["kind"], entry["public"], entry["secret_digest"], entry["at"])
        previous = entry["hash"]
    head = {"table": export["table"], "seq": entries[-1]["seq"], "hash": previous}
    forged["entries"], forged["head"] = entries, {**head, "signature": SIGNER.sign(statement(HEAD_DOMAIN, head))}
    return forged


def first(entries, kind, sealed=True):
    return next(e for e in entries if e["kind"] == kind and (e["secret"] is None) == sealed)


def forge(export, truth, name):
    """The export forged as ``name`` says, and the seq of the entry it changes."""
    entries = copy.deepcopy(export["entries"])
    if name == "unsalted_die_change":
        entry = first(entries, "die_changed")
        entry["secret_digest"] = secret_digest(truth[entry["seq"]])
    elif name == "message_as_a_digest":
        entry = first(entries, "message_sent")
        entry["secret_digest"] = secret_digest(truth[entry["seq"]])
    elif name == "message_text_exported":
        entry = first(entries, "message_sent")
        entry["secret"] = truth[entry["seq"]]
    elif name == "salt_before_its_secret":
        entry = first(entries, "attempt_checked")
        entry["secret_salt"] = "ab" * 32
    elif name == "secret_without_its_salt":
        entry = first(entries, "round_dealt", sealed=False)
        entry["secret_salt"] = None
    elif name == "salt_used_twice":
        first_revealed = first(entries, "round_dealt", sealed=False)
        entry = first(entries, "die_changed", sealed=False)
        entry["secret_salt"] = first_revealed["secret_salt"]
        entry["secret_digest"] = salted_digest(entry["secret"], bytes.fromhex(entry["secret_salt"]))
    elif name == "log_before_salting":
        for entry in entries:
            entry["secret_salt"] = None
            entry["secret_digest"] = secret_digest(truth.get(entry["seq"]))
        entry = entries[0]
    return resigned(export, entries), f"seq {entry['seq']} ({entry['kind']})"


EXPECTED = {
    "unsalted_die_change": "an unsalted secret digest after salted ones: anyone can test guesses against it",
    "message_as_a_digest": "a private message is published as a digest: it must leave the server in no form",
    "message_text_exported": "a private message's text is in the export",
    "salt_before_its_secret": "the salt is published before the secret: anyone can test guesses against its digest",
    "secret_without_its_salt": "the revealed secret comes without its salt",
    "salt_used_twice": "its salt is the salt of seq {dealt}: a salt used again lets anyone test guesses once the "
                       "first is revealed",
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    night, export = sealed_evening()
    truth = {entry.seq: entry.secret for entry in server_log(night) if entry.secret is not None}
    exports, where = {"honest": export}, {}
    for name in [*EXPECTED, "log_before_salting"]:
        exports[name], where[name] = forge(export, truth, name)
    return {"exports": exports, "where": where, "js": node_verdicts(exports, tmp_path_factory.mktemp("digests"))}


def checks(export):
    return [[c.step, c.ok, c.message] for c in verify_export(export).checks]


def test_the_honest_mid_round_export_verifies_in_both_without_a_note(results):
    python = checks(results["exports"]["honest"])
    assert all(ok for _, ok, _ in python) and not [m for _, _, m in python if "unsalted" in m]
    assert results["js"]["honest"]["all"] == python


@pytest.mark.parametrize("name", list(EXPECTED))
def test_a_guessable_digest_fails_both_verifiers_with_the_same_message(results, name):
    python = checks(results["exports"][name])
    failed = [(step, message) for step, ok, message in python if ok is False]
    dealt = first(results["exports"][name]["entries"], "round_dealt", sealed=False)["seq"]
    assert failed == [("log", f"{results['where'][name]}: {EXPECTED[name].format(dealt=dealt)}")]
    assert results["js"][name]["all"] == python


def test_a_log_written_before_salting_verifies_in_both_with_a_note_of_what_it_leaks(results):
    python = checks(results["exports"]["log_before_salting"])
    assert all(ok for _, ok, _ in python)
    notes = [m for step, _, m in python if step == "log" and m.startswith("note:")]
    sealed = sum(1 for e in results["exports"]["log_before_salting"]["entries"] if e["secret"] is None and e["secret_digest"])
    assert notes == [f"note: {sealed} sealed entries have unsalted digests (a log written before digests were salted): "
                     "anyone can test guesses against them"]
    assert results["js"]["log_before_salting"]["all"] == python
    assert not [m for m in MESSAGES if m in str(results["exports"]["log_before_salting"])]
