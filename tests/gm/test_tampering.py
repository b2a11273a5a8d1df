"""The audit of a real refereed table: revealed dice = committed dice + logged, approved changes.
A server that changes a die without logging it, or alters a logged change, is caught."""
from __future__ import annotations

import copy

from referee.fairness.verify import verify_export
from referee.fairness.encoding import HEAD_DOMAIN, statement
from referee.store.chain import entry_hash, secret_digest

from .support import ALWAYS, SIGNER, evening, play_to_the_end


def telekinesis_game():
    night = evening(dice_per_player=1)
    value = 6 if night.table.game.hand_of(0)[0] != 6 else 1
    ack = night.say(0, "cheat", {"kind": "telekinesis", "die": 0, "value": value, "description": "Пальцы чародея"})
    night.ref("referee_judge", {"attempt": ack["attempt"], "difficulty": ALWAYS})
    assert night.ref("referee_apply", {"attempt": ack["attempt"]})["ok"]
    play_to_the_end(night)
    export = night.audit()
    assert verify_export(export).ok
    return export


def rechained(export, entries):
    """What a dishonest server holding the key would publish: a fresh hash chain and a re-signed head."""
    forged = copy.deepcopy(export)
    previous = entries[0]["prev_hash"]
    for seq, entry in enumerate(entries, start=entries[0]["seq"]):
        entry["seq"], entry["prev_hash"] = seq, previous
        entry["hash"] = entry_hash(previous, seq, entry["kind"], entry["public"], entry["secret_digest"], entry["at"])
        previous = entry["hash"]
    forged["entries"] = entries
    head = {"table": export["table"], "seq": entries[-1]["seq"], "hash": previous}
    forged["head"] = {**head, "signature": SIGNER.sign(statement(HEAD_DOMAIN, head))}
    return forged


def failures(export):
    return [str(check) for check in verify_export(export).failures]


def test_a_die_changed_without_a_logged_change_is_reported_as_tampering():
    export = telekinesis_game()
    entries = [e for e in copy.deepcopy(export["entries"]) if e["kind"] != "die_changed"]
    found = failures(rechained(export, entries))
    assert any("no approved change touches it" in line for line in found), found


def test_a_logged_change_altered_afterwards_is_detected():
    export = telekinesis_game()
    entries = copy.deepcopy(export["entries"])
    change = next(e for e in entries if e["kind"] == "die_changed")
    forged_value = 2 if change["secret"]["value"] != 2 else 3
    change["secret"]["value"] = forged_value
    assert any("does not match its secret_digest" in line for line in failures({**export, "entries": entries}))
    change["secret_digest"] = secret_digest(change["secret"])
    found = failures(rechained(export, entries))
    assert any(f"the approved changes set it to {forged_value}" in line for line in found), found


def test_a_check_roll_revealed_differently_from_its_commitment_is_detected():
    export = telekinesis_game()
    entries = copy.deepcopy(export["entries"])
    revealed = next(e for e in entries if e["kind"] == "draw_revealed")
    revealed["public"]["results"][0]["value"] = revealed["public"]["results"][0]["value"] % 20 + 1
    assert failures(rechained(export, entries))
