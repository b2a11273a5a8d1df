"""A lone surrogate is the one text JSON can carry that the wire cannot send back unchanged
(wire.encode refuses it): every event that smuggles one in, as an event name, a key or a value,
is refused with its own code and a readable message, never ``server/error``, and the table goes on."""
from __future__ import annotations

import pytest

from referee.fairness.keys import Signer
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness

LONE = chr(0xD800)

SMUGGLED = [
    (LONE, {}, "event/unknown"),
    ("join", {"name": LONE}, "name/invalid"),
    ("bid", {LONE: 1}, "payload/malformed"),
    ("bid", {"quantity": LONE, "face": 2}, "payload/malformed"),
    ("chat", {"text": "a" + chr(0xDC00)}, "text/invalid"),
    ("set_rules", {"rules": {LONE: True}}, "settings/unknown"),
    ("set_rules", {"rules": {"dice_per_player": LONE}}, "settings/out_of_range"),
    ("seed", {"round": 1, "seed": LONE}, "payload/malformed"),
]


@pytest.mark.parametrize("event, payload, code", SMUGGLED)
def test_a_lone_surrogate_is_refused_with_its_code_and_the_table_goes_on(event, payload, code):
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    table_id, token = harness.create_table("Anna")
    anna = harness.connect(table_id, token)
    ack = anna.emit(event, payload, callback=True)
    assert ack["ok"] is False and ack["code"] == code, ack
    ack["message"].encode("utf-8")  # readable text: the surrogate is written as its escape
    assert anna.emit("set_rules", {"rules": {"spot_on": True}}, callback=True) == {"ok": True}
