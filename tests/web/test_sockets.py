"""Socket events end to end in one process: each bad input gets its own error, to its sender only."""
from __future__ import annotations

import pytest

from tests.support.app import errors, last_state, make_harness
from tests.support.dealers import PlainDealer


@pytest.fixture
def harness():
    return make_harness(PlainDealer(script=[{0: [1, 2, 4, 4, 6], 1: [3, 3, 4, 5, 6]}] * 20))


@pytest.fixture
def duel(harness):
    """A table with two players connected, the game started: seat 0 opens."""
    table, host_token = harness.create_table("Anna")
    anna = harness.connect(table, host_token)
    ben, ben_token = harness.join(table, "Ben")
    assert anna.emit("start", {}, callback=True) == {"ok": True}
    return table, anna, ben, ben_token


def test_a_player_sees_only_their_own_dice_and_everyone_sees_the_bids(duel, harness):
    table, anna, ben, _ = duel
    anna.emit("bid", {"quantity": 3, "face": 4}, callback=True)
    watcher = harness.connect(table)
    anna_view, ben_view, watch_view = last_state(anna), last_state(ben), last_state(watcher)
    assert anna_view["game"]["dice"] == [1, 2, 4, 4, 6]
    assert ben_view["game"]["dice"] == [3, 3, 4, 5, 6]
    assert watch_view["game"]["dice"] == [] and watch_view["you"]["role"] == "spectator"
    for view in (anna_view, ben_view, watch_view):
        assert view["game"]["bids"] == [{"seat": 0, "quantity": 3, "face": 4}]
        assert view["game"]["turn"] == 1


def test_liar_reveals_every_cup_and_the_loser(duel):
    table, anna, ben, _ = duel
    anna.emit("bid", {"quantity": 5, "face": 4}, callback=True)
    assert ben.emit("liar", {}, callback=True) == {"ok": True}
    result = last_state(anna)["game"]["result"]
    assert result["count"] == 4 and result["loser"] == 0
    assert result["hands"] == {"0": [1, 2, 4, 4, 6], "1": [3, 3, 4, 5, 6]}
    assert last_state(ben)["game"]["dice_counts"] == {"0": 4, "1": 5}


def test_a_reconnecting_player_gets_the_same_seat_dice_and_bids(duel, harness):
    table, anna, ben, ben_token = duel
    anna.emit("bid", {"quantity": 2, "face": 3}, callback=True)
    ben.disconnect()
    again = harness.connect(table, ben_token)
    view = last_state(again)
    assert view["you"]["seat"] == 1
    assert view["game"]["dice"] == [3, 3, 4, 5, 6]
    assert view["game"]["bids"] == [{"seat": 0, "quantity": 2, "face": 3}]


@pytest.mark.parametrize("event, payload, code", [
    ("bid", {"quantity": "3", "face": 4}, "payload/malformed"),
    ("bid", {"quantity": 3}, "payload/malformed"),
    ("bid", [3, 4], "payload/malformed"),
    ("bid", {"quantity": 3, "face": 4, "extra": 1}, "payload/malformed"),
    ("bid", {"quantity": 3, "face": 1}, "bid/face"),
    ("bid", {"quantity": 11, "face": 4}, "bid/quantity"),
    ("liar", {}, "call/no_bid"),
    ("next_round", {}, "action/wrong_phase"),
    ("start", {}, "game/running"),
    ("join", {"name": "Twice"}, "seat/already_seated"),
])
def test_a_bad_event_is_refused_to_its_sender_only_and_changes_nothing(duel, event, payload, code):
    table, anna, ben, _ = duel
    before = last_state(anna)
    last_state(ben)
    ack = anna.emit(event, payload, callback=True)
    assert ack["ok"] is False and ack["code"] == code and ack["message"]
    assert errors(anna) == [code]
    assert ben.get_received() == []
    anna.emit("sync", {}, callback=True)
    assert last_state(anna) == before


def test_acting_out_of_turn_is_refused(duel):
    table, anna, ben, _ = duel
    ack = ben.emit("bid", {"quantity": 1, "face": 2}, callback=True)
    assert ack["code"] == "action/not_your_turn"


def test_a_bid_that_does_not_raise_is_refused_with_the_reason(duel):
    table, anna, ben, _ = duel
    anna.emit("bid", {"quantity": 3, "face": 5}, callback=True)
    ack = ben.emit("bid", {"quantity": 3, "face": 4}, callback=True)
    assert ack["code"] == "bid/not_higher" and "3 × 5" in ack["message"]


def test_a_spectator_cannot_play(duel, harness):
    table, *_ = duel
    watcher = harness.connect(table)
    assert watcher.emit("bid", {"quantity": 1, "face": 2}, callback=True)["code"] == "seat/none"


def test_an_unknown_table_refuses_the_connection(harness):
    client = harness.connect("no-such-table")
    assert not client.is_connected()


def test_a_malformed_auth_refuses_the_connection(harness):
    client = harness.socketio.test_client(harness.app, auth={"table": 42})
    assert not client.is_connected()


def test_a_stale_token_is_told_and_watches(harness):
    table, _ = harness.create_table()
    client = harness.connect(table, "not-a-token-of-this-table")
    received = client.get_received()
    assert [m["args"][0]["code"] for m in received if m["name"] == "error"] == ["auth/unknown_token"]
    assert [m["args"][0]["you"]["seat"] for m in received if m["name"] == "state"][-1] is None


@pytest.mark.parametrize("name, code", [
    ("x" * 25, "name/too_long"), ("   ", "name/empty"), ("", "name/empty"), ("bad\u0007bell", "name/invalid"), (7, "payload/malformed"),
])
def test_a_bad_name_is_refused(harness, name, code):
    table, _ = harness.create_table()
    client = harness.connect(table)
    assert client.emit("join", {"name": name}, callback=True)["code"] == code


def test_creating_a_table_with_a_bad_name_or_rules_is_refused(harness):
    http = harness.app.test_client()
    assert http.post("/api/tables", json={"name": ""}).get_json()["code"] == "name/empty"
    bad_rules = http.post("/api/tables", json={"name": "A", "rules": {"dice_per_player": 0}})
    assert bad_rules.status_code == 400 and bad_rules.get_json()["code"] == "settings/out_of_range"
    assert http.post("/api/tables", data="not json").status_code == 400


def test_a_full_table_refuses_another_player(harness):
    table, _ = harness.create_table(max_players=2)
    harness.join(table, "Ben")
    client = harness.connect(table)
    assert client.emit("join", {"name": "Cid"}, callback=True)["code"] == "table/full"


def test_only_the_host_starts_and_only_with_two_players(harness):
    table, host_token = harness.create_table()
    host = harness.connect(table, host_token)
    assert host.emit("start", {}, callback=True)["code"] == "start/too_few"
    ben, _ = harness.join(table, "Ben")
    assert ben.emit("start", {}, callback=True)["code"] == "start/not_host"


def test_a_flood_of_events_is_rate_limited_and_the_server_keeps_serving(duel):
    table, anna, ben, _ = duel
    codes = {anna.emit("sync", {}, callback=True).get("code") for _ in range(60)}
    assert "rate/limited" in codes
    assert ben.emit("sync", {}, callback=True) == {"ok": True}


def test_pages_forbid_referers_and_unknown_tables_are_404(harness):
    http = harness.app.test_client()
    home = http.get("/")
    assert home.status_code == 200 and home.headers["Referrer-Policy"] == "no-referrer"
    assert http.get("/t/nope").status_code == 404


def test_a_late_next_round_press_after_someone_else_pressed_is_answered_ok_and_changes_nothing(duel):
    table, anna, ben, _ = duel
    anna.emit("bid", {"quantity": 5, "face": 4}, callback=True)
    ben.emit("liar", {}, callback=True)
    seen = last_state(ben)["game"]
    assert anna.emit("next_round", {"game": seen["game"], "round": seen["round"]}, callback=True) == {"ok": True}
    version = last_state(anna)["version"]
    ben.get_received()
    assert ben.emit("next_round", {"game": seen["game"], "round": seen["round"]}, callback=True) == {"ok": True}
    assert ben.get_received() == [] and anna.get_received() == []
    anna.emit("sync", {}, callback=True)
    assert last_state(anna)["version"] == version


def test_every_state_carries_the_server_clock_for_countdowns(duel):
    table, anna, *_ = duel
    anna.emit("sync", {}, callback=True)
    assert last_state(anna)["server_now_ms"] > 0


@pytest.mark.parametrize("named", [{"game": 2, "round": 1}, {"game": 1, "round": 2}])
def test_a_next_round_press_naming_a_reveal_the_table_has_not_reached_is_stale_and_changes_nothing(duel, named):
    table, anna, ben, _ = duel
    anna.emit("bid", {"quantity": 5, "face": 4}, callback=True)
    ben.emit("liar", {}, callback=True)
    version = last_state(anna)["version"]
    ben.get_received()
    answer = anna.emit("next_round", named, callback=True)
    assert answer["ok"] is False and answer["code"] == "action/stale"
    assert [e["args"][0]["code"] for e in anna.get_received() if e["name"] == "error"] == ["action/stale"]
    assert ben.get_received() == []
    anna.emit("sync", {}, callback=True)
    state = last_state(anna)
    assert state["version"] == version and state["game"]["phase"] == "revealed" and state["game"]["round"] == 1
