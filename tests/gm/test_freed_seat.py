"""A seat the referee frees must take its live connections with it (docs/protocol.md: `referee_remove_seat`).

Every broadcast first checks each seated connection against the seat's token: a connection whose
seat was freed (or since taken by somebody else) leaves the seat's room and watches, so it can
never receive a newcomer's ``private`` dice nor act for them.
"""
from __future__ import annotations

from tests.gm.support import evening
from tests.support.app import last_state, states_of


def test_a_freed_seats_old_connection_watches_and_never_sees_the_next_occupant():
    night = evening(players=2, start=False)
    ben = night.players[1]
    assert night.ref("referee_remove_seat", {"seat": 1})["ok"]
    assert last_state(ben)["you"]["seat"] is None  # told at once that it watches now

    night.harness.join(night.table_id, "Вера")  # takes seat 1, the lowest free one
    ben.get_received()
    assert night.ref("referee_start")["ok"]
    received = ben.get_received()
    assert not [message for message in received if message["name"] == "seat"]  # a spectator gets no seat part
    assert all(not state.get("private") for state in states_of(ben, received))
    assert ben.emit("chat", {"text": "это пишет не Вера"}, callback=True)["code"] == "seat/none"
