"""Events dispatched without Flask's request context (``referee.web.events``): each handler knows
its sender, and a handler that breaks answers ``server/error`` to the sender alone, changes
nothing, and leaves the connection and the server serving."""
from __future__ import annotations

import logging

import pytest

from referee.games.liars_dice.play import LiarsDicePlay
from tests.support.app import last_state, make_harness
from tests.support.dealers import PlainDealer


@pytest.fixture
def pair():
    """Anna (host) and Ben at a table of two, game 1 started."""
    harness = make_harness(PlainDealer(script=[{0: [2, 3], 1: [4, 5]}] * 5))
    table, token = harness.create_table("Anna", dice_per_player=2, turn_timer_s=0)
    anna = harness.connect(table, token)
    ben, _ = harness.join(table, "Ben")
    assert anna.emit("start", {}, callback=True) == {"ok": True}
    return anna, ben


def errors(client):
    return [m["args"][0]["code"] for m in client.get_received() if m["name"] == "error"]


def test_a_refusal_goes_to_its_sender_only(pair):
    anna, ben = pair
    ben.get_received(), anna.get_received()
    ack = ben.emit("bid", {"quantity": 1, "face": 2, "against": {"game": 1, "round": 1, "bids": 0}}, callback=True)
    assert (ack["ok"], ack["code"]) == (False, "action/not_your_turn")
    assert errors(ben) == ["action/not_your_turn"] and errors(anna) == []


def test_a_handler_that_breaks_answers_server_error_to_its_sender_and_the_server_goes_on(pair, monkeypatch, caplog):
    anna, ben = pair
    assert anna.emit("sync", {}, callback=True)["ok"]
    before = last_state(anna)
    anna.get_received(), ben.get_received()

    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(LiarsDicePlay, "bid", broken)
    with caplog.at_level(logging.ERROR, logger="referee.web"):
        ack = anna.emit("bid", {"quantity": 1, "face": 2, "against": {"game": 1, "round": 1, "bids": 0}},
                        callback=True)
    assert ack == {"ok": False, "code": "server/error", "message": "the server could not handle that event"}
    assert errors(anna) == ["server/error"] and errors(ben) == []
    assert [getattr(r, "event", None) for r in caplog.records if r.getMessage() == "handler failed"] == ["bid"]
    monkeypatch.undo()
    assert anna.emit("sync", {}, callback=True)["ok"]
    assert last_state(anna)["version"] == before["version"]
    ack = anna.emit("bid", {"quantity": 1, "face": 2, "against": {"game": 1, "round": 1, "bids": 0}}, callback=True)
    assert ack == {"ok": True}
